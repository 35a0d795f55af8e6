// Drawing a grid board on a canvas: the frame, coordinates, lines and star
// points, the pieces (in the cells or on the intersections), the last turn
// (a ring round each of its pieces) and the stones of a turn in progress (a
// dashed ring and a dot in another colour), a heat map of values, a previewed
// move (the pieces it changes, half-tone in a dashed ring), the legal-move
// markers, a stone waiting for a second tap (half-tone in a wide solid ring,
// with lines along its row and column) and the keyboard cursor. Pure drawing:
// what to draw comes in a `GridScene`.

import type { GameState } from '../core/protocol';
import { cellValues, heatColour, inkOn, type Heat } from './board';
import { LETTERS, type GridGeometry, type GridLayout } from './grid-layout';
import { turnStones } from './grid-marks';
import type { GridStyle } from './grid-style';

/** A piece turning over: the side it shows now, and how wide it is (1 flat, near 0 on its edge). */
export interface TurningPiece {
  side: 0 | 1;
  width: number;
}

/** What a board shows. */
export interface GridScene {
  state: GameState | null;
  /** The legal cells, when a person is to move. */
  legal: ReadonlySet<number>;
  interactive: boolean;
  /** The legal cell the mouse points at (drawn as a half-tone piece). */
  hover: number | null;
  heat: Heat | null;
  /** The engine's state after the previewed move, if it is shown. */
  preview: GameState | null;
  /** The pieces turning over, left out of the position; drawn as far as they
   *  have turned where `drawTurning` (not on the base an animation copies). */
  turning: ReadonlyMap<number, TurningPiece>;
  drawTurning: boolean;
  /** The keyboard cursor's cell, if it is shown. */
  cursor: number | null;
  /** The legal cell a tap chose on a board of small points, waiting for a second tap to be played. */
  pending: number | null;
}

/** A piece's radius, as a fraction of the cell. */
const PIECE = 0.42;

