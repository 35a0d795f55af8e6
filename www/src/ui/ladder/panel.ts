// The Ladder tab: the game's ladder as shipped (its own players — fixed
// players, a searching player at a few levels — and its ready-made agents,
// with the table of their games and their ratings: the figures the player
// lists show), and every player a visitor adds (the game's own players at
// other settings, models from the library), who plays every other from the
// same openings, in each order of sides both can play; all are rated on one
// Elo scale with 95% intervals, fitted to all the games (the engine's
// ladder, as `selfplay ready rate` plays it). Games are played by the ladder's own
// workers, as many at once as the machine has cores to spare (rounds.ts);
// the table updates as each game ends (table.ts). A player who joins
// (candidates.ts) plays only its own games. The ladder (players and table)
// is kept in the library's storage, so a reload keeps every game; the table
// can be downloaded in the CLI's form. The learned players' ratings are
// drawn against their training (chart.ts).
//
// A library model joins as it is when it joins: if it is saved again
// later (a run saved again under the same id), the player stops playing and
// the new version can join as another player, so one name never stands for
// two models.

import { el } from '../../core/dom';
import { gameKey, LadderWorkers, tableKeys, tableLine, withoutPlayer, type Entrant } from '../../core/ladder';
import { messageOf, showNotice } from '../../core/notices';
import type { GameInfo, LadderRating } from '../../core/protocol';
import { readyBytes, readyGame, readyTable, type ReadyLadder, type ReadyModel } from '../../core/ready';
import { downloadFile, type Ladder, type LadderPlayer, type ModelLibrary, type ModelMeta } from '../../core/storage';
import { Cancelled } from '../../core/worker-client';
import { term } from '../glossary';
import { LadderCandidates, READY_MODEL, versionOf } from './candidates';
import { LadderChart } from './chart';
import { LadderRounds } from './rounds';
import { renderRatings } from './table';
import { howTheyPlay, openingsHelp } from './words';

export interface LadderHost {
  info: GameInfo;
  library: Promise<ModelLibrary>;
}

/** Openings each pair plays when a ladder starts. */
const DEFAULT_OPENINGS = 10;
/** The ratings are fitted again at most this often while games end (ms). */
const REFIT_MS = 400;
/** The ladder is stored at most this often while games end (ms). */
const SAVE_MS = 1000;

export class LadderPanel {
  readonly element: HTMLElement;
  private ladder: Ladder;
  /** The stored ladder has been read (or there was none): only then is it written. */
  private loaded = false;
  /** Something changed since the ladder was last stored. */
  private dirty = false;
  private saveFailed = false;
  /** The keys of the games in the table. */
  private done = new Set<string>();
  private ratings: LadderRating[] = [];
  private ratingNote = '';
  /** Counts fits asked for: only the latest one's answer is shown. */
  private fits = 0;
  private workers: LadderWorkers;
  private rounds: LadderRounds;
  /** Model files by model id and version, read when first played. */
  private bytes = new Map<string, Uint8Array>();
  /** Players who cannot play any more, by name, and why: their model left the library or changed (worked out again from the library), or could not be read (kept). */
  private missing = new Map<string, string>();
  private unreadable = new Map<string, string>();
  private models: ModelMeta[] = [];
  private ready: ReadyModel[] = [];
  /** The game's shipped ladder: its seats as players, and the table of their games. */
  private shipped: { ladder: ReadyLadder; players: LadderPlayer[]; table: string } | null = null;
  private refitTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  private unsubscribe: (() => void) | null = null;

