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
    'Engine is a search player that thinks a whole turn, both stones, at a time. It makes ' +
      'six when it can and blocks when it must. Then it looks for a forced win: a series of ' +
      'turns, each making threats, that the opponent cannot stop; and it asks whether the ' +
      'opponent has one, and if so keeps to the stones that could stop it. Otherwise it looks ' +
      'several turns ahead among the most promising pairs of stones and scores the positions ' +
      'it reaches by the six-point lines each side could still fill. Last it checks that its ' +
      'turn leaves the opponent no forced win, and changes it if another turn does.',
    'Its level sets how long it thinks: about three times longer at each level. Measured ' +
      'against Cloudict, the program that won Connect6 at the 2011 Computer Olympiad, on a ' +
      'busy machine: level 1 answers at once and wins 19 games in 20 against Cloudict looking ' +
      'one move ahead; level 2 (well under a second a turn) wins 17 in 20 against Cloudict ' +
      'looking two moves ahead; level 3, the default (one to two seconds a turn), wins about 9 in ' +
      '10 against that, and 48 games in 80 against Cloudict looking four moves ahead, ' +
      'which takes twice as long a turn. Levels 4 to 6 think about 3, 10 and 30 times as ' +
      'long as level 3.',
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
