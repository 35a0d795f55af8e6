// Messages for the visitor: errors and information in a stack at the top of
// the page, each with a close button. The page stays usable behind them.

export type NoticeKind = 'error' | 'info';

let region: HTMLElement | null = null;

function container(): HTMLElement {
  if (!region) {
    region = document.createElement('div');
    region.className = 'notices';
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  return region;
}

/** Shows a message; returns a function that removes it. */
export function showNotice(message: string, kind: NoticeKind = 'error'): () => void {
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
  const remove = () => box.remove();
  close.addEventListener('click', remove);
  box.append(text, close);
  const list = container();
  // Keep the stack short: the oldest goes first.
  while (list.children.length >= 4) list.firstElementChild?.remove();
  list.append(box);
  if (kind === 'info') setTimeout(remove, 6000);
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
