// Messages for the visitor: errors and information, in one place in the
// page's flow (under a game's tabs, or under the header elsewhere), never
// laid over the page, so that they cannot cover a control; the newest first,
// in a box of its own height at most (the rest scroll inside it), so that
// they never push the controls under them far down. A few at most (the
// oldest goes first); information goes by itself after a few seconds,
// an error stays until it is closed or the view changes. A notice may offer
// one action (a button).

export type NoticeKind = 'error' | 'info';

/** A button a notice offers ("Open <game> with it"). */
export interface NoticeAction {
  label: string;
  run(): void;
}

/** At most this many notices are shown at once. */
export const MAX_NOTICES = 3;
/** An information notice is shown this long. */
export const INFO_MS = 6000;

let region: HTMLElement | null = null;

/** The one element that holds the notices. */
function container(): HTMLElement {
  if (!region) {
    region = document.createElement('div');
    region.className = 'notices';
    region.dataset.testid = 'notices';
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  return region;
}

/**
 * Puts the notices (those shown, and those to come) at the end of `host`:
 * the page's place under the header, or a game view's under its tabs.
 */
export function placeNotices(host: HTMLElement): void {
  const list = container();
  if (list.parentElement !== host) host.append(list);
}

/** Shows a message; returns a function that removes it. */
export function showNotice(message: string, kind: NoticeKind = 'error', action?: NoticeAction): () => void {
  const box = document.createElement('div');
  box.className = `notice notice-${kind}`;
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const text = document.createElement('p');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    clearTimeout(timer);
    box.remove();
  };
  close.addEventListener('click', remove);
  box.append(text);
  if (action) {
    const act = document.createElement('button');
    act.type = 'button';
    act.className = 'notice-action';
    act.textContent = action.label;
    act.addEventListener('click', () => {
      remove();
      action.run();
    });
    box.append(act);
  }
  box.append(close);
  const list = container();
  // Keep the list short: the oldest goes first; the newest is on top.
  while (list.children.length >= MAX_NOTICES) list.lastElementChild?.remove();
  list.prepend(box);
  list.scrollTop = 0;
  if (kind === 'info') timer = setTimeout(remove, INFO_MS);
  return remove;
}

/** Removes every notice: they belong to the view they were raised in. */
export function clearNotices(): void {
  region?.replaceChildren();
}

/** The message of anything thrown. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
