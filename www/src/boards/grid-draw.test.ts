import { describe, expect, it } from 'vitest';
import type { GameState } from '../core/protocol';
import { drawGrid, type GridScene } from './grid-draw';
import { GridGeometry } from './grid-layout';
import type { GridStyle } from './grid-style';

/** A call on the canvas: its name and arguments, with the fill or stroke style then. */
interface Call {
  op: string;
  args: number[];
  fill: unknown;
  stroke: unknown;
  font: unknown;
}

/** A 2D context that records what is drawn, for Node (no canvas); text `perChar` px wide a character. */
function recorder(perChar = 6): { ctx: CanvasRenderingContext2D; calls: Call[] } {
  const calls: Call[] = [];
  const props: Record<string, unknown> = {};
  const ctx = new Proxy(props, {
    get(target, key: string) {
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        calls.push({ op: key, args: args.filter((a): a is number => typeof a === 'number'), fill: target.fillStyle, stroke: target.strokeStyle, font: target.font });
        if (key === 'createRadialGradient') return { addColorStop() {} };
        if (key === 'measureText') return { width: String(args[0]).length * perChar };
        return undefined;
      };
    },
    set(target, key: string, value) {
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

const STYLE: GridStyle = {
  name: 'Test board',
  frame: 'frame',
  board: 'board',
  line: 'line',
  label: 'label',
  lastMove: 'last',
  cursor: 'cursor',
  stars: [[1, 1]],
  pieces: [
    { light: '#555', dark: 'black' },
    { light: '#fff', dark: 'white' },
  ],
  markers: ['marker0', 'marker1'],
  startCursor: 0,
};

function state(cells: number[], extra: Partial<GameState> = {}): GameState {
  return {
    game: 'test', title: 'Test', sides: ['Black', 'White'], rows: 3, cols: 3, cells, toMove: 0, legal: [],
    lastMove: null, changed: [], counts: null, notice: null, status: null, outcome: null, history: [], cursor: 0, position: '',
    ...extra,
  };
}

function scene(s: GameState | null, extra: Partial<GridScene> = {}): GridScene {
  return { state: s, legal: new Set(), interactive: false, hover: null, heat: null, preview: null, turning: new Map(), drawTurning: true, cursor: null, pending: null, ...extra };
}

/** The segments stroked as lines of the grid (moveTo then lineTo, in the line colour). */
function lines(calls: Call[]): number[][] {
  const out: number[][] = [];
  calls.forEach((c, i) => {
    const next = calls[i + 1];
    if (c.op === 'moveTo' && next?.op === 'lineTo' && next.stroke === 'line') out.push([...c.args, ...next.args]);
  });
  return out;
}

/** The centres of the discs of a colour (a piece is a filled arc in its gradient, after its shadow). */
function arcsFilled(calls: Call[], fill: unknown): number[][] {
  const out: number[][] = [];
  calls.forEach((c, i) => {
    if (c.op !== 'arc') return;
    const filled = calls.slice(i + 1).find((d) => d.op === 'fill' || d.op === 'stroke' || d.op === 'beginPath');
    if (filled?.op === 'fill' && filled.fill === fill) out.push(c.args.slice(0, 2));
  });
  return out;
}

// 3 × 3 on 330 px: margin round(18.15) = 18, frame round(7.26) = 7, cells (330 − 25) / 3.
const SIZE = 330;
const M = 18;
const C = (330 - 25) / 3;

describe('drawGrid on a board of cells', () => {
  it('draws the lines round the cells and the pieces at the cells’ centres', () => {
    const { ctx, calls } = recorder();
    drawGrid(ctx, SIZE, new GridGeometry(3, 3), STYLE, scene(state([1, 0, 0, 0, 2, 0, 0, 0, 0])));
    const ls = lines(calls);
    expect(ls).toHaveLength(8);
    expect(ls[0]).toEqual([M, M, M, M + 3 * C]);
    // The pieces: gradient discs whose shadow is drawn first; the discs follow their gradient.
    const radial = calls.filter((c) => c.op === 'createRadialGradient');
    expect(radial.map((c) => [c.args[3], c.args[4]])).toEqual([
      [M + C / 2, M + C / 2],
      [M + 1.5 * C, M + 1.5 * C],
    ]);
  });
});

describe('drawGrid on a board of intersections', () => {
  const geom = new GridGeometry(3, 3, 'intersections');
  it('draws one line per row and column, through the intersections, from the first to the last', () => {
    const { ctx, calls } = recorder();
    drawGrid(ctx, SIZE, geom, STYLE, scene(null));
    const ls = lines(calls);
    expect(ls).toHaveLength(6);
    const first = M + C / 2;
    const last = M + 2.5 * C;
    expect(ls[0]).toEqual([first, first, first, last]);
    expect(ls[2]).toEqual([last, first, last, last]);
    expect(ls[3]).toEqual([first, first, last, first]);
  });
  it('puts the stars and the stones on the intersections', () => {
    const { ctx, calls } = recorder();
    drawGrid(ctx, SIZE, geom, STYLE, scene(state([0, 0, 0, 0, 1, 0, 0, 0, 2])));
    // The star [1, 1] is the middle intersection.
    expect(arcsFilled(calls, 'line')).toEqual([[M + 1.5 * C, M + 1.5 * C]]);
    const stones = calls.filter((c) => c.op === 'createRadialGradient').map((c) => [c.args[3], c.args[4]]);
    expect(stones).toEqual([
      [M + 1.5 * C, M + 1.5 * C],
      [M + 2.5 * C, M + 2.5 * C],
    ]);
  });
  it('marks the legal moves, the last move and the cursor round their intersections', () => {
    const { ctx, calls } = recorder();
    const a1 = { text: 'a1', side: 1 as const, cell: 0 };
    const s = state([2, 0, 0, 0, 0, 0, 0, 0, 0], { lastMove: a1, history: [a1], cursor: 1 });
    drawGrid(ctx, SIZE, geom, STYLE, scene(s, { interactive: true, legal: new Set([2, 7]), cursor: 7 }));
    expect(arcsFilled(calls, 'marker0')).toEqual([
      [M + 2.5 * C, M + 0.5 * C],
      [M + 1.5 * C, M + 2.5 * C],
    ]);
    const ring = calls.find((c) => c.op === 'arc' && c.stroke === 'last');
    expect(ring?.args.slice(0, 2)).toEqual([M + C / 2, M + C / 2]);
    // The cursor's square is centred on b3.
    const rect = calls.find((c) => c.op === 'strokeRect')!;
    expect(rect.args[0] + rect.args[2] / 2).toBeCloseTo(M + 1.5 * C);
    expect(rect.args[1] + rect.args[3] / 2).toBeCloseTo(M + 2.5 * C);
  });
  it('draws a heat map as discs round the intersections, keeping the lines visible', () => {
    const { ctx, calls } = recorder();
    const heat = { values: new Map([[4, 0.5]]), min: 0, max: 1, units: 'test', fixed: true };
    drawGrid(ctx, SIZE, geom, STYLE, scene(state(new Array<number>(9).fill(0)), { heat }));
    expect(calls.some((c) => c.op === 'fillRect' && c.args[0] > M)).toBe(false);
    expect(arcsFilled(calls, '#ecd68a')).toEqual([[M + 1.5 * C, M + 1.5 * C]]);
    // Its number on it (the other texts are the coordinates round the board).
    expect(calls.filter((c) => c.op === 'fillText').map((c) => c.args)).toContainEqual([M + 1.5 * C, M + 1.5 * C]);
  });
  it('leaves out all the numbers of a heat map when one of them would not fit its cell even a little smaller, keeping the colours', () => {
    // "0.50" is twice as wide as a cell, "+1" is not: neither is drawn.
    const { ctx, calls } = recorder(C / 2);
    const heat = { values: new Map([[4, 0.5], [5, 1]]), min: 0, max: 1, units: 'test', fixed: true };
    drawGrid(ctx, SIZE, geom, STYLE, scene(state(new Array<number>(9).fill(0)), { heat }));
    const texts = calls.filter((c) => c.op === 'fillText').map((c) => c.args);
    expect(texts).not.toContainEqual([M + 1.5 * C, M + 1.5 * C]);
    expect(texts).not.toContainEqual([M + 2.5 * C, M + 1.5 * C]);
    expect(arcsFilled(calls, '#ecd68a')).toEqual([[M + 1.5 * C, M + 1.5 * C]]);
  });
  it('writes the best move’s number small enough to fit inside its ring', () => {
    // On squares, "+0.50" and "+1.00" are 0.8 of a cell wide at the usual size: inside the ring (on +1.00) it is written smaller.
    const { ctx, calls } = recorder((0.8 * C) / 5);
    const heat = { values: new Map([[4, 0.5], [5, 1]]), min: 0, max: 1, units: 'test', fixed: true, best: new Set([5]) };
    drawGrid(ctx, SIZE, new GridGeometry(3, 3), STYLE, scene(state(new Array<number>(9).fill(0)), { heat }));
    const texts = calls.filter((c) => c.op === 'fillText' && c.args[0] > M && c.args[1] === M + 1.5 * C);
    expect(texts.map((c) => c.args[0])).toEqual([M + 1.5 * C, M + 2.5 * C]);
    const px = texts.map((c) => Number(/(\d+(\.\d+)?)px/.exec(String(c.font))![1]));
    const usual = C * 0.26;
    const room = C - 10 - Math.max(5, C * 0.11);
    expect(px[0]).toBe(usual);
    expect(px[1]).toBeCloseTo((usual * room) / (0.8 * C));
    expect(px[1]).toBeLessThan(usual);
    // Without a ring they keep the usual size.
    const plain = recorder((0.8 * C) / 5);
    drawGrid(plain.ctx, SIZE, new GridGeometry(3, 3), STYLE, scene(state(new Array<number>(9).fill(0)), { heat: { ...heat, best: new Set<number>() } }));
    const plainPx = plain.calls.filter((c) => c.op === 'fillText' && c.args[0] > M && c.args[1] === M + 1.5 * C).map((c) => Number(/(\d+(\.\d+)?)px/.exec(String(c.font))![1]));
    expect(plainPx).toEqual([usual, usual]);
  });
  it('marks both stones of the last turn, and the first stone of a turn in progress in its own colour', () => {
    const move = (cell: number, side: 0 | 1) => ({ text: String(cell), side, cell });
    // Black a1; White b1 and c1; Black a2, the first of its pair.
    const history = [move(0, 0), move(1, 1), move(2, 1), move(3, 0)];
    const s = state([1, 2, 2, 1, 0, 0, 0, 0, 0], { lastMove: history[3], history, cursor: 4, toMove: 0 });
    const { ctx, calls } = recorder();
    drawGrid(ctx, SIZE, geom, { ...STYLE, thisTurn: 'turn' }, scene(s));
    expect(arcsFilled(calls, 'last')).toEqual([
      [M + 1.5 * C, M + 0.5 * C],
      [M + 2.5 * C, M + 0.5 * C],
    ]);
    expect(arcsFilled(calls, 'turn')).toEqual([[M + 0.5 * C, M + 1.5 * C]]);
    expect(calls.some((c) => c.op === 'setLineDash')).toBe(true);
    // Black a1, its opening stone, is no longer marked.
    expect(arcsFilled(calls, 'last')).not.toContainEqual([M + 0.5 * C, M + 0.5 * C]);
  });
  it('draws a stone waiting for a second tap in a wide ring round its intersection', () => {
    const s = state(new Array<number>(9).fill(0));
    const { ctx, calls } = recorder();
    drawGrid(ctx, SIZE, geom, STYLE, scene(s, { interactive: true, legal: new Set([4]), pending: 4 }));
    const ring = calls.filter((c) => c.op === 'arc' && c.args[2] >= 0.75 * C - 1e-9);
    expect(ring.map((c) => c.args.slice(0, 2))).toEqual([[M + 1.5 * C, M + 1.5 * C]]);
    // The half-tone stone of the side to move.
    const stones = calls.filter((c) => c.op === 'createRadialGradient').map((c) => [c.args[3], c.args[4]]);
    expect(stones).toEqual([[M + 1.5 * C, M + 1.5 * C]]);
  });
});
