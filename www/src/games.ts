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
    built: false,
    blurb: 'Three hounds try to trap a hare on a small board.',
    about: [],
    players: {},
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
