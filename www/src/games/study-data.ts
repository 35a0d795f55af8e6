// A game's studies and the figures their texts quote, read from the game's
// `study.json`: one data file per game, so that a figure is written once,
// with what it measures and the command that measures it, and the page's
// texts take it from there (`{key}` in a text is the figure `key`'s value).

import type { Study } from './plugin';

/** A measured figure: its value as written, what it is, where the docs give it and the command that measures it. */
export interface Figure {
  value: string;
  what: string;
  where: string;
  command?: string;
}

export interface StudyData {
  figures: Record<string, Figure>;
  studies: Study[];
}

/** `text` with each `{key}` replaced by the figure's value; a key without a figure is an error. */
export function withFigures(text: string, figures: Record<string, Figure>): string {
  return text.replace(/\{([a-z0-9_]+)\}/g, (_, key: string) => {
    const f = figures[key];
    if (!f) throw new Error(`no figure '${key}'`);
    return f.value;
  });
}

/** The studies of a game's data file, their figures filled in. */
export function studiesOf(data: StudyData): Study[] {
  const fill = (t: string | undefined) => (t === undefined ? undefined : withFigures(t, data.figures));
  return data.studies.map((s) => ({ ...s, did: fill(s.did)!, found: fill(s.found), reproduces: fill(s.reproduces)!, adds: fill(s.adds)! }));
}
