// Connect6 on the page: a 19×19 Go board, black and white stones on the
// intersections, star points, columns A–S and rows 1–19 from the top as the
// engine's notation names them. A turn is two stones: the side to move stays
// the same between them, as the engine says. Its players (near-random,
// greedy, the search engine) come from the engine; this file holds only the look and the words
// for students.

import { GridBoard } from '../../boards/grid';
import type { GamePlugin } from '../plugin';
import { recordsHooks } from './records';
import { studies } from './study';
import { ThreatsPanel } from './threats';

const BLACK = { light: '#5a5a5a', dark: '#111' };
const WHITE = { light: '#ffffff', dark: '#c8c8c8' };

/** The nine star points of a 19×19 Go board, [row, column]. */
const STARS: Array<[number, number]> = [3, 9, 15].flatMap((r) => [3, 9, 15].map((c): [number, number] => [r, c]));

export const connect6: GamePlugin = {
  id: 'connect6',
  studies,
  glossary: [
    {
      words: ['threat-space search', 'threat search'],
      meaning:
        'A search that looks only at threats — stones that force the opponent to answer at once — to find a win the opponent cannot stop, far deeper than a search of every move could.',
    },
  ],
  about: [
    'Black and White place stones on the intersections of a 19×19 board. Black opens with ' +
      'one stone; from then on each side places two stones a turn. Six or more stones of ' +
      'one colour in a row — across, down or diagonally — win at once, even when the first ' +
      'stone of a pair makes them. There are no forbidden moves; a full board is a draw. ' +
      'Because every turn adds two stones and Black’s first turn only one, neither side ' +
      'starts ahead, which is the point of the game (I-Chen Wu, 2005).',
    'A side has a threat for each stone its opponent needs to stop it winning with its next ' +
      'two stones: four of a colour in a run of six free points is a threat, and an open four ' +
      'or five are two. Whoever has a threat at its turn wins; whoever faces three or more ' +
      'loses; facing two, both stones go to blocking.',
    'Random places a stone on any free point within two rows and columns of a stone. Greedy ' +
      'looks one stone ahead: it wins when it can, blocks when it must, and otherwise places ' +
      'the stone that most improves a hand-set score of the six-point lines each side could ' +
      'still fill.',
    'Engine is a search player. First it looks for a forced win: a series of turns, each ' +
      'making two threats (or, from level 4, at least one), that the opponent cannot stop; ' +
      'if it finds one it plays it out. Otherwise it looks a few stones ahead among the most ' +
      'promising points and scores the positions it reaches by counting the lines each side ' +
      'could still fill. Last, from level 2, it checks that its stones do not leave the ' +
      'opponent such a forced win by two threats a turn, and changes them if they do and ' +
      'it finds better ones. Its level sets how far it looks (1: one stone, like Greedy; 6: six).',
  ],
  // The study's learner after 30,000 games: it wins and blocks by the threat search and
  // builds lines by its learned weights, stronger than Greedy and answering at once.
  defaultPlayers: ['human', 'ready:td-30000'],
  sideMarkers: [`radial-gradient(circle at 35% 30%, ${BLACK.light}, ${BLACK.dark})`, `radial-gradient(circle at 35% 30%, ${WHITE.light}, ${WHITE.dark})`],
  record: {
    name: 'Connect6 stones',
    help:
      'The stones in the order placed: a column A–S and a row 1–19 from the top each (J10 is ' +
      'the centre), Black’s single first stone, then two a turn; turns separated by ";".',
    example: 'J10; K11 K9; H10 L10',
  },
  board: (info) =>
    new GridBoard(info, {
      name: 'Connect6 board',
      frame: '#8a6a2f',
      board: '#dcb35c',
      line: 'rgba(40, 28, 10, 0.8)',
      label: '#3e2a0c',
      // The last turn's stones ringed in orange; the first stone of a pair, placed
      // but the turn not finished, in blue until the second is placed.
      lastMove: '#d84315',
      thisTurn: '#1e88e5',
      cursor: '#1565c0',
      stars: STARS,
      pieces: [BLACK, WHITE],
      // Every free point is legal: no markers, a half-tone stone under the pointer.
      markers: ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'],
      placement: 'intersections',
      // The centre, J10.
      startCursor: 180,
      columnLabels: 'ABCDEFGHIJKLMNOPQRS'.split(''),
    }),
  playSections: (ctx) => [new ThreatsPanel(ctx)],
  runHooks: () => recordsHooks(),
};
