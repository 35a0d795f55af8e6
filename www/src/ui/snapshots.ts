// Snapshots of a run: its model kept in the library after chosen numbers of
// learning games (the worker stops its chunks exactly there). A run card
// lists them as the library holds them — renamed, deleted or imported
// elsewhere, the list follows — each with Play against, and "Match these
// two" puts one snapshot on each side in the Play tab, where the game plays
// itself. A snapshot's library id is its run's id and its games, so a
// snapshot taken again (a run resumed before a checkpoint that knew of it)
// replaces the same record instead of adding a second.

import { el } from '../core/dom';
import { messageOf, showNotice } from '../core/notices';
import type { GameInfo } from '../core/protocol';
import type { ModelLibrary, ModelMeta } from '../core/storage';

/** The most snapshot points a run may have. */
const MAX_POINTS = 20;
/** The most learning games a snapshot point may be. */
const MAX_GAMES = 1_000_000_000;

/** Snapshot points as the field shows them ("1000, 10000"). */
export function formatPoints(points: number[]): string {
  return points.join(', ');
}

/**
 * The snapshot points written in the field: whole numbers of games
 * separated by commas, semicolons or spaces; "10k" is 10,000 and "1,000"
 * (commas between groups of three digits) is 1,000. Ascending, without
 * repeats; empty means none. Throws a sentence for anything else.
 */
export function parsePoints(text: string): number[] {
  const points = new Set<number>();
  for (const word of text.split(/[\s;]+/).filter(Boolean)) {
    const token = word.replace(/,+$/, '');
    const parts = /^\d{1,3}(,\d{3})+$/.test(token) ? [token.replace(/,/g, '')] : token.split(',').filter(Boolean);
    for (const part of parts) {
      const m = /^(\d+(?:\.\d+)?)(k?)$/i.exec(part);
      const v = m ? Number(m[1]) * (m[2] ? 1000 : 1) : NaN;
      if (!Number.isInteger(v) || v < 1 || v > MAX_GAMES) {
        throw new Error(`Keep snapshots after … games: “${part}” is not a whole number of games from 1 to ${MAX_GAMES.toLocaleString('en-US')}.`);
      }
      points.add(v);
    }
  }
  if (points.size > MAX_POINTS) throw new Error(`Keep snapshots after … games: at most ${MAX_POINTS} snapshots, please.`);
  return [...points].sort((a, b) => a - b);
}

/** What the library ids of a run's snapshots begin with. */
function snapshotPrefix(runId: string): string {
  return `${runId}-after-`;
}

/** The library id of a run's snapshot after `games` games. */
export function snapshotId(runId: string, games: number): string {
  return `${snapshotPrefix(runId)}${games}`;
}

/** What the shelf needs from its card. */
export interface ShelfHost {
  info: GameInfo;
  library: Promise<ModelLibrary>;
  /** "Run 2", for the controls' accessible names. */
  runName: string;
  runId: string;
  playAgainst(name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null): Promise<void>;
  match(first: string, second: string): Promise<void>;
}

/** The snapshots of one run on its card. */
export class SnapshotShelf {
  readonly element: HTMLElement;
  private readonly plan = el('p', { className: 'snapshot-plan', 'data-testid': 'snapshot-plan' });
  private readonly list = el('ul', { className: 'snapshot-list', 'data-testid': 'snapshot-list' });
  private readonly note = el('p', { className: 'snapshot-note', 'data-testid': 'snapshot-note', 'aria-live': 'polite' });
  private readonly selects: [HTMLSelectElement, HTMLSelectElement];
  private readonly matchButton: HTMLButtonElement;
  private readonly matchBox: HTMLElement;
  private shown: ModelMeta[] = [];
  private ticket = 0;
  private unsubscribe: (() => void) | null = null;
  private at: number[] = [];
  /** The sides whose snapshot the visitor chose (the others follow the defaults). */
  private readonly picked = [false, false];

