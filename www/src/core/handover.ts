// Files handed from one game's view to another's: a model file imported in
// the wrong game's Models tab is taken to its own game, whose Models tab
// imports it when it opens. Kept for the tab's life only (the page's memory).

const waiting = new Map<string, File[]>();

/** Leaves `files` for the Models tab of `game`. */
export function handOver(game: string, files: File[]): void {
  waiting.set(game, [...(waiting.get(game) ?? []), ...files]);
}

/** The files left for `game`, once: they are no longer waiting after this. */
export function takeHandedOver(game: string): File[] {
  const files = waiting.get(game) ?? [];
  waiting.delete(game);
  return files;
}
