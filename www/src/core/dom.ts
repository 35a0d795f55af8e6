// A small helper to build elements without a framework.

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
