import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { studiesOf, withFigures, type StudyData } from './study-data';
import connect4 from './connect4/study.json';
import connect6 from './connect6/study.json';
import hareHounds from './hare_hounds/study.json';
import othello from './othello/study.json';
import tictactoe from './tictactoe/study.json';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const GAMES: [string, StudyData][] = [
  ['connect4', connect4],
  ['connect6', connect6],
  ['hare_hounds', hareHounds],
  ['othello', othello],
  ['tictactoe', tictactoe],
];

/** The README and every Markdown file under docs/, where the measured figures are reported. */
function docs(): string {
  const out = [readFileSync(join(root, 'README.md'), 'utf8')];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.md')) out.push(readFileSync(join(dir, e.name), 'utf8'));
    }
  };
  walk(join(root, 'docs'));
  return out.join('\n');
}

describe('the studies’ data files', () => {
  const texts = (d: StudyData) => d.studies.flatMap((s) => [s.did, s.found ?? '', s.reproduces, s.adds]);

  it.each(GAMES)('%s: every figure is quoted, and every quote is a figure', (_, data) => {
    const used = new Set(texts(data).flatMap((t) => [...t.matchAll(/\{([a-z0-9_]+)\}/g)].map((m) => m[1])));
    expect([...used].sort()).toEqual(Object.keys(data.figures).sort());
    // Filled in, no brace is left.
    for (const s of studiesOf(data)) for (const t of [s.did, s.found ?? '', s.reproduces, s.adds]) expect(t).not.toMatch(/\{[a-z0-9_]+\}/);
  });

  it.each(GAMES)('%s: every figure is the one the docs report', (_, data) => {
    const text = docs();
    for (const [key, f] of Object.entries(data.figures)) {
      // The figure as the docs write it: a percentage may stand without its sign.
      const bare = f.value.replace(/%$/, '');
      expect(text.includes(f.value) || text.includes(bare), `${key}: ${f.value} is not in README.md or docs/`).toBe(true);
    }
  });

  it('names the five studies as their title pages do, each with its short citation', () => {
    const cites = GAMES.flatMap(([, d]) => d.studies.map((s) => s.cite)).filter(Boolean);
    expect(cites.sort()).toEqual(['Björkqvist & Wester, KTH 2010', 'Ekblad & Werkelin Ahlin, KTH 2010', 'Hartwig & Westermark, KTH 2011', 'Piotrowski, Wrocław 2001', 'Tsai (advisor Wu), NCTU 2011']);
    for (const [, d] of GAMES) for (const s of d.studies) if (s.cite) for (const k of ['title', 'authors', 'kind', 'institution', 'year'] as const) expect(s[k], `${s.name}: ${k}`).toBeTruthy();
  });

  it('refuses a quote of a figure it does not have', () => {
    expect(withFigures('{a} and {a}', { a: { value: '1%', what: '', where: '' } })).toBe('1% and 1%');
    expect(() => withFigures('{b}', {})).toThrow("no figure 'b'");
  });
});