/** Draws the board on `ctx` (scaled to CSS pixels), `size` pixels wide. */
export function drawGrid(ctx: CanvasRenderingContext2D, size: number, geom: GridGeometry, st: GridStyle, scene: GridScene): void {
  const l = geom.layout(size);
  const { top, left, strip, cell, pad } = l;
  const width = cell * geom.cols;
  const height = cell * geom.rows;

  // The frame hugs the cells (the canvas is as tall as they are).
  ctx.fillStyle = st.frame;
  roundRect(ctx, 0, 0, Math.min(size, left + width + pad), top + height + pad, Math.min(top, left) * 0.5);
  ctx.fill();
  ctx.fillStyle = st.board;
  ctx.fillRect(left, top, width, height);

  // Coordinates: letters above the columns, numbers left of the rows.
  ctx.fillStyle = st.label;
  ctx.font = `600 ${Math.max(9, Math.min(strip * 0.5, cell * 0.45))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Seen from the other side the coordinates turn with the cells.
  if (geom.coords.top) {
    for (let col = 0; col < geom.cols; col++) {
      const x = geom.shown(col)[1];
      ctx.fillText((st.columnLabels || undefined)?.[col] ?? LETTERS[col], left + (x + 0.5) * cell, top / 2);
    }
  }
  if (geom.coords.left) {
    for (let row = 0; row < geom.rows; row++) {
      const y = geom.shown(row * geom.cols)[0];
      ctx.fillText(String(row + 1), left / 2, top + (y + 0.5) * cell);
    }
  }

  ctx.strokeStyle = st.line;
  ctx.lineWidth = Math.max(1, size / 500);
  ctx.beginPath();
  for (const [x0, y0, x1, y1] of geom.lines(l)) {
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
  }
  ctx.stroke();
  ctx.fillStyle = st.line;
  for (const [r, q] of st.stars) {
    const [x, y] = geom.star(l, r, q);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(2, cell * 0.06), 0, Math.PI * 2);
    ctx.fill();
  }
  // Each cell's name, small in its top left corner, under any piece (on a
  // cell of the heat map, drawn with its value).
  for (let sq = 0; sq < geom.size; sq++) if (!scene.heat?.values.has(sq)) drawCellLabel(ctx, geom, st, l, sq, st.label);

  const s = scene.state;
  if (!s) return;
  const center = (sq: number) => geom.centre(l, sq);
  const preview = scene.preview;
  const previewed = new Set(preview?.changed ?? []);

  for (let sq = 0; sq < geom.size; sq++) {
    const v = s.cells[sq];
    if (st.dropInColumns && v === 0) {
      // An empty hole of the rack.
      const [x, y] = center(sq);
      ctx.fillStyle = st.frame;
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.4, 0, Math.PI * 2);
      ctx.fill();
    }
    if (v !== 1 && v !== 2) continue;
    // A piece turning over is drawn by drawTurningPieces.
    if (scene.turning.has(sq)) continue;
    // A piece the preview changes is drawn as it would be.
    if (previewed.has(sq)) continue;
    const [x, y] = center(sq);
    drawPiece(ctx, st, x, y, cell * PIECE, v === 1 ? 0 : 1, 1);
  }
  if (scene.drawTurning) drawTurningPieces(ctx, size, geom, st, scene.turning);

  // The last turn: a ring round each of its pieces and a dot on it (one
  // piece in most games, a pair of stones where a turn is two). A turn in
  // progress: the stones placed so far, a dashed ring and a dot in the
  // colour of the turn in progress, until the turn is complete.
  const turns = turnStones(s);
  const mark = (sq: number, colour: string, dashed: boolean) => {
    const [x, y] = center(sq);
    ctx.save();
    ctx.strokeStyle = colour;
    // Thin and small on a large cell, so that the piece under them still shows.
    ctx.lineWidth = Math.min(dashed ? 5 : 4, Math.max(2, cell * (dashed ? 0.08 : 0.06)));
    if (dashed) ctx.setLineDash([cell * 0.12, cell * 0.08]);
    ctx.beginPath();
    ctx.arc(x, y, cell * 0.47, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(x, y, Math.min(dashed ? 9 : 7, Math.max(2, cell * (dashed ? 0.13 : 0.09))), 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  };
  for (const sq of turns.lastTurn) mark(sq, st.lastMove, false);
  for (const sq of turns.thisTurn) mark(sq, st.thisTurn ?? st.cursor, true);

  // How the game ended: a band through the winning line's pieces, end to
  // end, light round dark so that it reads on either side's pieces; a
  // single marked cell is ringed.
  const end = s?.outcome?.cells ?? [];
  if (end.length > 0) {
    const points = end.map(center);
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const [colour, width] of [[st.endHalo ?? 'rgba(255, 255, 255, 0.9)', cell * 0.34], [st.endLine ?? '#1546a0', cell * 0.18]] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = Math.max(3, width);
      ctx.beginPath();
      if (points.length === 1) {
        ctx.arc(points[0][0], points[0][1], cell * 0.46, 0, Math.PI * 2);
      } else {
        ctx.moveTo(points[0][0], points[0][1]);
        ctx.lineTo(points[points.length - 1][0], points[points.length - 1][1]);
      }
      ctx.stroke();
    }
    ctx.restore();
  }

  if (scene.heat) {
    // Values on the heat's scale (the key under the board): red at its
    // bottom, green at its top; the number itself on the cell, in black or
    // white, whichever reads better on the colour. On intersections, a disc
    // round the point, so that the lines still show between them.
    const { values, min, max } = scene.heat;
    ctx.save();
    const font = (px: number) => `600 ${px}px system-ui, sans-serif`;
    const usual = Math.max(9, cell * 0.26);
    ctx.font = font(usual);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // The width of the ring round the best move (drawn below), and the room for a number inside it.
    const ringWidth = Math.max(5, cell * 0.11);
    const ringRoom = geom.placement === 'intersections' ? 1.6 * (cell * 0.46 - ringWidth / 2) : cell - 10 - ringWidth;
    // Every number the same size, a little smaller if that makes them fit
    // their cells; none if they would not (on a large board on a phone the
    // colours alone show the values, read on the key under the board). The
    // best move's number as small again as its ring needs, never below 8 px.
    const cellValue = cellValues(values.values());
    let widest = 0;
    for (const v of values.values()) widest = Math.max(widest, ctx.measureText(cellValue(v)).width);
    const fit = (room: number) => (widest > room ? (usual * room) / widest : usual);
    const px = fit(cell * 0.9);
    const numbers = px >= Math.max(8, usual * 0.75);
    const ringPx = Math.max(8, Math.min(px, fit(ringRoom)));
    const best = scene.heat.best ?? new Set<number>();
    for (const [sq, v] of values) {
      const colour = heatColour(v, min, max);
      ctx.fillStyle = colour;
      const [x, y] = center(sq);
      if (geom.placement === 'intersections') {
        ctx.beginPath();
        ctx.arc(x, y, cell * 0.46, 0, Math.PI * 2);
        ctx.fill();
      } else {
        const [bx, by, side] = geom.box(l, sq);
        ctx.fillRect(bx + 1, by + 1, side - 2, side - 2);
      }
      if (numbers) {
        ctx.fillStyle = inkOn(colour);
        ctx.font = font(best.has(sq) ? ringPx : px);
        ctx.fillText(cellValue(v), x, y);
      }
      drawCellLabel(ctx, geom, st, l, sq, inkOn(colour));
    }
    // The best move or moves ringed, white round dark, so that close values still show the choice.
    for (const sq of scene.heat.best ?? []) {
      if (!values.has(sq)) continue;
      const [x, y] = center(sq);
      for (const [colour, width] of [['#ffffff', ringWidth], ['#10243a', Math.max(2.5, cell * 0.055)]] as const) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = width;
        ctx.beginPath();
        if (geom.placement === 'intersections') ctx.arc(x, y, cell * 0.46, 0, Math.PI * 2);
        else {
          const [bx, by, side] = geom.box(l, sq);
          ctx.rect(bx + 4, by + 4, side - 8, side - 8);
        }
        ctx.stroke();
      }
    }
    ctx.restore();
  }

  if (preview) {
    // The preview: each cell the move would change, as it would be — a
    // half-tone piece of its new side (or nothing) in a dashed ring.
    ctx.save();
    for (const sq of previewed) {
      const [x, y] = center(sq);
      const v = preview.cells[sq];
      if (v === 1 || v === 2) drawPiece(ctx, st, x, y, cell * PIECE, v === 1 ? 0 : 1, 0.7);
      ctx.strokeStyle = st.preview ?? st.cursor;
      ctx.lineWidth = Math.max(1.5, cell * 0.045);
      ctx.setLineDash([cell * 0.09, cell * 0.07]);
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.45, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
  }

  if (scene.interactive && s.toMove !== null) {
    for (const sq of scene.legal) {
      const [x, y] = center(sq);
      if (previewed.has(sq)) continue;
      if (sq === scene.hover) {
        drawPiece(ctx, st, x, y, cell * PIECE, s.toMove, 0.45);
      } else if (!scene.heat?.values.has(sq)) {
        ctx.fillStyle = st.markers[s.toMove];
        ctx.beginPath();
        ctx.arc(x, y, cell * 0.11, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }

  if (scene.pending !== null && s.toMove !== null) {
    // A stone waiting for a second tap: half-tone, in a wide solid ring
    // (white under the colour, to show on any stone or board), with faint
    // lines along its row and column to the coordinates.
    const [x, y] = center(scene.pending);
    const colour = st.preview ?? st.cursor;
    const r = Math.max(cell * 0.75, 11);
    ctx.save();
    ctx.globalAlpha = 0.55;
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1.5, cell * 0.06);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(x - r, y);
    ctx.moveTo(x + r, y);
    ctx.lineTo(left + width, y);
    ctx.moveTo(x, top);
    ctx.lineTo(x, y - r);
    ctx.moveTo(x, y + r);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.restore();
    if (!previewed.has(scene.pending)) drawPiece(ctx, st, x, y, cell * PIECE, s.toMove, 0.6);
    ctx.save();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = Math.max(5, cell * 0.2);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(3, cell * 0.12);
    ctx.stroke();
    ctx.restore();
  }

  if (scene.cursor !== null) {
    // A square round the cell, or round the intersection (its spacing).
    const [x, y, side] = geom.box(l, scene.cursor);
    const w = Math.max(2, cell * 0.07);
    ctx.strokeStyle = st.cursor;
    ctx.lineWidth = w;
    ctx.strokeRect(x + w / 2, y + w / 2, side - w, side - w);
  }
}

/** The name of cell `sq` small in its top left corner, in `colour`, where the style numbers the cells. */
function drawCellLabel(ctx: CanvasRenderingContext2D, geom: GridGeometry, st: GridStyle, l: GridLayout, sq: number, colour: string): void {
  const label = st.cellLabels?.[sq];
  if (!label) return;
  const [x, y, side] = geom.box(l, sq);
  ctx.save();
  ctx.fillStyle = colour;
  ctx.globalAlpha = 0.6;
  ctx.font = `600 ${Math.max(9, side * 0.11)}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(label, x + side * 0.05, y + side * 0.04);
  ctx.restore();
}

