// A grid board's preview of a move: which legal move the visitor points at,
// has the keyboard cursor on or holds (reported to the play panel when it
// changes), and the engine's state after it once given — drawn over the
// position, told in words as the board's description, and kept in the
// canvas's data attributes for tests.

import type { GameState } from '../core/protocol';
import { describePreview } from './board';

/** Numbers the boards' preview descriptions, so that their ids differ. */
let previewIds = 0;

export class GridPreview {
  /** The preview in words, read as the board's description. */
  readonly text = document.createElement('p');
  /** The move last reported, and the engine's state after it once given. */
  private move: string | null = null;
  private after: GameState | null = null;

  /**
   * `report` tells the play panel the move to preview (null: none);
   * `name` names a cell; `redraw` draws the board again.
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly name: (cell: number) => string,
    private readonly report: (move: string | null) => void,
    private readonly redraw: () => void,
  ) {
    this.text.className = 'visually-hidden';
    this.text.id = `board-preview-${++previewIds}`;
    this.text.dataset.testid = 'board-preview-words';
    canvas.setAttribute('aria-describedby', this.text.id);
  }

  /** The engine's state after the previewed move, while it is shown. */
  get shown(): GameState | null {
    return this.after;
  }

  /** The move to preview is now `move`: a preview of another move is cleared at once, and the new one reported. */
  note(move: string | null, state: GameState | null): void {
    if (move === this.move) return;
    this.move = move;
    this.show(null, state);
    this.report(move);
  }

  /** The engine's answer for `move`: drawn if it is still the move to preview. */
  answer(move: string | null, after: GameState | null, state: GameState | null): void {
    if (move !== this.move) return;
    this.show(move === null ? null : after, state);
  }

  /** Another position, or a board that takes no move: the preview ends and no move is to be previewed. */
  reset(state: GameState | null): void {
    this.show(null, state);
    this.move = null;
  }

  private show(after: GameState | null, state: GameState | null): void {
    const c = this.canvas;
    const was = this.after;
    this.after = after;
    if (after && state && this.move) {
      c.dataset.preview = this.move;
      c.dataset.previewChanged = after.changed.map((sq) => this.name(sq)).join(' ');
      this.text.textContent = describePreview(this.move, state, after, this.name);
    } else {
      delete c.dataset.preview;
      delete c.dataset.previewChanged;
      this.text.textContent = '';
    }
    if (was !== after) this.redraw();
  }
}
