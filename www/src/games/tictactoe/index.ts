// Tic-tac-toe on the page: a 3×3 paper grid; X's crosses red, O's rings blue. Its
// players (random, perfect, learned value tables), its run and presets come
// from the engine; this file holds only the look and the words for students.

import { GridBoard } from '../../boards/grid';
import type { GamePlugin } from '../plugin';
import { studies } from './study';

const X = { light: '#ef9a9a', dark: '#c62828' };
const O = { light: '#90caf9', dark: '#1565c0' };

/** A side's marker beside its name: a small drawing as a CSS background. */
function mark(svg: string): string {
  const data = encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>${svg}</svg>`);
  return `url("data:image/svg+xml,${data}") center / contain no-repeat`;
}

/** A move as sentences name it. */
const moveWords = (move: string): string => `square ${move}`;

export const tictactoe: GamePlugin = {
  id: 'tictactoe',
  studies,
  about: [
    'X and O take turns marking a free square of a 3×3 grid, X first. Three marks of one side ' +
      'in a row — across, down or diagonally — win; a full grid without one is a draw. With ' +
      'perfect play on both sides every game is a draw.',
    'The perfect player knows the result of every one of the game’s 5,478 positions, worked ' +
      'out by trying every continuation; it never loses.',
    'In the Train tab an agent learns as in the first chapter of Sutton and Barto’s ' +
      'textbook on reinforcement learning: it keeps one number for every position it can ' +
      'move to, its chance of winning from there, and after each move nudges the number of ' +
      'its previous position toward that of the new one. Playing itself, it stops losing to ' +
      'the perfect player within seconds. Play against what it learned, and watch its numbers ' +
      'on the board with the heat map.',
  ],
  // The value table after 10,000 games of self-play (public/ready/).
  defaultPlayers: ['human', 'ready:values-10000'],
  sideMarkers: [mark(`<path d='M3 3L13 13M13 3L3 13' stroke='${X.dark}' stroke-width='3' stroke-linecap='round'/>`), mark(`<circle cx='8' cy='8' r='5.5' fill='none' stroke='${O.dark}' stroke-width='2.6'/>`)],
  moveWords,
  record: {
    name: 'Tic-tac-toe squares',
    help: 'The squares played, one digit each from 1 (top left) to 9 (bottom right) in reading order, X first.',
    example: '5193',
  },
  board: (info) =>
    new GridBoard(info, {
      moveWords,
      name: 'Tic-tac-toe board',
      frame: '#5d4037',
      board: '#fdf6e3',
      line: '#5d4037',
      label: '#5d4037',
      lastMove: '#2e7d32',
      cursor: '#f9a825',
      stars: [],
      pieces: [X, O],
      shapes: ['cross', 'ring'],
      markers: ['rgba(198, 40, 40, 0.5)', 'rgba(21, 101, 192, 0.5)'],
      // The centre square.
      startCursor: 4,
      // Squares are named 1 to 9 in reading order, not by coordinates.
      columnLabels: false,
      rowLabels: false,
      cellLabels: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    }),
};
