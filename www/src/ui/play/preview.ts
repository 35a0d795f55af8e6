// The preview of a move before it is played: the board reports the legal
// move the visitor points at, has the cursor on or holds; after a short
// pause (so that a pointer sweeping over the board asks once) the engine is
// asked for the state after it, which the board draws over the position.
// Only the newest request's answer, for the position still shown, is drawn.

import type { BoardView } from '../../boards/board';
import type { EngineBoard } from '../../core/engine';
import type { GameState } from '../../core/protocol';

/** How long the move pointed at must stay the same before its preview is asked for, in ms. */
export const PREVIEW_PAUSE_MS = 50;

/** What the preview needs of the game. */
export interface PreviewSource {
  /** The state on the board. */
  state(): GameState | null;
  /** A move is being played, the game restored, or a computer thinks: no preview then. */
  busy(): boolean;
}

export class MovePreview {
  /** The newest preview asked for (older answers are dropped) and the pause before it is asked. */
  private ticket = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;

  constructor(
    private readonly board: BoardView,
    private readonly engine: EngineBoard,
    private readonly source: PreviewSource,
  ) {}

  /** Previews `move` (a legal move of the position shown) once the pointer rests on it; `null` ends the preview. */
  ask(move: string | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting = null;
    const ticket = ++this.ticket;
    if (move === null) {
      this.board.setPreview(null, null);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      const s = this.source.state();
      // Pointed at on the board drawn before the engine: asked once the game has started.
      if (!s) this.waiting = move;
      // Not while a move is being played, the computer thinks, or after the end.
      if (!s || this.destroyed || this.source.busy() || s.outcome || !s.legal.some((m) => m.text === move)) return;
      this.engine.preview(move).then(
        (after) => {
          if (ticket === this.ticket && this.source.state() === s && !this.destroyed) this.board.setPreview(move, after);
        },
        // A move played meanwhile, or an engine being restarted: no preview, nothing to tell.
        () => {},
      );
    }, PREVIEW_PAUSE_MS);
  }

  /** A state is on the board: a move pointed at before the game had started is previewed now. */
  stateShown(): void {
    const move = this.waiting;
    if (move !== null) this.ask(move);
  }

  /** A move pointed at before there was a state to preview it in. */
  private waiting: string | null = null;

  destroy(): void {
    this.destroyed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