  constructor(private readonly host: ShelfHost) {
    const id = `snap-${host.runId}`;
    this.selects = [0, 1].map((side) =>
      el('select', { id: `${id}-${side}`, 'data-testid': `snapshot-side-${side}` }),
    ) as [HTMLSelectElement, HTMLSelectElement];
    this.selects.forEach((s, side) => s.addEventListener('change', () => (this.picked[side] = true)));
    this.matchButton = el(
      'button',
      {
        type: 'button',
        'data-testid': 'snapshot-match',
        'aria-label': `Match these two snapshots of ${host.runName}`,
        title: 'Opens the Play tab with one snapshot on each side; the game plays itself',
      },
      'Match these two',
    );
    this.matchButton.addEventListener('click', () => void this.match());
    this.matchBox = el(
      'div',
      { className: 'snapshot-match' },
      ...([0, 1] as const).map((side) =>
        el('div', { className: 'field' }, el('label', { htmlFor: this.selects[side].id }, `${host.info.sides[side]}:`), this.selects[side]),
      ),
      el('div', { className: 'controls' }, this.matchButton),
    );
    this.element = el(
      'section',
      { className: 'run-snapshots', 'data-testid': 'run-snapshots', 'aria-label': `Snapshots of ${host.runName}`, hidden: true },
      el('h4', {}, 'Snapshots'),
      this.plan,
      this.list,
      this.matchBox,
      this.note,
    );
    void host.library.then((lib) => {
      this.unsubscribe = lib.onChange(() => void this.refresh());
    }, () => undefined);
  }

  /** The points asked for, and the run's planned total (points beyond it are never reached). */
  setPlan(at: number[], total: number): void {
    this.at = at;
    this.element.hidden = at.length === 0 && this.shown.length === 0;
    if (at.length === 0) {
      this.plan.textContent = '';
      return;
    }
    const words = at.map((n) => n.toLocaleString('en-US'));
    const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
    const beyond = total > 0 ? at.filter((n) => n > total).length : 0;
    this.plan.textContent =
      `Kept after ${list} games.` + (beyond > 0 ? ` ${beyond === 1 ? 'One is' : `${beyond} are`} beyond the run’s ${total.toLocaleString('en-US')} games and will not be taken.` : '');
  }

  /** Says something of the snapshots (one was kept, or could not be stored). */
  say(text: string): void {
    this.note.textContent = text;
  }

  /** Lists the run's snapshots as the library holds them now. */
  async refresh(): Promise<void> {
    const ticket = ++this.ticket;
    let metas: ModelMeta[];
    try {
      metas = await (await this.host.library).list(this.host.info.id);
    } catch {
      // Storage that cannot be read says so when a snapshot is stored.
      return;
    }
    if (ticket !== this.ticket) return;
    const prefix = snapshotPrefix(this.host.runId);
    this.shown = metas
      .filter((m) => m.id.startsWith(prefix))
      .sort((a, b) => a.gamesTrained - b.gamesTrained);
    this.render();
  }

  private render(): void {
    this.element.hidden = this.at.length === 0 && this.shown.length === 0;
    this.element.dataset.count = String(this.shown.length);
    this.list.replaceChildren(
      ...this.shown.map((m) => {
        const play = el(
          'button',
          { type: 'button', 'data-testid': 'snapshot-play', 'aria-label': `Play against ${m.name}` },
          'Play against',
        );
        play.addEventListener('click', () => {
          this.host.playAgainst(`net:${m.id}`, m.name, m.side ?? null, null).catch((e: unknown) => showNotice(messageOf(e)));
        });
        return el(
          'li',
          { 'data-testid': 'snapshot', 'data-games': String(m.gamesTrained), 'data-id': m.id },
          // The games in a few words; the library's name (the run's label first) and the model in words on hover.
          el('span', { className: 'snapshot-name', title: `${m.name}\n${m.description}` }, `After ${m.gamesTrained.toLocaleString('en-US')} games`),
          play,
        );
      }),
    );
    // Each side lists the snapshots that play it; by default the oldest meets the newest.
    for (const side of [0, 1] as const) {
      const select = this.selects[side];
      const before = select.value;
      const fits = this.shown.filter((m) => m.side == null || m.side === side);
      select.replaceChildren(...fits.map((m) => el('option', { value: m.id }, `after ${m.gamesTrained.toLocaleString('en-US')} games`)));
      if (this.picked[side] && fits.some((m) => m.id === before)) select.value = before;
      else if (fits.length > 0) select.value = (side === 0 ? fits[0] : fits[fits.length - 1]).id;
    }
    const canMatch = this.shown.length >= 2 && this.selects.every((s) => s.options.length > 0);
    this.matchBox.hidden = !canMatch;
    if (this.shown.length >= 2 && !canMatch) {
      this.note.textContent = `These snapshots all play the same side, so they cannot meet; play against each one instead.`;
    }
  }

  private async match(): Promise<void> {
    const [a, b] = this.selects.map((s) => s.value);
    if (!a || !b) return;
    try {
      await this.host.match(`net:${a}`, `net:${b}`);
    } catch (e) {
      showNotice(`The snapshots cannot play each other: ${messageOf(e)}`);
    }
  }

  destroy(): void {
    this.unsubscribe?.();
  }
}
