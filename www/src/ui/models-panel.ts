// The Models tab: the model library of a game. List, rename, delete (with
// undo), duplicate, export as a file, import by file picker or drag and
// drop (checked by the engine's decoder first: a bad file is refused with
// its reason and nothing is stored), play against a model, continue
// training it. Below the library, the ready-made agents shipped with the
// page (read-only: play, export, copy into the library to rename or train
// further), listed when the tab is first shown.

import { compactCount } from '../core/charts';
import { formatDuration } from '../core/text';
import { el } from '../core/dom';
import type { Engine } from '../core/engine';
import { handOver, takeHandedOver } from '../core/handover';
import { metaOf } from '../core/models';
import { messageOf, showNotice } from '../core/notices';
import type { GameInfo, WeightTable } from '../core/protocol';
import { READY, ratingFigures, ratingWord, ratingWords, readyBytes, readyGame, seatOf, type LadderSeat, type ReadyGame, type ReadyModel } from '../core/ready';
import { downloadFile, isSavedCurve, type ModelLibrary, type ModelMeta } from '../core/storage';

/** What became of one imported file: the library's model, or null, and the message shown. */
export interface ImportResult {
  meta: ModelMeta | null;
  message: string;
}

export interface ModelsHost {
  info: GameInfo;
  /** The titles of every game, for a model of another game. */
  titles: Map<string, string>;
  engine: Engine;
  library: Promise<ModelLibrary>;
  playAgainst(meta: ModelMeta): Promise<void>;
  /** Plays against a ready-made model ("ready:<id>"). */
  playReady(name: string, label: string, side: 0 | 1 | null): Promise<void>;
  continueTraining(meta: ModelMeta, bytes: Uint8Array): Promise<void>;
  /** A model file's weights beside those it started from (null when its game does not show them). */
  weights(bytes: Uint8Array): Promise<WeightTable | null>;
}

/** What the Weights button shows. */
const WEIGHTS_TITLE = 'What it learned: every weight beside the one it started from';

/** Largest file the page reads for import (the decoder checks sizes too). */
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

