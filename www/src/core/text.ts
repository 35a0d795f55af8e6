// Small helpers for text shown to people.

/** The text with its first letter a capital: "the thinking worker" → "The thinking worker". */
export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A count as model file names write it (the engine's `format_count`): "999", "1.5k", "12k", "2.1M", "3G". */
export function fileCount(n: number): string {
  const units: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [i, [scale, unit]] of units.entries()) {
    if (n < scale - scale / 2000) continue;
    const v = n / scale;
    const text = v < 9.95 ? v.toFixed(1) : v.toFixed(0);
    if (text === '1000' && i > 0) continue;
    return `${text.replace(/\.0$/, '')}${unit}`;
  }
  return String(n);
}

/**
 * A model file's name without its games count when the name already says it:
 * "game-run-5-200-000-games-200k.selfplay" → "game-run-5-200-000-games.selfplay".
 */
export function unrepeatedFileName(file: string): string {
  const m = /^(.*)-(\d+(?:\.\d)?[kMG]?)(-checkpoint)?\.selfplay$/.exec(file);
  if (!m) return file;
  const [, stem, count, checkpoint = ''] = m;
  // The numbers of the name: "200-000" (thousands written apart), "200000", "200k".
  const parts = stem.split('-');
  const said = parts.some((first, i) => {
    if (first === count) return true;
    if (!/^\d{1,3}$/.test(first) && !/^\d+$/.test(first)) return false;
    let digits = first;
    if (fileCount(Number(digits)) === count) return true;
    for (const next of parts.slice(i + 1)) {
      if (!/^\d{3}$/.test(next) || !/^\d{1,3}$/.test(first)) break;
      digits += next;
      if (fileCount(Number(digits)) === count) return true;
    }
    return false;
  });
  return said ? `${stem}${checkpoint}.selfplay` : file;
}

/** The longest text a setting is shown with in full (a run's game records are not). */
export const LONG_TEXT = 200;

/** A setting's text as people read it: a long one (game records) by its length. */
export function settingText(s: string): string {
  return s.length > LONG_TEXT ? `${s.length.toLocaleString('en-US')} characters` : s;
}

/** A CSV field, quoted when it must be. */
export function csvField(v: string | number): string {
  const t = String(v);
  return /[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** A number of seconds as people say it: "6 s", "2 min 5 s", "1 h 3 min" (a dash when not a number). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  // Rounded first, so that 119.6 s is 2 min 0 s, not 1 min 60 s.
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * A file name's stem from a title: lower case, words joined by hyphens, at
 * most `max` characters, cut between words (never inside one):
 * "Win rate (dashed as white)" → "win-rate-dashed-as-white".
 */
export function fileStem(title: string, fallback: string, max = 60): string {
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if (next.length > max) break;
    out = next;
  }
  // A first word longer than the whole: cut, as no word boundary is near.
  if (!out && words.length > 0) out = words[0].slice(0, max);
  return out || fallback;
}

/**
 * A run's own name (its settings or the study's preset, and its seed:
 * "convergence, seed 1000003") cut to about `max` characters at a word,
 * the seed always kept: what tells apart runs of one kind in one game.
 */
export function runDetail(label: string, max = 48): string {
  const at = label.lastIndexOf(', seed ');
  const head = at >= 0 ? label.slice(0, at) : label;
  const seed = at >= 0 ? label.slice(at) : '';
  const room = Math.max(16, max - seed.length);
  if (head.length <= room) return head + seed;
  const cut = head.slice(0, room - 1);
  const space = cut.lastIndexOf(' ');
  const kept = (space > room / 2 ? cut.slice(0, space) : cut).replace(/[\s,·:;-]+$/, '');
  return `${kept}…${seed}`;
}

/**
 * A run as the header's list names it, in the page's words: its name
 * ("Run 3"), its kind of run's title ("Q-learning with a neural network")
 * and, to tell it from other runs of that kind, its own name shortened
 * (runDetail: its settings or preset, and its seed). Without the kind's
 * title, its own name.
 */
export function runText(name: string, kindTitle: string | undefined, label: string): string {
  const detail = label ? runDetail(label) : '';
  const what = kindTitle ? (detail ? `${kindTitle} (${detail})` : kindTitle) : detail || (name ? 'starting' : 'a run');
  return name ? `${name}: ${what}` : what;
}

/** The name a screen reader gives a run's Resume button in the header's list: the game and the run as the list shows it. */
export function resumeRunLabel(gameTitle: string, text: string): string {
  return `Resume ${gameTitle}: ${text}`;
}
