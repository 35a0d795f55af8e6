// Othello on the page: a green 8×8 grid with black and white discs that
// turn over when they flip, and a few paragraphs for students. Its players, network runs and presets come
// from the engine.

import { GridBoard } from '../../boards/grid';
import type { GamePlugin } from '../plugin';
import { glossary, studies } from './study';

const BLACK = { light: '#5a5a5a', dark: '#111' };
const WHITE = { light: '#ffffff', dark: '#cfcfcf' };

export const othello: GamePlugin = {
  id: 'othello',
  studies,
  glossary,
  about: [
    'Black and White take turns placing a disc so that it encloses a straight line of the ' +
      'opponent’s discs, which then flip. A player who cannot flip anything must pass; the ' +
      'game ends when neither side can move, and the side with more discs wins.',
    'The computer opponents are the comparison strategies of the study. Random plays any ' +
      'legal move. MVB (maximum flips) grabs as many discs as it can right now. MSB ' +
      '(maximum stable) prefers moves that leave it the most stable discs — discs that can ' +
      'never be flipped again — and plays like MVB when none is on offer. Search looks ' +
      'ahead (alpha-beta) and scores positions with the Reversi study’s weighted squares — ' +
      'corners good, squares next to them bad — plus mobility, the number of moves left to ' +
      'each side; its level sets how far it looks, and near the end it counts the game out ' +
      'exactly.',
    'MVB looks strong but is easy to beat: many discs early mean many targets later. ' +
      'Stable discs, which start from the corners, are what counts at the end — this is ' +
      'what a learning agent has to discover from its own games. In the Train tab a small ' +
      'neural network learns Q(s, a), the value of each move, from its own games; play ' +
      'against it to see its values on the board. A genetic algorithm can instead tune the ' +
      'search player’s square weights by letting variants play each other and keeping the ' +
      'winners, generation after generation.',
  ],
  // The study's network after 100,000 games against MSB (public/ready/): it beats the fixed players most of the time.
  defaultPlayers: ['human', 'ready:msb-100000'],
  sideMarkers: [`radial-gradient(circle at 35% 30%, ${BLACK.light}, ${BLACK.dark})`, `radial-gradient(circle at 35% 30%, ${WHITE.light}, ${WHITE.dark})`],
  record: {
    name: 'Othello move string',
    help:
      'The squares played, one after the other: a column a–h and a row 1–8 each, Black first. ' +
      'Passes are left out (a side with no legal move passes by itself), as most Othello programs write games.',
    example: 'f5d6c3d3c4f4f6',
  },
  board: (info) =>
    new GridBoard(info, {
      name: 'Othello board',
      frame: '#173626',
      board: '#2e7a4b',
      line: 'rgba(0, 0, 0, 0.55)',
      label: '#bcd9c6',
      lastMove: '#e5483b',
      cursor: '#ffd54a',
      stars: [
        [2, 2],
        [2, 6],
        [6, 2],
        [6, 6],
      ],
      pieces: [BLACK, WHITE],
      markers: ['rgba(0, 0, 0, 0.38)', 'rgba(255, 255, 255, 0.55)'],
      // d3, a first move of Black.
      startCursor: 19,
      animateTurns: true,
    }),
};
