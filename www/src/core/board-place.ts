// The board's place: on a wide screen, where the board and the side panel
// stand side by side, a game's view can lend its board column to something
// shown larger while the board is idle (a learning chart while its run
// trains). What borrows it needs no link to the view: `borrowPlace` sends a
// bubbling `board-place` event from the borrower's element, and the view
// around it, if it offers the place now, answers in the event's detail with
// the slot to fill. One borrower at a time: a new one sends the last one
// back. The view takes the place back whenever it needs the board (the Play
// tab, a watched run), the screen becomes narrow or the view goes: it calls
// the borrower's `back`, and the borrower takes its element out of the slot.

export const PLACE_EVENT = 'board-place';

/** The place as its borrower holds it. */
export interface PlaceLoan {
  /** Where to put what is shown; the board is hidden meanwhile. */
  readonly slot: HTMLElement;
  /** Gives the place back: the board shows again (nothing, once the view took it back). */
  release(): void;
}

/** The event's detail: the borrower's `back`, and the view's answer. */
interface PlaceAsk {
  back: () => void;
  loan: PlaceLoan | null;
}

/** Asks the view around `from` for the board's place; null where none is
 *  offered (a narrow screen, or no game's view around). `back` is called
 *  when the view takes the place back before it is released. */
export function borrowPlace(from: EventTarget, back: () => void): PlaceLoan | null {
  const ask: PlaceAsk = { back, loan: null };
  from.dispatchEvent(new CustomEvent<PlaceAsk>(PLACE_EVENT, { bubbles: true, detail: ask }));
  return ask.loan;
}

/** What the place changes in its view. */
export interface PlaceSide {
  readonly slot: HTMLElement;
  /** Shows the slot instead of the board (`true`), or the board again. */
  show(borrowed: boolean): void;
  /** The place is offered now, or no longer: the buttons that ask for it show or hide. */
  offer(on: boolean): void;
  /** Called just before the place is lent: whatever draws on the board lets it go. */
  free(): void;
}

/** When the place is offered: a media query (`matchMedia`) of the wide layout. */
export type WideQuery = Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

/** The view's side: answers the borrowers under `root` while `wide` matches. */
export class BoardPlace {
  private borrower: { back: () => void; loan: PlaceLoan } | null = null;
  private ended = false;

  private readonly onAsk = (e: Event): void => {
    if (this.ended || !this.wide.matches || !(e instanceof CustomEvent)) return;
    const ask = e.detail as PlaceAsk;
    e.stopPropagation();
    this.recall();
    this.side.free();
    const loan: PlaceLoan = {
      slot: this.side.slot,
      release: () => {
        if (this.borrower?.loan !== loan) return;
        this.borrower = null;
        this.side.show(false);
      },
    };
    this.borrower = { back: ask.back, loan };
    this.side.show(true);
    ask.loan = loan;
  };

  // Not offered first: the borrower, sent back, does not focus a button about to hide.
  private readonly onWide = (): void => {
    this.side.offer(this.wide.matches);
    if (!this.wide.matches) this.recall();
  };

  constructor(
    private readonly root: EventTarget,
    private readonly wide: WideQuery,
    private readonly side: PlaceSide,
  ) {
    root.addEventListener(PLACE_EVENT, this.onAsk);
    wide.addEventListener('change', this.onWide);
    side.offer(wide.matches);
  }

  /** Whether something is shown in the board's place now. */
  get borrowed(): boolean {
    return this.borrower !== null;
  }

  /** Takes the place back, if it is lent: the board shows, the borrower is told. */
  recall(): void {
    const b = this.borrower;
    if (!b) return;
    this.borrower = null;
    this.side.show(false);
    b.back();
  }

  /** The view goes: the borrower is sent back, and nothing is lent any more. */
  destroy(): void {
    this.recall();
    this.ended = true;
    this.root.removeEventListener(PLACE_EVENT, this.onAsk);
    this.wide.removeEventListener('change', this.onWide);
  }
}
