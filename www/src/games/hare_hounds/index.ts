// Hare and Hounds on the page: the 11-point board, text for students, the
// hints under the Play controls (the exact solution beside a model's
// Q-values) and experiment 4's state–action pairs picked on the board. Its
// players, runs and the study's experiments come from the engine.

import { GraphBoard, type GraphLayout } from '../../boards/graph';
import type { GamePlugin } from '../plugin';
import { studies } from './study';
import { HintsPanel } from './hints';
import { probeHooks } from './probes';

/** The points in the engine's cell order, at their column and row. */
const POINTS: Array<[string, number, number]> = [
  ['a', 1, 0],
  ['b', 2, 0],
  ['c', 3, 0],
  ['L', 0, 1],
  ['d', 1, 1],
  ['e', 2, 1],
  ['f', 3, 1],
  ['R', 4, 1],
  ['g', 1, 2],
  ['h', 2, 2],
  ['i', 3, 2],
];

const LINES = [
  'a-b', 'b-c', 'L-d', 'd-e', 'e-f', 'f-R', 'g-h', 'h-i',
  'a-d', 'd-g', 'b-e', 'e-h', 'c-f', 'f-i',
  'L-a', 'L-g', 'R-c', 'R-i',
  'a-e', 'e-i', 'g-e', 'e-c',
];

const HOUND = { fill: '#6b4226', stroke: '#2e1b0e' };
const HARE = { fill: '#f2efe6', stroke: '#1d2621' };

const index = (name: string) => POINTS.findIndex(([n]) => n === name);

const LAYOUT: GraphLayout = {
  name: 'Hare and Hounds board',
  width: 100,
  height: 60,
  points: POINTS.map(([name, col, row]) => ({ name, x: 12 + col * 19, y: 10 + row * 20 })),
  lines: LINES.map((l) => l.split('-').map(index) as [number, number]),
  pieces: [
    { name: 'hound', words: 'a hound', glyph: 'H', ...HOUND, text: '#fff' },
    { name: 'hare', words: 'the hare', glyph: '★', ...HARE, text: HARE.stroke },
  ],
};

export const hareHounds: GamePlugin = {
  id: 'hare_hounds',
  shortTitle: 'Hare & Hounds',
  studies,
  about: [
    'The French Military Game. Three hounds (H) start on the left, the hare (★) on the right. A hound ' +
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
      'Train tab reruns the study’s experiments: how the learning rate α, the discount γ and the ' +
      'exploration ε change the learning, and how fast the hounds master the simple hare. Saved ' +
      'hounds play from the model library; choose them under Hints to compare their Q-values ' +
      'with the perfect moves: a hound pack that beats the random hare can still be far from perfect.',
  ],
  // The learned hounds after 10,000 games against the study's hare (public/ready/); the visitor plays the hare.
  defaultPlayers: ['ready:hounds-10000', 'human'],
  sideMarkers: [HOUND.fill, HARE.fill],
  record: {
    name: 'Hare and Hounds moves',
    help:
      'The moves one after the other, separated by spaces, the hounds first: each a point it leaves, a dash and the point ' +
      'it goes to (points a–i, L and R, as on the board), like L-d for a hound or R-c for the hare.',
    example: 'a-e R-c L-d c-b',
  },
  board: (info) => new GraphBoard(LAYOUT, info.id),
  playSections: (ctx) => [new HintsPanel(ctx)],
  runHooks: (ctx) => probeHooks(ctx),
};
