// The games of the playground: names, whether they can be played yet, and a
// short text for students.

import type { GameId } from './protocol';

export interface GameInfo {
  id: GameId;
  title: string;
  /** The two sides, first mover first. */
  sides: [string, string];
  /** Whether the engine plays it yet; the others are listed as coming. */
  built: boolean;
  /** One line for the landing page. */
  blurb: string;
  /** A few paragraphs for students: the game and what an agent must learn. */
  about: string[];
  /** What each fixed player does, by its engine name. */
  players: Record<string, { label: string; description: string }>;
}

export const GAMES: GameInfo[] = [
  {
    id: 'othello',
    title: 'Othello',
    sides: ['Black', 'White'],
    built: true,
    blurb: 'Flip discs on an 8×8 board; play the fixed strategies of the Othello study.',
    about: [
      'Black and White take turns placing a disc so that it encloses a straight line of the ' +
        'opponent’s discs, which then flip. A player who cannot flip anything must pass; the ' +
        'game ends when neither side can move, and the side with more discs wins.',
      'The computer opponents are the comparison strategies of the study. Random plays any ' +
        'legal move. MVB (maximum flips) grabs as many discs as it can right now. MSB ' +
        '(maximum stable) prefers moves that leave it the most stable discs — discs that can ' +
        'never be flipped again — and plays like MVB when none is on offer.',
      'MVB looks strong but is easy to beat: many discs early mean many targets later. ' +
        'Stable discs, which start from the corners, are what counts at the end — this is ' +
        'what a learning agent has to discover from its own games.',
    ],
    players: {
      random: { label: 'Random', description: 'any legal move' },
      mvb: { label: 'MVB', description: 'most flips' },
      msb: { label: 'MSB', description: 'most stable discs' },
    },
  },
  {
    id: 'connect4',
    title: 'Connect Four',
    sides: ['Red', 'Yellow'],
    built: false,
    blurb: 'Drop discs into seven columns; four in a row wins.',
    about: [],
    players: {},
  },
  {
    id: 'hare_hounds',
    title: 'Hare and Hounds',
    sides: ['Hounds', 'Hare'],
    built: true,
    blurb: 'Three hounds try to trap a hare on an 11-point board; Q-learning hounds and the exact solution.',
    about: [
      'The French Military Game. Three hounds start on the left, the hare on the right. A hound ' +
        'steps along a line to an empty point, rightwards, diagonally or straight up or down, never ' +
        'back to the left; the hare steps along any line. The hounds move first. They win when the ' +
        'hare cannot move; the hare wins when it gets past every hound (it stands left of all of ' +
        'them) or when the hounds make ten vertical moves in a row (stalling).',
      'The game is small enough to solve exactly: with perfect play the hounds win in 23 plies ' +
        'whatever the hare does. The Perfect player plays from that solution, for either side. ' +
        'Simple is the study’s fixed hare: it always steps to the free neighbouring point furthest ' +
        'to its right (top row first, then the most forward point). Random plays any legal move.',
      'The hounds of the study learn by tabular Q-learning: a table holds a value for every ' +
        'position (where the hounds are, where the hare is, the stalling count) and every hound ' +
        'step, and each game nudges the values of the moves played towards what followed. The ' +
        'Experiments tab reruns the study: how the learning rate α, the discount γ and the ' +
        'exploration ε change the learning, and how fast the hounds master the simple hare. Save ' +
        'the learned hounds, load them under Hints, and compare their Q-values with the perfect ' +
        'moves: a hound pack that beats the random hare can still be far from perfect.',
    ],
    players: {
      random: { label: 'Random', description: 'any legal move' },
      simple: { label: 'Simple', description: 'the study’s fixed hare (hare only)' },
      perfect: { label: 'Perfect', description: 'from the exact solution' },
      learned: { label: 'Learned', description: 'the model loaded under Hints' },
    },
  },
  {
    id: 'connect6',
    title: 'Connect6',
    sides: ['Black', 'White'],
    built: false,
    blurb: 'Two stones a turn on a 19×19 board; six in a row wins.',
    about: [],
    players: {},
  },
];

export function gameInfo(id: string): GameInfo | undefined {
  return GAMES.find((g) => g.id === id);
}
