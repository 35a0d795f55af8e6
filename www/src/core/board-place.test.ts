import { describe, expect, it } from 'vitest';
import { BoardPlace, borrowPlace, type WideQuery } from './board-place';

/** A media query whose answer the test changes. */
class FakeWide implements WideQuery {
  private readonly listeners = new Set<() => void>();
  constructor(public matches: boolean) {}
  set(matches: boolean): void {
    this.matches = matches;
    for (const f of this.listeners) f();
  }
  addEventListener(_type: string, f: unknown): void {
    this.listeners.add(f as () => void);
  }
  removeEventListener(_type: string, f: unknown): void {
    this.listeners.delete(f as () => void);
  }
  get count(): number {
    return this.listeners.size;
  }
}

/** A view's root with its place; `log` says what the place did to the view. */
function view(wide = true) {
  const root = new EventTarget();
  const query = new FakeWide(wide);
  const slot = {} as HTMLElement;
  const log: string[] = [];
  const place = new BoardPlace(root, query, {
    slot,
    show: (on) => log.push(on ? 'slot shown' : 'board shown'),
    offer: (on) => log.push(on ? 'offered' : 'not offered'),
    free: () => log.push('board freed'),
  });
  return { root, query, slot, log, place };
}

describe('the board’s place', () => {
  it('is offered on a wide screen only, and lent there', () => {
    const wide = view(true);
    expect(wide.log).toEqual(['offered']);
    const backs: string[] = [];
    const loan = borrowPlace(wide.root, () => backs.push('back'));
    expect(loan?.slot).toBe(wide.slot);
    expect(wide.place.borrowed).toBe(true);
    expect(wide.log).toEqual(['offered', 'board freed', 'slot shown']);
    loan!.release();
    expect(wide.place.borrowed).toBe(false);
    expect(wide.log.at(-1)).toBe('board shown');
    // Given back by its borrower: the borrower is not called back.
    expect(backs).toEqual([]);

    const narrow = view(false);
    expect(narrow.log).toEqual(['not offered']);
    expect(borrowPlace(narrow.root, () => {})).toBeNull();
    expect(narrow.place.borrowed).toBe(false);
    expect(narrow.log).toEqual(['not offered']);
  });

  it('has one borrower at a time: a new one sends the last one back', () => {
    const v = view();
    const backs: string[] = [];
    const first = borrowPlace(v.root, () => backs.push('first'))!;
    const second = borrowPlace(v.root, () => backs.push('second'))!;
    expect(backs).toEqual(['first']);
    expect(v.place.borrowed).toBe(true);
    // The first one's loan is over: releasing it leaves the second one's place alone.
    first.release();
    expect(v.place.borrowed).toBe(true);
    expect(v.log.at(-1)).toBe('slot shown');
    second.release();
    expect(v.place.borrowed).toBe(false);
    expect(backs).toEqual(['first']);
  });

  it('is taken back when the view needs the board, and when the screen narrows', () => {
    const v = view();
    const backs: string[] = [];
    borrowPlace(v.root, () => backs.push('recalled'));
    v.place.recall();
    expect(backs).toEqual(['recalled']);
    expect(v.log.at(-1)).toBe('board shown');
    // Nothing lent: nothing to take back.
    v.place.recall();
    expect(backs).toEqual(['recalled']);

    borrowPlace(v.root, () => backs.push('narrowed'));
    v.query.set(false);
    expect(backs).toEqual(['recalled', 'narrowed']);
    // Not offered first, so that the borrower gives the focus to what is still shown.
    expect(v.log.slice(-2)).toEqual(['not offered', 'board shown']);
    expect(borrowPlace(v.root, () => {})).toBeNull();
    v.query.set(true);
    expect(v.log.at(-1)).toBe('offered');
    expect(borrowPlace(v.root, () => {})).not.toBeNull();
  });

  it('sends its borrower back and lends nothing once the view goes', () => {
    const v = view();
    const backs: string[] = [];
    borrowPlace(v.root, () => backs.push('view gone'));
    v.place.destroy();
    expect(backs).toEqual(['view gone']);
    expect(v.place.borrowed).toBe(false);
    expect(v.query.count).toBe(0);
    expect(borrowPlace(v.root, () => {})).toBeNull();
  });
});
