// The "From game records" preset: the study also learned its weights from
// expert games. Its section in the Train tab takes the records the run
// learns from — typed or pasted, loaded from a file, or the sample of games
// the engine played against itself that ships with the page — and they go
// into the run's settings (`records`), where the engine reads them and
// refuses a bad line by its number.

import { el } from '../../core/dom';
import { messageOf } from '../../core/notices';
import type { RunHooks, Section } from '../plugin';

/** The preset whose runs learn from records. */
const RECORDS_PRESET = 'records';
/** The most the page reads: a run keeps its records in every checkpoint (about 30,000 games). */
export const MAX_RECORDS_BYTES = 8 * 1024 * 1024;
/** The sample beside the page: 100 games of the engine at level 2 against itself. */
const SAMPLE = 'records/connect6-engine-level-2.txt';

/** The records in the box, kept while the page is open (a view of the game made again shows them). */
let kept = '';

/** The games in a text of records: its lines that hold something besides a comment. */
export function recordCount(text: string): number {
  return text.split('\n').filter((l) => l.split('#')[0].trim() !== '').length;
}

/** The records as a run's setting, or why there are none to learn from. */
export function recordsSetting(text: string): string {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_RECORDS_BYTES) throw new Error(`the records are ${(bytes / 1024 / 1024).toFixed(1)} MB; the page takes at most ${MAX_RECORDS_BYTES / 1024 / 1024} MB`);
  if (recordCount(text) === 0) throw new Error('there are no game records to learn from: load a file of records, or use the sample');
  return text.endsWith('\n') ? text : `${text}\n`;
}

class RecordsSection implements Section {
  readonly element: HTMLElement;
  private readonly text = el('textarea', {
    id: 'c6-records',
    rows: 5,
    autocomplete: 'off',
    className: 'records-text',
    placeholder: 'J10; K11 K9; H10 L10; … 1-0',
    'data-testid': 'records-text',
  });
  private readonly status = el('p', { className: 'hint', 'aria-live': 'polite', 'data-testid': 'records-status' });

  /** Counts the reads started: only the latest fills the box. */
  private reads = 0;

  constructor() {
    // Moves, not words (`el` leaves out a false attribute).
    this.text.spellcheck = false;
    this.text.value = kept;
    const file = el('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'data-testid': 'records-file' });
    const load = el('button', { type: 'button', 'data-testid': 'records-load' }, 'Load a file…');
    const sample = el('button', { type: 'button', 'data-testid': 'records-sample', title: 'Games the engine (level 2) played against itself from the 50 fixed openings, both colours' }, 'Use the sample (100 engine games)');
    load.addEventListener('click', () => file.click());
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      file.value = '';
      if (f) void this.fill(f.name, () => (f.size > MAX_RECORDS_BYTES ? Promise.reject(new Error(`${(f.size / 1024 / 1024).toFixed(1)} MB; the page takes at most ${MAX_RECORDS_BYTES / 1024 / 1024} MB`)) : f.text()));
    });
    sample.addEventListener('click', () => {
      void this.fill('the sample', async () => {
        const r = await fetch(new URL(SAMPLE, document.baseURI));
        if (!r.ok) throw new Error(`it could not be fetched (${r.status})`);
        return r.text();
      });
    });
    this.text.addEventListener('input', () => {
      // What is typed wins over a read still under way.
      this.reads++;
      kept = this.text.value;
      this.count();
    });
    this.element = el(
      'fieldset',
      { className: 'records' },
      el('legend', {}, 'Game records to learn from'),
      el('label', { htmlFor: 'c6-records' }, 'One game a line: its stones, turns separated by “;”, then 1-0, 0-1 or 1/2 when the board does not show the result.'),
      this.text,
      el('div', { className: 'controls' }, load, sample, file),
      this.status,
    );
    this.count();
  }

  /** Puts the text `read` gives in the box (from `what`, in the messages). */
  private async fill(what: string, read: () => Promise<string>): Promise<void> {
    const ticket = ++this.reads;
    this.status.textContent = `Reading ${what}…`;
    try {
      const text = await read();
      if (ticket !== this.reads) return;
      this.text.value = kept = text;
      this.count(what);
    } catch (e) {
      if (ticket === this.reads) this.status.textContent = `Not read: ${what}: ${messageOf(e)}`;
    }
  }

  private count(from?: string): void {
    const n = recordCount(this.text.value);
    this.status.textContent = n === 0 ? 'No records yet.' : `${n.toLocaleString('en')} game${n === 1 ? '' : 's'}${from ? ` from ${from}` : ''}; the run learns from each in turn, again from the first after the last.`;
  }

  records(): string {
    return this.text.value;
  }
}

/** The Train tab's hooks: the records section with the records preset, and the records put into its run. */
export function recordsHooks(): RunHooks {
  // One section for the view: records typed or loaded stay when another preset is tried.
  let section: RecordsSection | null = null;
  return {
    presetSection(_kind, preset) {
      if (preset.id !== RECORDS_PRESET) return null;
      section ??= new RecordsSection();
      return section;
    },
    adjustRuns(_kind, preset, configs) {
      if (preset.id !== RECORDS_PRESET) return configs;
      const records = recordsSetting(section?.records() ?? '');
      return configs.map((c) => ({ ...c, records }));
    },
  };
}
