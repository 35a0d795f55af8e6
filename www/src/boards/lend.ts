// A board that can be lent for a while (to show a training game) and given
// back exactly as it was. The Play tab draws through `shared`; while the
// board is lent, what it draws (the state, the heat map, a preview) is kept
// instead of drawn, and drawn when the board comes back, so the Play tab's
// game reappears as it is then. The view can take the board back before
// the borrower releases it (`takeBack`); the borrower is told.

import type { BoardView, Heat } from './board';
import type { GameState } from '../core/protocol';

/** The board as a borrower draws on it. */
export interface BoardLoan {
  /** Draws a state (never interactive: the visitor cannot move on it). */
  show(state: GameState): void;
  setHeat(heat: Heat | null): void;
  /** The board draws heat maps (otherwise values must be told in words). */
  readonly heat: boolean;
  /** Gives the board back to the Play tab. */
  release(): void;
}

export class LendableBoard {
  /** The board for the Play tab. */
  readonly shared: BoardView;
  private loan: BoardLoan | null = null;
  /** Tells the borrower of the moment that the board was taken back. */
  private taken: (() => void) | null = null;
  private kept: { state: GameState | null; interactive: boolean; heat: Heat | null; preview: [string | null, GameState | null] } = {
    state: null,
    interactive: false,
    heat: null,
    preview: [null, null],
  };

  constructor(readonly board: BoardView) {
    this.shared = new Proxy(board, {
      // The Play tab's drawing is always kept, and drawn unless the board is lent.
      get: (target, key) => {
        const kept = this.kept;
        if (key === 'update')
          return (s: GameState, interactive: boolean) => {
            kept.state = s;
            kept.interactive = interactive;
            if (!this.loan) target.update(s, interactive);
          };
        if (key === 'setHeat' && target.setHeat)
          return (h: Heat | null) => {
            kept.heat = h;
            if (!this.loan) target.setHeat?.(h);
          };
        if (key === 'setPreview')
          return (m: string | null, after: GameState | null) => {
            kept.preview = [m, after];
            if (!this.loan) target.setPreview(m, after);
          };
        if (key === 'state' && this.loan) return kept.state;
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
      set(target, key, value) {
        return Reflect.set(target, key, value, target);
      },
    });
  }

  /** Whether the board is lent now. */
  get lent(): boolean {
    return this.loan !== null;
  }

  /** Lends the board (taking it back from an earlier borrower first);
   *  `taken` is called if the board is taken back before it is released. */
  lend(taken: () => void = () => {}): BoardLoan {
    this.takeBack();
    const b = this.board;
    const kept = this.kept;
    b.setPreview(null, null);
    const loan: BoardLoan = {
      show: (s) => {
        if (this.loan === loan) b.update(s, false);
      },
      setHeat: (h) => {
        if (this.loan === loan) b.setHeat?.(h);
      },
      heat: typeof b.setHeat === 'function',
      release: () => {
        if (this.loan !== loan) return;
        this.loan = null;
        this.taken = null;
        b.setHeat?.(null);
        if (kept.state) b.update(kept.state, kept.interactive);
        b.setHeat?.(kept.heat);
        if (kept.preview[0] !== null) b.setPreview(kept.preview[0], kept.preview[1]);
      },
    };
    this.loan = loan;
    this.taken = taken;
    return loan;
  }

  /** Ends the loan of the moment, if any (the Play tab's drawing comes back), and tells its borrower. */
  takeBack(): void {
    const taken = this.taken;
    this.loan?.release();
    taken?.();
  }
}
