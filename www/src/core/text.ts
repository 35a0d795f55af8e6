// Small helpers for text shown to people.

/** The text with its first letter a capital: "the thinking worker" → "The thinking worker". */
export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