/** The pieces turning over, as far as they have turned. */
export function drawTurningPieces(
  ctx: CanvasRenderingContext2D,
  size: number,
  geom: GridGeometry,
  st: GridStyle,
  turning: ReadonlyMap<number, TurningPiece>,
): void {
  const l = geom.layout(size);
  for (const [sq, p] of turning) {
    const [x, y] = geom.centre(l, sq);
    drawPiece(ctx, st, x, y, l.cell * PIECE, p.side, 1, p.width);
  }
}

/** A piece; `width` below 1 draws it narrowed, as it turns over. */
export function drawPiece(ctx: CanvasRenderingContext2D, st: GridStyle, x: number, y: number, r: number, side: 0 | 1, alpha: number, width = 1): void {
  const p = st.pieces[side];
  ctx.save();
  ctx.globalAlpha = alpha;
  if (width < 1) {
    ctx.translate(x, 0);
    ctx.scale(width, 1);
    ctx.translate(-x, 0);
  }
  const shape = st.shapes?.[side] ?? 'disc';
  if (shape !== 'disc') {
    ctx.strokeStyle = p.dark;
    ctx.lineWidth = r * 0.22;
    ctx.lineCap = 'round';
    ctx.beginPath();
    if (shape === 'cross') {
      const d = r * 0.72;
      ctx.moveTo(x - d, y - d);
      ctx.lineTo(x + d, y + d);
      ctx.moveTo(x + d, y - d);
      ctx.lineTo(x - d, y + d);
    } else {
      ctx.arc(x, y, r * 0.78, 0, Math.PI * 2);
    }
    ctx.stroke();
    ctx.restore();
    return;
  }
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.arc(x + r * 0.06, y + r * 0.1, r, 0, Math.PI * 2);
  ctx.fill();
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, p.light);
  g.addColorStop(1, p.dark);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