function formatSize(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${n} B`;
}

/** How long a model learned, after its games (nothing when not known, as in files of before). */
function trainedIn(seconds: number | undefined): string {
  if (!seconds) return '';
  return seconds < 1 ? ' in under a second' : ` in ${formatDuration(seconds)}`;
}

/** When a model was trained, and when it was imported or last changed here, in words. */
export function modelDates(m: ModelMeta): string {
  const day = (t: number) => new Date(t).toLocaleString();
  if (m.imported !== undefined) return `trained ${day(m.created)} · imported ${day(m.imported)}`;
  return m.modified !== m.created ? `trained ${day(m.created)} · changed ${day(m.modified)}` : `trained ${day(m.created)}`;
}

export class ModelsPanel {
  readonly element: HTMLElement;
  private readonly list = el('ul', { className: 'model-list', 'data-testid': 'model-list' });
  private readonly status = el('p', { className: 'models-status', 'data-testid': 'models-status', 'aria-live': 'polite' });
  private readonly storageNote = el('p', { className: 'storage-note', 'data-testid': 'storage-note', hidden: true });
  private readonly undoBar = el('div', { className: 'undo-bar', 'data-testid': 'undo-bar', hidden: true });
  private readonly fileInput = el('input', { type: 'file', id: 'model-import', accept: '.selfplay,application/octet-stream', 'data-testid': 'model-import', multiple: true, 'aria-label': 'Import model files' });
  private readonly dropZone: HTMLElement;
  private readonly readyList = el('div', { className: 'ready-list', 'data-testid': 'ready-list' });
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly host: ModelsHost) {
    const pick = el('button', { type: 'button', className: 'primary', 'data-testid': 'model-import-button' }, 'Import a model file…');
    pick.addEventListener('click', () => this.fileInput.click());
    this.fileInput.className = 'visually-hidden';
    this.fileInput.tabIndex = -1;
    this.fileInput.addEventListener('change', () => {
      const files = [...(this.fileInput.files ?? [])];
      this.fileInput.value = '';
      void this.importFiles(files);
    });
    this.dropZone = el(
      'div',
      { className: 'drop-zone', 'data-testid': 'drop-zone' },
      el('p', {}, 'Drop .selfplay model files here, or '),
      pick,
      this.fileInput,
    );
    this.dropZone.addEventListener('dragover', (e) => {
      e.preventDefault();
      this.dropZone.classList.add('over');
    });
    this.dropZone.addEventListener('dragleave', () => this.dropZone.classList.remove('over'));
    this.dropZone.addEventListener('drop', (e) => {
      e.preventDefault();
      this.dropZone.classList.remove('over');
      void this.importFiles([...(e.dataTransfer?.files ?? [])]);
    });
    const readySection = el(
      'section',
      { className: 'ready', 'aria-labelledby': 'ready-heading' },
      el('h3', { id: 'ready-heading' }, 'Ready-made agents'),
      el('p', { className: 'hint' }, 'Trained by this playground’s own runs with fixed seeds, each kept at several stages of its run so you can play it as it was early and late. Read-only: play one, export it, or copy it into your library to rename it or train it further.'),
      this.readyList,
    );
    this.element = el('div', { className: 'models' }, this.storageNote, this.dropZone, this.status, this.undoBar, this.list, readySection);
    void this.showReady();
    void host.library.then(
      (lib) => {
        if (lib.volatileReason) {
          this.storageNote.hidden = false;
          this.storageNote.textContent = lib.volatileReason;
        }
        this.unsubscribe = lib.onChange(() => void this.refresh());
        void this.refresh();
        // A file brought from another game's Models tab ("Open … with it").
        const brought = takeHandedOver(host.info.id);
        if (brought.length > 0) void this.importFiles(brought);
      },
      (e: unknown) => showNotice(messageOf(e)),
    );
  }

  shown(): void {
    void this.refresh();
  }

  async refresh(): Promise<void> {
    let models: ModelMeta[];
    try {
      models = await (await this.host.library).list(this.host.info.id);
    } catch (e) {
      this.status.textContent = messageOf(e);
      return;
    }
    this.list.dataset.count = String(models.length);
    if (models.length === 0) {
      const where = this.host.info.runs.length > 0 ? 'Train one in the Train tab, or import a file.' : 'Import a file.';
      this.list.replaceChildren(el('li', { className: 'empty' }, `No models yet. ${where}`));
      return;
    }
    this.list.replaceChildren(...models.map((m) => this.row(m)));
  }

  /** The ready-made models of this game, grouped by run, from the page's manifest. */
  private async showReady(): Promise<void> {
    const g = await readyGame(this.host.info.id);
    if (!g || g.models.length === 0) {
      this.readyList.replaceChildren(el('p', {}, `No ready-made agents for ${this.host.info.title}.`));
      return;
    }
    const runs = [...new Set(g.models.map((m) => m.run))];
    const groups = runs.map((run) => {
      const stages = g.models.filter((m) => m.run === run);
      const first = stages[0];
      return el(
        'div',
        { className: 'ready-run', 'data-run': run },
        el('h4', {}, first.name.replace(/ · after .*$/, '')),
        el('p', { className: 'model-description' }, first.about),
        el('ul', { className: 'ready-stages' }, ...stages.map((m) => this.readyRow(m, g))),
      );
    });
    const l = g.ladder;
    const how = l
      ? [
          el(
            'p',
            { className: 'hint', 'data-testid': 'ready-rating-how' },
            `Ratings: Elo on ${this.host.info.title}’s ladder, where these models and the game’s own players played each other (${l.seats.length} players, ${l.openings} openings${l.perSide ? '' : ' each with both colours'}; ${this.seatLabel(l.seats.find((s) => s.name === l.anchor), g)} is 0), with their 95% intervals: the same numbers as the player lists and the Ladder tab. Played with `,
            el('code', {}, l.command),
            '.',
          ),
        ]
      : [];
    this.readyList.replaceChildren(...groups, ...how);
  }

  /** A seat of the ladder as people name it. */
  private seatLabel(s: LadderSeat | undefined, g: ReadyGame): string {
    if (!s) return '';
    const r = s.model ? g.models.find((m) => m.id === s.model) : undefined;
    return r ? `${r.short}, ${compactCount(r.games)} games` : s.name;
  }

  private readyRow(m: ReadyModel, g: ReadyGame): HTMLElement {
    const sides = m.side === null ? ([0, 1] as const) : [m.side];
    const l = g.ladder;
    // Its rating on each side it plays: one seat for both where the sides do not differ.
    const rated: { side: 0 | 1; seat: LadderSeat; word: string }[] = [];
    for (const side of sides) {
      const seat = l ? seatOf(l, { model: m.id }, side) : null;
      if (l && seat && !rated.some((r) => r.seat === seat)) rated.push({ side, seat, word: ratingWord(seat.elo, l, side) });
    }
    const ratingText = rated.map((r) => `${l ? ratingFigures(l, r.seat, ' Elo') : ''} (${r.word}${sides.length === 1 ? `, as ${this.host.info.sides[r.side]}` : ''})`).join('; ');
    const button = (text: string, test: string, action: () => Promise<void>, title = '') => {
      const b = el('button', { type: 'button', 'data-testid': test, title }, text);
      b.addEventListener('click', () => {
        b.disabled = true;
        action()
          .catch((e: unknown) => showNotice(messageOf(e)))
          .finally(() => (b.disabled = false));
      });
      return b;
    };
    // Pressed, it is disabled until the view opens: focus comes back to it when the view closes.
    const weights: HTMLButtonElement | null = m.weights ? button('Weights', 'ready-weights', async () => this.showWeights(m.name, await readyBytes(m), weights), WEIGHTS_TITLE) : null;
    return el(
      'li',
      { className: 'model ready-model', 'data-testid': 'ready-model', 'data-ready-id': m.id },
      el('h5', { className: 'model-name' }, `After ${m.games.toLocaleString('en')} games`),
      ...(l && rated.length > 0 ? [el('p', { className: 'rates', 'data-testid': 'ready-rating', title: ratingWords(l, rated[0].side, (s) => this.seatLabel(s, g)) }, `Rating: ${ratingText}`)] : []),
      el('p', {}, `${compactCount(m.games)} games trained${trainedIn(m.seconds)} · ${formatSize(m.bytes)} · seed ${m.seed}`),
      el('details', {}, el('summary', {}, 'How it was trained'), el('code', { className: 'ready-command' }, m.command)),
      el(
        'div',
        { className: 'controls' },
        button('Play against', 'ready-play', () => this.host.playReady(`${READY}${m.id}`, m.name, m.side)),
        button('Copy to library', 'ready-copy', () => this.copyReady(m), 'Keep a copy you can rename, train further or delete'),
        ...(weights ? [weights] : []),
        button('Export', 'ready-export', async () => downloadFile(await readyBytes(m), m.file), `Download ${m.file}`),
      ),
    );
  }

  /** Copies a ready-made model into the library, as an import of its file (a copy already there is not added again). */
  private async copyReady(m: ReadyModel): Promise<void> {
    const bytes = await readyBytes(m);
    const [r] = await this.importFiles([new File([bytes], m.file)]);
    if (r?.meta) this.list.querySelector(`[data-model-id="${r.meta.id}"]`)?.scrollIntoView({ block: 'nearest' });
  }

  /** What the model is, in words, and how it was trained (the engine's summary of its settings). */
  private described(m: ModelMeta): HTMLElement[] {
    // Records of older versions have no description: the kind of run that made it names it.
    const what = m.description ?? this.host.info.runs.find((k) => k.id === (m.continuesAs ?? m.algorithm))?.title ?? null;
    return [
      ...(what ? [el('p', { className: 'model-description', 'data-testid': 'model-description' }, what)] : []),
      el('p', { className: 'model-summary', title: 'How it was trained: the learner’s settings' }, m.summary),
    ];
  }

  private row(m: ModelMeta): HTMLElement {
    const rates = Object.entries(m.winRates)
      .map(([k, v]) => `${k} ${v.toFixed(0)}%`)
      .join(' · ');
    const button = (label: string, test: string, action: () => Promise<void>, title?: string) => {
      const b = el('button', { type: 'button', 'data-testid': test, title: title ?? '' }, label);
      b.addEventListener('click', () => {
        action().catch((e: unknown) => showNotice(messageOf(e)));
      });
      return b;
    };
    const name = el('h3', { className: 'model-name', 'data-testid': 'model-name' }, m.name);
    const li: HTMLLIElement = el(
      'li',
      { className: 'model', 'data-testid': 'model', 'data-model-id': m.id },
      name,
      ...this.described(m),
      el('p', { 'data-testid': 'model-dates' }, `${compactCount(m.gamesTrained)} games trained${trainedIn(m.trainSeconds)} · ${formatSize(m.size)} · ${modelDates(m)}`),
      el('p', { className: 'rates' }, rates ? `Latest: ${rates}` : 'Not evaluated yet.'),
      el(
        'div',
        { className: 'controls' },
        button('Play against', 'model-play', () => this.host.playAgainst(m)),
        // The run's learning curves, kept with the model.
        ...(m.curve ? [button('Curve', 'model-curve', () => import('./curve-view').then((v) => v.openCurves(m.name, m.curve!, li.querySelector('[data-testid="model-curve"]'))))] : []),
        ...(this.showsWeights(m) ? [button('Weights', 'model-weights', async () => this.showWeights(m.name, await (await this.host.library).bytes(m.id), li.querySelector('[data-testid="model-weights"]')), WEIGHTS_TITLE)] : []),
        ...(this.continues(m) ? [button('Continue training', 'model-train', () => this.train(m))] : []),
        button('Rename', 'model-rename', (): Promise<void> => this.rename(m, li)),
        button('Duplicate', 'model-duplicate', async () => void (await (await this.host.library).duplicate(m.id))),
        button('Export', 'model-export', () => this.exportModel(m), `Download ${m.fileName}`),
        button('Delete', 'model-delete', () => this.remove(m)),
      ),
    );
    return li;
  }

  /** Opens the Weights view of a model file; focus goes back to `back` when it closes. */
  private async showWeights(name: string, bytes: Uint8Array, back: HTMLElement | null): Promise<void> {
    const [table, view] = await Promise.all([this.host.weights(bytes), import('./weights-view')]);
    if (!table) throw new Error(`${name}: this model's weights cannot be shown`);
    view.openWeights(name, table, back);
  }

  /** Whether the model's weights can be shown (records of older versions: as its kind of run says). */
  private showsWeights(m: ModelMeta): boolean {
    if (m.weights !== undefined) return m.weights;
    return this.host.info.runs.some((k) => k.id === m.continuesAs && k.showsWeights);
  }

  /** Whether a kind of run of this game continues the model (unknown for records of older versions: offered). */
  private continues(m: ModelMeta): boolean {
    if (m.continuesAs === undefined) return this.host.info.runs.length > 0;
    return this.host.info.runs.some((k) => k.id === m.continuesAs);
  }

  private async train(m: ModelMeta): Promise<void> {
    const bytes = await (await this.host.library).bytes(m.id);
    await this.host.continueTraining(m, bytes);
  }

  /** Renames in place: an input replaces the name until Enter or Escape. */
  private async rename(m: ModelMeta, li: HTMLElement): Promise<void> {
    const name = li.querySelector('.model-name') as HTMLElement;
    const input = el('input', { type: 'text', value: m.name, 'aria-label': 'New name', 'data-testid': 'model-rename-input' });
    let finished = false;
    const done = async (save: boolean) => {
      // Replacing the input blurs it, which calls this again: once only.
      if (finished) return;
      finished = true;
      input.replaceWith(name);
      if (save && input.value.trim() && input.value.trim() !== m.name) {
        try {
          await (await this.host.library).rename(m.id, input.value);
        } catch (e) {
          showNotice(messageOf(e));
        }
      }
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') void done(true);
      if (e.key === 'Escape') void done(false);
    });
    input.addEventListener('blur', () => void done(true));
    name.replaceWith(input);
    input.focus();
    input.select();
  }

  private async exportModel(m: ModelMeta): Promise<void> {
    const bytes = await (await this.host.library).bytes(m.id);
    // The file carries the library's name and the run's curves, so that an import shows them again.
    let named = await this.host.engine.rename(bytes, m.name);
    if (m.curve) named = await this.host.engine.withCharts(named, m.curve);
    // The file name follows the name the model has now.
    downloadFile(named, (await this.host.engine.inspect(named)).fileName);
  }

  private async remove(m: ModelMeta): Promise<void> {
    const lib = await this.host.library;
    const { meta, bytes } = await lib.remove(m.id);
    const undo = el('button', { type: 'button', 'data-testid': 'undo-delete' }, 'Undo');
    this.undoBar.replaceChildren(el('span', {}, `Deleted “${meta.name}”. `), undo);
    this.undoBar.hidden = false;
    const timer = setTimeout(() => (this.undoBar.hidden = true), 15_000);
    undo.addEventListener('click', () => {
      clearTimeout(timer);
      this.undoBar.hidden = true;
      lib.save(meta, bytes).catch((e: unknown) => showNotice(messageOf(e)));
    });
    undo.focus();
  }

  /** Imports files one by one; each bad file is refused with the decoder's reason. */
  /**
   * Imports model files into the library; returns, per file, the library's
   * model (added, or already there) or null, with the message shown. With
   * `notify` false a failure is not raised as a notice (the caller says it).
   */
  async importFiles(files: File[], notify = true): Promise<ImportResult[]> {
    const results: ImportResult[] = [];
    for (const f of files) {
      // The game a file of another game belongs to, when the page plays it.
      let elsewhere: string | null = null;
      try {
        if (f.size > MAX_IMPORT_BYTES) throw new Error(`the file is ${formatSize(f.size)}; the limit is ${formatSize(MAX_IMPORT_BYTES)}`);
        const bytes = new Uint8Array(await f.arrayBuffer());
        const info = await this.host.engine.inspect(bytes);
        if (info.game !== this.host.info.id) {
          if (this.host.titles.has(info.game)) elsewhere = info.game;
          throw new Error(`This is a model of ${this.host.titles.get(info.game) ?? info.game}, not of ${this.host.info.title}: import it on that game’s page.`);
        }
        const name = info.name || f.name.replace(/\.selfplay$/, '');
        const lib = await this.host.library;
        const same = await this.sameFile(lib, bytes);
        if (same) {
          this.status.textContent = `${f.name} is already in the library as “${same.name}”; it was not added again.`;
          this.status.dataset.kind = 'ok';
          results.push({ meta: same, message: this.status.textContent });
          continue;
        }
        // Its curves and the date it was trained come with the file; the import's date is its own.
        const curve = isSavedCurve(info.charts) ? info.charts : undefined;
        const meta: ModelMeta = { ...metaOf(info, this.host.info, name), imported: Date.now(), ...(curve ? { curve } : {}) };
        await lib.save(meta, bytes);
        this.status.textContent = `Imported “${name}” from ${f.name}.`;
        this.status.dataset.kind = 'ok';
        results.push({ meta, message: this.status.textContent });
      } catch (e) {
        const msg = `${f.name} was not imported: ${messageOf(e)}`;
        const other = elsewhere;
        const title = other && this.host.titles.get(other);
        // Said once: beside the drop zone, or as a notice with what can be done.
        this.status.textContent = notify && other && title ? '' : msg;
        this.status.dataset.kind = 'error';
        if (notify && other && title) {
          // Offer its own game: that game's Models tab opens and imports it.
          showNotice(msg, 'error', {
            label: `Open ${title} with it`,
            run: () => {
              handOver(other, [f]);
              location.hash = `#/${other}?tab=models`;
            },
          });
        }
        results.push({ meta: null, message: msg });
      }
    }
    return results;
  }

  /** The library model of this game whose file is exactly `bytes`, if there is one. */
  private async sameFile(lib: ModelLibrary, bytes: Uint8Array): Promise<ModelMeta | null> {
    for (const m of await lib.list(this.host.info.id)) {
      if (m.size !== bytes.byteLength) continue;
      const other = await lib.bytes(m.id).catch(() => null);
      if (other && other.length === bytes.length && other.every((b, i) => b === bytes[i])) return m;
    }
    return null;
  }

  destroy(): void {
    this.unsubscribe?.();
  }
}
