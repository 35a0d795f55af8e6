// The studies behind the game's page (study.json: their facts, texts and
// the figures the texts quote, with the commands that measure them), and
// the game's own words for the glossary.

import type { GlossaryTerm } from '../plugin';
import { studiesOf } from '../study-data';
import data from './study.json';

export const studies = studiesOf(data);

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
