// The Play tab's game record: the whole game in the game's usual notation,
// to download as a small text file or copy, and a record to load from a file
// or a paste box. The engine reads and writes the records; the game's
// plug-in names the notation and explains it. A record that cannot be played
// is refused with the engine's message, which names the first bad move and
// its number, and the game on the board stays as it was.

import { el } from '../core/dom';
import { messageOf } from '../core/notices';
import type { GameInfo, GameState } from '../core/protocol';
import { upperFirst } from '../core/text';
import type { RecordNotation } from '../games/plugin';

/** A game record is short; a bigger file is something else. */
const MAX_RECORD_BYTES = 64 * 1024;

/** "othello-2025-11-23.txt": the game and the day, in the visitor's time. */
export function recordFileName(game: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${game}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = el('a', { href: url, download: fileName, rel: 'noopener' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The game whose record is saved and loaded: the Play tab's. */
export interface RecordedGame {
  /** The state on the board (its `history` is the record). */
  readonly state: GameState | null;
  /** The whole game in the game's notation. */
  recordText(): Promise<string>;
  /** Replaces the game by a record; rejects with the engine's message. */
  importRecord(text: string): Promise<void>;
}

export class RecordSection {
  readonly element: HTMLElement;
  private readonly status = el('p', { className: 'record-status', 'data-testid': 'record-status', role: 'status' });
  private readonly paste = el('textarea', {
    id: 'record-paste',
    className: 'record-paste',
    rows: 2,
    autocomplete: 'off',
    'data-testid': 'record-paste',
    'aria-describedby': 'record-help',
  });
  private readonly fileInput = el('input', {
    type: 'file',
    accept: '.txt,text/plain',
    className: 'visually-hidden',
    tabIndex: -1,
    'aria-label': 'Open a game record file',
    'data-testid': 'record-file',
  });

  constructor(
    private readonly info: GameInfo,
    private readonly notation: RecordNotation,
    private readonly play: RecordedGame,
  ) {
    const download = el('button', { type: 'button', 'data-testid': 'record-download', title: `Saves the whole game as a text file (${notation.name})` }, 'Download');
    const copy = el('button', { type: 'button', 'data-testid': 'record-copy', title: `Copies the whole game (${notation.name}) to the clipboard` }, 'Copy moves');
    const link = el(
      'button',
      { type: 'button', 'data-testid': 'copy-link', title: 'Copies the address of this game — who plays, their settings, the moves — to share it' },
      'Copy link',
    );
    const open = el('button', { type: 'button', 'data-testid': 'record-open' }, 'Open a file…');
    const load = el('button', { type: 'button', 'data-testid': 'record-load' }, 'Load');
    this.paste.placeholder = `e.g. ${notation.example}`;
    this.paste.spellcheck = false;
    download.addEventListener('click', () => void this.export('download'));
    copy.addEventListener('click', () => void this.export('copy'));
    link.addEventListener('click', () => void this.copyLink());
    open.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', () => {
      const file = this.fileInput.files?.[0];
      this.fileInput.value = '';
      if (file) void this.importFile(file);
    });
    load.addEventListener('click', () => void this.load(this.paste.value, 'The pasted record'));

    this.element = el(
      'section',
      { className: 'record', 'aria-labelledby': 'record-title' },
      el('h3', { id: 'record-title' }, 'Game record'),
      el('div', { className: 'controls' }, download, copy, link, open, this.fileInput),
      el('label', { htmlFor: 'record-paste', className: 'record-label' }, `Or paste a record (${notation.name}):`),
      el('div', { className: 'record-paste-row' }, this.paste, load),
      el('p', { id: 'record-help', className: 'record-help' }, notation.help),
      this.status,
    );
  }

  private say(text: string, kind: 'ok' | 'error'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  private async export(how: 'download' | 'copy'): Promise<void> {
    if (!this.play.state?.history.length) {
      this.say('There are no moves to save yet: play a move first.', 'error');
      return;
    }
    let text: string;
    try {
      text = await this.play.recordText();
    } catch (e) {
      this.say(`The record could not be written: ${messageOf(e)}`, 'error');
      return;
    }
    const count = this.play.state?.history.length ?? 0;
    const what = `${count} move${count === 1 ? '' : 's'}`;
    if (how === 'download') {
      const name = recordFileName(this.info.id);
      downloadText(`${text}\n`, name);
      this.say(`Saved the game (${what}) as ${name}.`, 'ok');
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      this.say(`Copied the game (${what}) to the clipboard.`, 'ok');
    } catch {
      // No clipboard (an insecure page, a refusal): the text to copy by hand.
      this.paste.value = text;
      this.paste.select();
      this.say('The clipboard is not available here: the record is in the box above, selected, to copy by hand.', 'error');
    }
  }

  /** Copies the page's address: it holds the game, its players and their settings. */
  private async copyLink(): Promise<void> {
    const address = location.href;
    try {
      await navigator.clipboard.writeText(address);
      this.say('Copied the link to this game: whoever opens it sees the same game, with the same players and settings.', 'ok');
    } catch {
      // No clipboard: the link, selected, to copy by hand.
      this.status.dataset.kind = 'error';
      const shown = el('input', { type: 'text', readOnly: true, value: address, className: 'record-link', 'aria-label': 'The link to this game', 'data-testid': 'link-text' });
      this.status.replaceChildren('The clipboard is not available here: copy the link by hand. ', shown);
      shown.select();
    }
  }

  private async importFile(file: File): Promise<void> {
    if (file.size > MAX_RECORD_BYTES) {
      this.say(`${file.name} was not loaded: it is ${Math.ceil(file.size / 1024)} kB, too big for a game record.`, 'error');
      return;
    }
    await this.load(await file.text(), file.name);
  }

  /** Loads a record; `source` names it in the messages. */
  private async load(text: string, source: string): Promise<void> {
    const record = text.trim();
    if (!record) {
      this.say(`${source} is empty: write or paste a record, like ${this.notation.example}.`, 'error');
      return;
    }
    try {
      await this.play.importRecord(record);
    } catch (e) {
      const why = messageOf(e);
      this.say(`${source} was not loaded, and the game on the board is unchanged. ${upperFirst(why)}.`, 'error');
      return;
    }
    const count = this.play.state?.history.length ?? 0;
    this.say(`${source} is loaded: ${count} move${count === 1 ? '' : 's'}, shown at its end. Click a move in the list to see the position after it.`, 'ok');
  }
}
