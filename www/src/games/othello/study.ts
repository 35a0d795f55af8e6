// The studies behind Othello's page, for the "About the studies" view: what
// each did and found, what the playground reproduces and adds (the figures
// are the README's, with the commands that measure them), and the game's own
// words for the glossary. The project does not record these studies' titles,
// authors, years or institutions, so none are given.

import type { GlossaryTerm, Study } from '../plugin';

export const studies: Study[] = [
  {
    name: 'The Othello study',
    did:
      'Taught a small neural network to play Othello by Q-learning from its own games, by self-play and against a fixed ' +
      'strategy, in 16 configurations: two ways of showing it the board (QL1 and QL2), 40 or 64 hidden units and two ' +
      'squashing functions. It measured the agents against three fixed strategies: Random, MVB (most flips now) and MSB ' +
      '(most stable discs). While learning, the agent chose its moves by a softmax whose β grows with the games played ' +
      '(β = i/C, the β constant C = 3,000,000 for self-play).',
    found:
      'Untrained networks win about 44% of their games against Random, 32% against MVB and 5% against MSB (its Table ' +
      '4.1); MSB beats the other fixed strategies nearly always, and MVB wins about two thirds against Random. After ' +
      'about 10 million games of self-play the network won 75–80% against MSB.',
    reproduces:
      'The three fixed strategies and their order (MSB wins 92.0% against MVB and 93.0% against Random; MVB 59.9% ' +
      'against Random), and all 16 configurations as presets of the Train tab. Trained against MSB, the QL1 network ' +
      'with 64 hidden units wins 81–85% against MSB after 3 million games. With the study’s own C, self-play does not ' +
      'reach its figure: 42–43% against MSB after 10 million games, because β stays so small that the agent learns ' +
      'against an almost random opponent.',
    adds:
      'A faster-growing β (C = 100,000) reaches the study’s figure, 76.9 / 77.8% against MSB after 10 million ' +
      'self-play games (the preset under “Beyond the study”); the network’s values on the board as a heat map; live ' +
      'learning curves with their 95% range; a search player with an exact endgame; training and playing in the browser.',
  },
  {
    name: 'The Reversi study',
    did:
      'Scored positions with weighted squares — corners good (a = 60), squares next to them bad (b = −30, c = −40), ' +
      'other edges d = 25, squares next to the edge e = −25, the centre f = 1 — plus mobility (v = 5), for a player that ' +
      'searches ahead, and tuned the weights with a genetic algorithm: variants play each other, the best are kept, ' +
      'generation after generation.',
    found:
      'After 20 and 50 generations the tuned weights kept the hand-set ones’ signs (corners 52.66 and 53.15, for ' +
      'example).',
    reproduces:
      'The search player with the study’s weights (Search in the player lists, levels 1–10) and the genetic algorithm ' +
      '(Train tab, and `selfplay othello ga`). Our tuned signs agree with the study’s everywhere but the tiny centre weight.',
    adds:
      'What the study could only feel, measured: the 50-generation set beats the hand-set one in 67.2% of 400 games at ' +
      'depth 2, and the tuned weights are worth about a ply of search at depths 1–3; the search player’s strength against ' +
      'every fixed strategy and the best learned network, level by level.',
  },
];

export const glossary: GlossaryTerm[] = [
  {
    words: ['QL1', 'QL2'],
    meaning:
      'How the network sees the board. QL1: 64 inputs from the view of the side to move (+1 its disc, −1 the ' +
      'opponent’s, 0 empty). QL2: 129 inputs — a black and a white input for every square, and one for the side to move.',
  },
  {
    words: ['β constant C', 'constant C'],
    meaning:
      'While learning, moves are drawn by a softmax whose β grows with the games played: β = i/C after i games. A ' +
      'smaller C makes the agent choose its best moves sooner.',
  },
  {
    words: ['arctan', 'sigmoid'],
    meaning:
      'The activation: the function that turns the sum of a hidden unit’s inputs into its output, bounded and smooth. The sigmoid goes from 0 to 1, arctan from −π/2 to π/2; the study tried both.',
  },
  {
    words: ['MSB'],
    meaning: 'Maximum stable: plays the move that leaves it the most discs that can never be flipped again.',
  },
  {
    words: ['MVB'],
    meaning: 'Maximum flips: plays the move that turns over the most discs right now.',
  },
];
