// Connect Four on the page: a blue 7×6 rack with red and yellow discs; a
// click anywhere in a column drops a disc there. Its players (random, the
// study's leftmost-column player, the perfect solver with a strength
// setting, learned Q-tables), its Q-learning runs and presets come from the
// engine.

import { GridBoard } from '../../boards/grid';
import type { GamePlugin } from '../plugin';
import { glossary, studies } from './study';

const ordinal = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');

/** An exact score in words, as the engine's `score_text` writes it: the winner's disc that makes four, counting all its discs. */
export function scoreWords(score: number): string {
  const n = 22 - Math.abs(score);
  if (score > 0) return `wins with its ${n}${ordinal(n)} disc`;
  if (score < 0) return `loses to the opponent's ${n}${ordinal(n)} disc`;
  return 'draws';
}

const RED = { light: '#ff7b6b', dark: '#c62828' };
const YELLOW = { light: '#fff59d', dark: '#f9a825' };

/** A move as sentences name it. */
const moveWords = (move: string): string => `column ${move}`;

export const connect4: GamePlugin = {
  id: 'connect4',
  shortTitle: 'Connect 4',
  studies,
  glossary,
  scoreWords,
  about: [
    'Red and Yellow take turns dropping a disc into one of the seven columns; it falls to ' +
      'the lowest free cell. Four discs of one colour in a row — across, up or diagonally — ' +
      'win. A full board is a draw.',
    'The computer players are those of the study: Random drops into any column that is not ' +
      'full; Leftmost column always takes the leftmost column that is not full. The perfect ' +
      'player knows the exact value of every move (who wins, and how fast) from a solver; ' +
      'its strength setting makes it choose among moves by their values with some ' +
      'randomness, so that it can be beaten.',
    'In the Train tab an agent learns a table of move values Q(s, a) from its own games ' +
      '(tabular Q-learning), as in the study: against the leftmost-column player it learns ' +
      'to survive, against the random player to win. Connect Four has about 4.5·10¹² ' +
      'positions, so the table keeps only the positions it has met, in a hash table.',
    'The study proposed, without trying it, to blend the table with a short search: a ' +
      'learned table can look a few moves ahead when it plays (its setting under the player ' +
      'lists). One move ahead it sees its own wins in one; two moves ahead it also sees the ' +
      'opponent’s and blocks them, which is most of what a table learned against the random ' +
      'player lacks.',
  ],
  // The study's second method's table after 100,000 games (public/ready/); it plays first, so the visitor plays Yellow.
  defaultPlayers: ['ready:win-100000', 'human'],
  sideMarkers: [`radial-gradient(circle at 35% 30%, ${RED.light}, ${RED.dark})`, `radial-gradient(circle at 35% 30%, ${YELLOW.light}, ${YELLOW.dark})`],
  moveWords,
  record: {
    name: 'Connect Four move string',
    help: 'The columns played, one digit each from 1 (left) to 7 (right), Red first.',
    example: '4453',
  },
  board: (info) =>
    new GridBoard(info, {
      moveWords,
      name: 'Connect Four board',
      frame: '#0d2a66',
      board: '#1e4fb8',
      line: 'rgba(0, 0, 0, 0.35)',
      label: '#cfe0ff',
      lastMove: '#ffffff',
      cursor: '#ffd54a',
      stars: [],
      pieces: [RED, YELLOW],
      markers: ['rgba(255, 90, 70, 0.6)', 'rgba(255, 235, 100, 0.7)'],
      // The bottom of the middle column, the usual first move.
      startCursor: 38,
      dropInColumns: true,
      columnLabels: ['1', '2', '3', '4', '5', '6', '7'],
      rowLabels: false,
      // Seen from the other side, a standing rack shows its columns mirrored.
      flip: 'mirror',
    }),
};
