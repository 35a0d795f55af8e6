// A stone waiting for a second tap. On a board whose points are smaller than
// a fingertip (a 19 × 19 board on a phone), a tap by touch or pen does not
// play at once: the board shows the stone where the tap landed and this bar
// under it — the points round the stone magnified, "Place at K11" that places
// it and "Cancel" (or Escape) that takes it away. A second tap on the same point places it too; a tap on another point moves
// it there. Screen readers hear where the stone waits. The mouse and the
// keyboard play at once, and boards with large points play on one tap.

/** The loupe's side, in CSS pixels. */
const LOUPE_PX = 64;

/** Numbers the bars' ids. */
let pendingIds = 0;

export class PendingStone {
  /** The bar under the board: the Place and Cancel buttons, shown while a stone waits. */
  readonly element = document.createElement('div');
  /** Where the stone waits, in words, for screen readers (a live region, always on the page). */
  readonly status = document.createElement('p');
  /** The cell of the waiting stone, and its move in the game's notation. */
  cell: number | null = null;
  move: string | null = null;
  /** The points round the waiting stone, magnified (a copy of the board's pixels). */
  readonly loupe = document.createElement('canvas');
  private readonly place = document.createElement('button');
  private readonly cancel = document.createElement('button');

  /**
   * `onPlace` plays the waiting stone; `onCancel` takes it away (each
   * through the board, which then calls `clear`). `canvas` keeps the focus
   * when a button that had it goes away.
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    onPlace: () => void,
    onCancel: () => void,
  ) {
    const id = ++pendingIds;
    this.element.className = 'pending-stone';
    this.element.hidden = true;
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Stone not placed yet');
    this.place.type = 'button';
    this.place.className = 'pending-place';
    this.place.dataset.testid = 'pending-place';
    this.cancel.type = 'button';
    this.cancel.className = 'pending-cancel';
    this.cancel.dataset.testid = 'pending-cancel';
    this.cancel.textContent = 'Cancel';
    this.cancel.title = 'Take the stone away without placing it (Escape)';
    this.loupe.className = 'pending-loupe';
    this.loupe.dataset.testid = 'pending-loupe';
    // The words say where the stone waits; the picture is for the eyes.
    this.loupe.setAttribute('aria-hidden', 'true');
    this.element.append(this.loupe, this.place, this.cancel);
    this.status.className = 'visually-hidden';
    this.status.id = `board-pending-${id}`;
    this.status.dataset.testid = 'pending-words';
    this.status.setAttribute('aria-live', 'polite');
    const refocus = (f: () => void) => () => {
      const had = this.element.contains(document.activeElement);
      f();
      if (had) this.canvas.focus({ preventScroll: true });
    };
    this.place.addEventListener('click', refocus(onPlace));
    this.cancel.addEventListener('click', refocus(onCancel));
    this.element.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      refocus(onCancel)();
    });
  }

  /** The stone of `side` (its name, "Black") waits on `cell`, whose move is `move` ("K11"). */
  show(cell: number, move: string, side: string): void {
    this.cell = cell;
    this.move = move;
    this.place.textContent = `Place at ${move}`;
    this.place.title = `Place the ${side.toLowerCase()} stone at ${move} (or tap it again)`;
    this.element.hidden = false;
    this.canvas.dataset.pending = move;
    this.status.textContent = `${side} stone ready at ${move}, not placed yet: tap it again or press Place at ${move}. Tap another point to move it, or Cancel.`;
  }

  /**
   * Copies the points round the waiting stone from the board's canvas into
   * the loupe, magnified: `x`, `y` its point and `spacing` the points'
   * spacing, in the board's CSS pixels; `scale` the board's device pixels
   * per CSS pixel.
   */
  magnify(board: HTMLCanvasElement, x: number, y: number, spacing: number, scale: number): void {
    if (this.cell === null) return;
    const px = Math.round(LOUPE_PX * scale);
    if (this.loupe.width !== px) {
      this.loupe.width = px;
      this.loupe.height = px;
      this.loupe.style.width = `${LOUPE_PX}px`;
      this.loupe.style.height = `${LOUPE_PX}px`;
    }
    const ctx = this.loupe.getContext('2d');
    if (!ctx) return;
    // One and a half spacings each side: the stone and its nearest points, drawn larger.
    const half = 1.5 * spacing;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, px, px);
    ctx.drawImage(board, (x - half) * scale, (y - half) * scale, 2 * half * scale, 2 * half * scale, 0, 0, px, px);
  }

  /** No stone waits; `said` is read out (nothing by default). */
  clear(said = ''): void {
    if (this.cell === null) return;
    this.cell = null;
    this.move = null;
    this.element.hidden = true;
    delete this.canvas.dataset.pending;
    this.status.textContent = said;
  }
}
