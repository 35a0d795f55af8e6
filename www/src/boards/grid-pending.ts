// A stone waiting for a second tap. On a board whose points are smaller than
// a fingertip (a 19 × 19 board on a phone), a tap by touch or pen does not
// play at once: the board shows the stone where the tap landed and this bar
// under it — "Place at K11" places it, "Cancel" (or Escape) takes it away. A
// second tap on the same point places it too; a tap on another point moves
// it there. Screen readers hear where the stone waits. The mouse and the
// keyboard play at once, and boards with large points play on one tap.

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
    this.element.append(this.place, this.cancel);
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
