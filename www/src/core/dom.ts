// Small helpers to build elements without a framework, and to download a file.

type Attrs = Record<string, string | number | boolean | undefined>;

/**
 * Creates an element. Attributes whose name is a property of the element
 * (className, hidden, type, value, ...) are set as properties, others
 * (data-*, aria-*, role) as attributes; `false`/`undefined` are skipped.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k in node && !k.includes('-')) {
      (node as unknown as Record<string, unknown>)[k] = v;
    } else {
      node.setAttribute(k, v === true ? '' : String(v));
    }
  }
  node.append(...children);
  return node;
}

/** Marks a moment of the page's start (`performance.mark`) once per visit,
 *  for tests and the browser's performance panel. */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/** Starts a download of `blob` as a file called `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Keeps Tab and Shift+Tab within `dialog` (a modal view over the page): from
 * its last focusable element to its first, and back. Only the topmost modal
 * view does: the last one opened, and none while a chart is in its large view.
 */
export function keepFocusIn(dialog: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const modals = document.querySelectorAll('[aria-modal="true"]');
  if (modals[modals.length - 1] !== dialog || document.querySelector('.chart-full')) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (x) => !x.hasAttribute('disabled') && x.offsetParent !== null,
  );
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const inside = dialog.contains(document.activeElement);
  if (e.shiftKey && (document.activeElement === first || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}
