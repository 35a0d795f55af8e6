// The names of runs' lines in a shared chart: what differs between the runs
// ("α 0.5, γ 0.9", "hidden nodes 40"), not their numbers.

import type { RunConfig, RunKindInfo } from '../core/protocol';
import { settingText } from '../core/text';

const SEED = 'seed';

/** What a legend needs of a run. */
export interface LegendRun {
  /** "Run 2". */
  name: string;
  settings: RunConfig | null;
}

/** A value in a legend: a number compactly, anything else as text. */
function legendValue(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-US') : String(+v.toPrecision(3));
  if (typeof v === 'bigint') return v.toString();
  return typeof v === 'string' ? settingText(v) : JSON.stringify(v);
}

/** A setting's short name: its field's label without what is in brackets ("β constant C (β = games / C)" → "β constant C"). */
function settingName(path: string, kinds: RunKindInfo[]): string {
  const field = kinds.flatMap((k) => k.fields).find((f) => f.id === path);
  const label = field?.label.replace(/\s*\(.*\)\s*$/, '') ?? path.split('.').pop() ?? path;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Every setting of a configuration by its dotted path, its value as it is. */
function flatten(v: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, path ? `${path}.${k}` : k, out);
  } else {
    out.set(path, v);
  }
  return out;
}

/** A setting's value to compare by: two long texts of one length still differ. */
function valueKey(v: unknown): string {
  return typeof v === 'bigint' ? `${v}n` : (JSON.stringify(v) ?? 'undefined');
}

/**
 * The names of runs' lines on a shared chart: what differs between them.
 * Runs of an experiment are named by their settings' labels, which name the
 * varied setting ("α 0.5, γ 0.9"); other runs by the settings that differ
 * ("hidden nodes 40, seed 2"), the seed only when nothing else differs;
 * a run alone, or runs that do not differ, by their names ("Run 2").
 */
export function legends(cards: LegendRun[], kinds: RunKindInfo[]): string[] {
  const plain = cards.map((c) => c.name);
  if (cards.length < 2) return plain;
  // An experiment's runs carry the varied settings as their label ("α=0.5 γ=0.9").
  const own = cards.map((c) => c.settings?.label);
  if (own.every((l): l is string => typeof l === 'string' && l !== '') && new Set(own).size === own.length) {
    return own.map((l) => (l.split(/\s+/).every((t) => t.includes('=')) ? l.split(/\s+/).map((t) => t.replace('=', ' ')).join(', ') : l));
  }
  const flat = cards.map((c) => flatten(c.settings ?? {}));
  const paths = [...new Set(flat.flatMap((f) => [...f.keys()]))].filter((p) => p !== 'label' && new Set(flat.map((f) => valueKey(f.get(p)))).size > 1);
  const shown = paths.some((p) => p !== SEED) ? paths.filter((p) => p !== SEED) : paths;
  if (shown.length === 0) return plain;
  const names = flat.map((f) => shown.map((p) => `${settingName(p, kinds)} ${f.has(p) ? legendValue(f.get(p)) : '–'}`).join(', '));
  // Two runs that differ only in what is left out keep their names.
  return new Set(names).size === names.length ? names : names.map((n, i) => `${plain[i]}: ${n}`);
}
