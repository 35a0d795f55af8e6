// The geometry of a graph board (graph.ts) in SVG units: the pieces' and
// rings' sizes, where each point's name goes so that nothing covers it, and
// the SVG nodes of a piece. Pure functions of the layout.

/** A game's graph: its points in the engine's cell order, its lines, its pieces. */
export interface GraphLayout {
  /** The board's name for screen readers. */
  name: string;
  /** The drawing's size in SVG units. */
  width: number;
  height: number;
  points: Array<{ name: string; x: number; y: number }>;
  /** Lines between points, by index. */
  lines: Array<[number, number]>;
  /** The pieces of the two sides. */
  pieces: [GraphPiece, GraphPiece];
}

export interface GraphPiece {
  /** The piece's name in data attributes and classes ("hound"). */
  name: string;
  /** "a hound", for screen readers. */
  words: string;
  /** The letter on the piece. */
  glyph: string;
  fill: string;
  stroke: string;
  text: string;
}

const SVG = 'http://www.w3.org/2000/svg';
/** A piece's radius, in SVG units. */
export const PIECE = 4.6;
/** The radius of the last move's rings, in SVG units. */
export const RING = PIECE + 1.1;
/** The points' names: their font size, in SVG units (as in the style sheet). */
const NAME_SIZE = 3;

type Box = { x: number; y: number; w: number; h: number };

/** Whether the segment a–b passes within `m` of the box. */
function segmentNearBox(ax: number, ay: number, bx: number, by: number, box: Box, m: number): boolean {
  // Clips the segment to the box grown by m (Liang–Barsky).
  const x0 = box.x - m;
  const x1 = box.x + box.w + m;
  const y0 = box.y - m;
  const y1 = box.y + box.h + m;
  let lo = 0;
  let hi = 1;
  const dx = bx - ax;
  const dy = by - ay;
  for (const [p, q] of [
    [-dx, ax - x0],
    [dx, x1 - ax],
    [-dy, ay - y0],
    [dy, y1 - ay],
  ]) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) lo = Math.max(lo, t);
      else hi = Math.min(hi, t);
      if (lo > hi) return false;
    }
  }
  return true;
}

/** Whether a circle reaches into the box. */
function circleNearBox(cx: number, cy: number, r: number, box: Box): boolean {
  const nx = Math.max(box.x, Math.min(cx, box.x + box.w));
  const ny = Math.max(box.y, Math.min(cy, box.y + box.h));
  return (cx - nx) ** 2 + (cy - ny) ** 2 < r * r;
}

/**
 * Where each point's name goes: the nearest spot round the point whose box
 * (a generous estimate of the text's) touches no line, no piece and no
 * last-move ring on any point, and stays inside the drawing. Returns the
 * centre of each name.
 */
export function placeNames(pos: Array<{ x: number; y: number }>, names: string[], lines: Array<[number, number]>, width: number, height: number): Array<[number, number]> {
  return pos.map((p, i) => {
    const w = NAME_SIZE * 0.72 * names[i].length + 0.4;
    const h = NAME_SIZE * 1.3;
    let best: [number, number] | null = null;
    for (let d = RING + 1; d <= RING + 8 && !best; d += 0.25) {
      for (let k = 0; k < 48 && !best; k++) {
        // From up-right, alternately either way round.
        const a = -Math.PI / 4 + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 24);
        const cx = p.x + d * Math.cos(a);
        const cy = p.y + d * Math.sin(a);
        const box = { x: cx - w / 2, y: cy - h / 2, w, h };
        if (box.x < 0 || box.y < 0 || box.x + w > width || box.y + h > height) continue;
        if (pos.some((q) => circleNearBox(q.x, q.y, RING + 0.6, box))) continue;
        if (lines.some(([u, v]) => segmentNearBox(pos[u].x, pos[u].y, pos[v].x, pos[v].y, box, 0.6))) continue;
        best = [cx, cy];
      }
    }
    return best ?? [p.x + RING + 1, p.y - RING];
  });
}

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}



/** A piece of `piece`'s side on point `cell`, drawn at `at`. */
export function pieceNode(piece: GraphPiece, at: { x: number; y: number }, cell: number): SVGGElement {
  const g = svg('g', { class: `graph-piece ${piece.name}`, 'data-cell': cell });
  g.append(svg('circle', { cx: at.x, cy: at.y, r: PIECE, fill: piece.fill, stroke: piece.stroke }));
  const t = svg('text', { x: at.x, y: at.y + 1.6, 'text-anchor': 'middle', fill: piece.text });
  t.textContent = piece.glyph;
  g.append(t);
  return g;
}

/** The nearest of `points` to point `i` in the direction (dx, dy) (ties: the closest across), or null. */
export function nearestToward(points: Array<{ x: number; y: number }>, i: number, dx: number, dy: number): number | null {
  let best: number | null = null;
  let bestScore = Infinity;
  for (let j = 0; j < points.length; j++) {
    const ax = points[j].x - points[i].x;
    const ay = points[j].y - points[i].y;
    const along = ax * dx + ay * dy;
    if (along <= 0) continue;
    const across = Math.abs(ax * dy) + Math.abs(ay * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = j;
    }
  }
  return best;
}