  private readonly table = el('tbody', {});
  private readonly chart = new LadderChart();
  private readonly note = el('p', { className: 'hint ladder-note', 'data-testid': 'ladder-note' });
  /** What happens, said once (start, pause, the end, a player joined). */
  private readonly status = el('p', { className: 'ladder-status', 'data-testid': 'ladder-status', role: 'status' });
  /** How the ladder's games are played, from its players (the sides each plays). */
  private readonly howPlayed = el('span', {});
  private readonly openingsHelp = el('p', { className: 'help' });
  private readonly playButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'ladder-play' }, 'Play the games');
  private readonly candidates: LadderCandidates;
  private readonly openingsInput: HTMLInputElement;
  private readonly seedInput: HTMLInputElement;

  constructor(private readonly host: LadderHost) {
    const info = host.info;
    this.ladder = { game: info.id, players: [], openings: Math.min(DEFAULT_OPENINGS, info.ladderOpenings), seed: 1, table: '', savedAt: 0 };
    this.workers = new LadderWorkers((reason) => showNotice(`A ladder worker stopped (${reason}); a fresh one has been started.`));
    this.rounds = new LadderRounds({
      game: info.id,
      workers: this.workers,
      active: () => this.active(),
      player: (name) => this.players().find((p) => p.name === name && !this.missing.has(name)),
      entrant: (p) => this.entrant(p),
      table: () => this.fullTable(),
      seed: () => this.ladder.seed,
      openings: () => this.ladder.openings,
      done: this.done,
      record: (g, score) => {
        this.ladder.table += tableLine(g, score);
        this.done.add(gameKey(g));
        this.gameEnded();
      },
      cannotRead: (name, e) => this.cannotRead(name, e),
      say: (words) => this.say(words),
      started: () => this.render(),
      stopped: () => {
        this.flushSave();
        this.render();
        // A fit cancelled with the games is made again.
        void this.refit();
      },
    });
    this.candidates = new LadderCandidates(
      (p) => void this.add(p),
      () => this.playButton,
    );
    this.openingsInput = el('input', { type: 'number', min: 1, max: info.ladderOpenings, step: 1, value: String(this.ladder.openings), id: 'ladder-openings', 'data-testid': 'ladder-openings' });
    this.seedInput = el('input', { type: 'number', min: 0, step: 1, value: '1', id: 'ladder-seed', 'data-testid': 'ladder-seed' });
    this.openingsInput.addEventListener('change', () => this.setOpenings());
    this.seedInput.addEventListener('change', () => this.setSeed());
    this.playButton.addEventListener('click', () => (this.rounds.playing ? this.rounds.pause() : void this.rounds.play()));

    const download = el('button', { type: 'button', 'data-testid': 'ladder-download', title: 'One game a line: the opening, the first player, the second, and the first player’s score (1, ½ as 0.5, or 0), as the CLI’s ladder command reads it' }, 'Download the games');
    download.addEventListener('click', () => this.download());
    const clear = el('button', { type: 'button', 'data-testid': 'ladder-clear' }, 'Start over');
    clear.addEventListener('click', () => this.clear());

    const elo = term('Elo', 'A rating scale from chess: a player 200 points above another is expected to score about 76% against it, 400 points above about 91%.');
    const interval = term('±', 'The 95% interval: with this many games the true rating lies within this distance of the one shown, 19 times in 20. More games make it narrower.');
    this.element = el(
      'section',
      { className: 'ladder-panel', 'data-testid': 'ladder-panel' },
      el(
        'p',
        { className: 'lead', 'data-testid': 'ladder-lead' },
        this.howPlayed,
        ' All are rated on one ',
        elo,
        ' scale from every game they played. The game’s own players and ready-made agents are in it already, with their games; add your models (or a player at another level) and play their games to see where they stand.',
      ),
      el('div', { className: 'controls ladder-controls' }, this.playButton, this.status),
      this.rounds.counter,
      this.rounds.progress,
      el(
        'table',
        { className: 'ladder-table', 'data-testid': 'ladder-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, 'Rating ', interval), el('th', { scope: 'col' }, 'Games'), el('th', { scope: 'col' }, 'Score'), el('th', { scope: 'col' }, el('span', { className: 'visually-hidden' }, 'Remove')))),
        this.table,
      ),
      this.note,
      this.chart.element,
      el('h3', {}, 'Add players'),
      el('p', { className: 'hint' }, 'A player who joins plays only its own games against the others.'),
      this.candidates.element,
      el(
        'details',
        { className: 'ladder-settings' },
        el('summary', {}, 'Settings and the table of games'),
        el(
          'div',
          { className: 'field' },
          el('label', { htmlFor: 'ladder-openings' }, 'Openings per pair'),
          this.openingsInput,
          this.openingsHelp,
        ),
        el('div', { className: 'field' }, el('label', { htmlFor: 'ladder-seed' }, 'Seed'), this.seedInput, el('p', { className: 'help' }, 'Same seed, same games. Changing it removes the games played so far; they are played again with the new seed.')),
        el('div', { className: 'controls' }, download, clear),
      ),
    );
    this.render();
  }

  /** Reads the stored ladder and the models that can join. */
  async start(): Promise<void> {
    const library = await this.host.library;
    try {
      const kept = await library.ladder(this.host.info.id);
      if (kept) {
        this.ladder = kept;
        this.openingsInput.value = String(kept.openings);
        this.seedInput.value = String(kept.seed);
      }
      this.loaded = true;
    } catch (e) {
      // Without the stored ladder nothing is written over it: this tab's ladder lasts until it closes.
      showNotice(`${messageOf(e)} The ladder starts empty in this tab and is not stored.`);
    }
    try {
      const g = await readyGame(this.host.info.id);
      this.ready = g?.models ?? [];
      if (g?.ladder) {
        const ladder = g.ladder;
        const table = await readyTable(ladder);
        const players: LadderPlayer[] = ladder.seats.map((s) => ({ name: s.name, player: s.player, settings: s.settings ?? null, model: s.model ? `${READY_MODEL}${s.model}` : null, side: s.side }));
        this.shipped = { ladder, players, table: table.endsWith('\n') ? table : `${table}\n` };
        // A player of the visitor's named as a shipped one (from before the ladder was shipped) keeps its games under the shipped one.
        const names = new Set(players.map((p) => p.name));
        this.ladder.players = this.ladder.players.filter((p) => !names.has(p.name));
        if (this.ladder.table === '') this.ladder.seed = ladder.seed;
      }
    } catch (e) {
      this.ready = [];
      showNotice(`The game’s shipped ladder could not be read (${messageOf(e)}); add players to start one of your own.`);
    }
    this.openingsInput.value = String(this.ladder.openings);
    this.seedInput.value = String(this.ladder.seed);
    this.setDone(tableKeys(this.fullTable()));
    this.unsubscribe = library.onChange(() => void this.readModels());
    await this.readModels();
    this.render();
    await this.refit();
  }

  shown(): void {}

  /** The table's games are now `keys` (the rounds share the set). */
  private setDone(keys: Set<string>): void {
    this.done.clear();
    for (const k of keys) this.done.add(k);
  }

  private changed(): void {
    this.dirty = true;
  }

  private async readModels(): Promise<void> {
    let listed: ModelMeta[];
    try {
      listed = await (await this.host.library).list(this.host.info.id);
    } catch (e) {
      showNotice(messageOf(e));
      return;
    }
    // A model of one side joins on that side; where the sides differ every player has one.
    this.models = listed.filter((m) => !this.host.info.ladderPerSide || m.side !== null);
    // A model of the ladder that left the library, or was saved again since it joined, plays no more games.
    this.missing = new Map(this.unreadable);
    for (const p of this.ladder.players) {
      if (!p.model || p.model.startsWith(READY_MODEL)) continue;
      const meta = listed.find((m) => m.id === p.model);
      if (!meta) this.missing.set(p.name, 'its model is no longer in the library');
      else if (p.version !== undefined && versionOf(meta) !== p.version) this.missing.set(p.name, 'its model was saved again since it joined; add the new version as another player');
    }
    if (!this.destroyed) this.render();
  }

  private has(name: string): boolean {
    return this.players().some((p) => p.name === name);
  }

  /** Every player of the ladder: the shipped ones, then the visitor's. */
  private players(): LadderPlayer[] {
    return [...(this.shipped?.players ?? []), ...this.ladder.players];
  }

  /** Every game: the shipped table, then the visitor's games. */
  private fullTable(): string {
    return (this.shipped?.table ?? '') + this.ladder.table;
  }

  /** A shipped player: it stays in the ladder with its games. */
  private isShipped(name: string): boolean {
    return this.shipped?.players.some((p) => p.name === name) ?? false;
  }

  private async add(p: LadderPlayer): Promise<void> {
    if (this.has(p.name)) return;
    this.ladder.players.push(p);
    this.changed();
    this.render();
    this.say(this.rounds.playing ? `${p.name} joined: its games are played now.` : `${p.name} joined. Press “Play the games” to play its games.`);
    // A ladder being played takes the new player's games into this round (counted as pending at once).
    const refill = this.rounds.more();
    await this.save();
    await refill;
  }

  private remove(name: string): void {
    if (this.isShipped(name)) return;
    const games = this.gamesOf(name);
    if (games > 0 && !confirm(`Remove ${name} and its ${games.toLocaleString('en')} games from the ladder?`)) return;
    this.ladder.players = this.ladder.players.filter((p) => p.name !== name);
    this.ladder.table = withoutPlayer(this.ladder.table, name);
    this.setDone(tableKeys(this.fullTable()));
    this.missing.delete(name);
    this.unreadable.delete(name);
    this.rounds.drop(name);
    this.changed();
    this.render();
    this.say(`${name} left the ladder with its games.`);
    void this.save();
    void this.refit();
  }

  private gamesOf(name: string): number {
    let n = 0;
    for (const k of this.done) {
      const [, first, second] = k.split('\t');
      if (first === name || second === name) n++;
    }
    return n;
  }

  // ---- Settings -----------------------------------------------------------

  private setOpenings(): void {
    const text = this.openingsInput.value;
    const v = Number(text);
    if (text.trim() === '' || !Number.isInteger(v) || v < 1 || v > this.host.info.ladderOpenings) {
      showNotice(`The openings per pair must be a whole number from 1 to ${this.host.info.ladderOpenings}.`);
      this.openingsInput.value = String(this.ladder.openings);
      return;
    }
    if (v === this.ladder.openings) return;
    this.ladder.openings = v;
    this.changed();
    void this.save();
    void this.rounds.more();
    this.render();
  }

  private setSeed(): void {
    const text = this.seedInput.value;
    const v = Number(text);
    if (text.trim() === '' || !Number.isSafeInteger(v) || v < 0) {
      showNotice('The seed must be a whole number, 0 or more.');
      this.seedInput.value = String(this.ladder.seed);
      return;
    }
    if (v === this.ladder.seed) return;
    if (this.done.size > 0 && !confirm('A new seed means new games: the games played so far are removed. Go on?')) {
      this.seedInput.value = String(this.ladder.seed);
      return;
    }
    this.rounds.pause();
    this.ladder.seed = v;
    this.ladder.table = '';
    this.setDone(tableKeys(this.fullTable()));
    this.changed();
    void this.save();
    void this.refit();
  }

  private clear(): void {
    if (this.ladder.players.length === 0 && this.ladder.table === '') return;
    if (!confirm(this.shipped ? 'Remove the players you added and their games (the game’s own players and ready-made agents stay)?' : 'Remove every player and every game from the ladder?')) return;
    this.rounds.pause();
    this.ladder.players = [];
    this.ladder.table = '';
    this.setDone(tableKeys(this.fullTable()));
    this.missing.clear();
    this.unreadable.clear();
    this.changed();
    this.say(this.shipped ? 'Back to the shipped ladder.' : 'The ladder is empty.');
    void this.save();
    void this.refit();
  }

  private download(): void {
    const header = `# selfplay ${this.host.info.id} ladder (seed ${this.ladder.seed}): opening\tfirst\tsecond\tfirst's score\n`;
    downloadFile(new TextEncoder().encode(header + this.fullTable().split('\n').filter((l) => l !== '' && !l.startsWith('#')).join('\n') + '\n'), `${this.host.info.id}-ladder.tsv`);
  }

  // ---- Players' models ----------------------------------------------------

  /** The players who can play now. */
  private active(): LadderPlayer[] {
    return this.players().filter((p) => !this.missing.has(p.name));
  }

  private async modelBytes(p: LadderPlayer): Promise<Uint8Array> {
    const id = p.model!;
    const k = `${id}@${p.version ?? ''}`;
    let b = this.bytes.get(k);
    if (!b) {
      if (id.startsWith(READY_MODEL)) {
        const r = this.ready.find((m) => `${READY_MODEL}${m.id}` === id);
        if (!r) throw new Error('that ready-made agent is not shipped with this page');
        b = await readyBytes(r);
      } else {
        const library = await this.host.library;
        const meta = await library.meta(id);
        if (p.version !== undefined && versionOf(meta) !== p.version) throw new Error('it was saved again since it joined the ladder');
        b = await library.bytes(id);
      }
      this.bytes.set(k, b);
    }
    return b;
  }

  private async entrant(p: LadderPlayer): Promise<Entrant> {
    return { name: p.name, player: p.player, settings: p.settings, model: p.model ? { key: `${p.model}@${p.version ?? ''}`, bytes: await this.modelBytes(p) } : null };
  }

  /** A player whose model cannot be read plays no more games (until the page is opened again). */
  private cannotRead(name: string, e: unknown): void {
    const why = `its model could not be read (${messageOf(e)})`;
    this.unreadable.set(name, why);
    this.missing.set(name, why);
    this.renderTable();
  }

  private say(words: string): void {
    this.status.textContent = words;
  }

  // ---- Keeping and rating -------------------------------------------------

  private gameEnded(): void {
    this.changed();
    this.refitTimer ??= setTimeout(() => {
      this.refitTimer = null;
      void this.refit();
    }, REFIT_MS);
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, SAVE_MS);
  }

  private flushSave(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    void this.save();
  }

  /** Stores the ladder if it changed (and the stored one was read first, so nothing is written over unseen). */
  private async save(): Promise<void> {
    if (!this.loaded || !this.dirty) return;
    this.dirty = false;
    try {
      this.ladder.savedAt = Date.now();
      await (await this.host.library).saveLadder(structuredClone(this.ladder));
      this.saveFailed = false;
    } catch (e) {
      this.dirty = true;
      // Said once, not at every game.
      if (!this.saveFailed) showNotice(`${messageOf(e)} The ladder goes on in this tab; download its games to keep them.`);
      this.saveFailed = true;
    }
  }

  /** The player rated 0: the shipped ladder's, else the game's first own player in the ladder, else the first to join. */
  private anchor(): string | null {
    if (this.shipped) return this.shipped.ladder.anchor;
    for (const p of this.host.info.players) {
      const a = this.ladder.players.find((q) => q.player === p.id && q.model === null);
      if (a) return a.name;
    }
    return this.ladder.players[0]?.name ?? null;
  }

  private async refit(): Promise<void> {
    const fit = ++this.fits;
    const anchor = this.anchor();
    if (!anchor || this.done.size === 0 || this.destroyed) {
      this.ratings = [];
      this.ratingNote = '';
      this.renderTable();
      this.renderChart();
      return;
    }
    let ratings: LadderRating[] = [];
    let note: string;
    const shipped = this.shipped;
    try {
      if (shipped && this.ladder.table.trim() === '') {
        // The shipped games alone: the manifest's ratings, fitted from them (the player lists show the same).
        ratings = shipped.ladder.seats.map((s) => ({ player: s.name, elo: s.elo, interval: s.interval, games: s.games, score: s.score }));
        note = `Ratings relative to ${anchor}, fixed at 0, from the ${shipped.table.split('\n').filter((l) => l && !l.startsWith('#')).length.toLocaleString('en')} shipped games (${shipped.ladder.command}).`;
      } else {
        ratings = await this.workers.ratings(this.fullTable(), anchor, this.host.info.ladderPerSide);
        note = `Ratings relative to ${anchor}, fixed at 0.`;
      }
    } catch (e) {
      if (e instanceof Cancelled) return;
      // Early on a player may not be linked to the others by games yet.
      note = `Not rated yet: ${messageOf(e)}.`;
    }
    // Only the latest fit is shown.
    if (fit !== this.fits || this.destroyed) return;
    this.ratings = ratings;
    this.ratingNote = note;
    this.renderTable();
    this.renderChart();
  }

  // ---- Drawing ------------------------------------------------------------

  private renderChart(): void {
    this.chart.render({ ratings: this.ratings, players: this.players(), missing: this.missing, ready: this.ready, models: this.models });
  }

  private render(): void {
    const info = this.host.info;
    const perSide = this.shipped?.ladder.perSide ?? info.ladderPerSide;
    this.howPlayed.textContent = howTheyPlay(info.sides, perSide, this.players());
    this.openingsHelp.textContent = openingsHelp(info.ladderOpenings, info.sides, perSide, this.players());
    this.playButton.textContent = this.rounds.playing ? 'Pause' : 'Play the games';
    this.playButton.setAttribute('aria-pressed', String(this.rounds.playing));
    this.rounds.render();
    this.renderTable();
    this.candidates.render({ info: this.host.info, models: this.models, ready: this.ready, players: this.players(), missing: this.missing });
  }

  private renderTable(): void {
    renderRatings(this.table, {
      ratings: this.ratings,
      names: this.players().map((p) => p.name),
      anchor: this.anchor(),
      missing: this.missing,
      fixed: (name) => this.isShipped(name),
      gamesOf: (name) => this.gamesOf(name),
      remove: (name) => this.remove(name),
    });
    this.note.textContent = this.ratingNote;
  }

  destroy(): void {
    this.destroyed = true;
    this.rounds.destroy();
    this.unsubscribe?.();
    if (this.refitTimer !== null) clearTimeout(this.refitTimer);
    this.flushSave();
    this.workers.terminate();
    this.chart.destroy();
  }
}
