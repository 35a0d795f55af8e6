// The Ladder tab: every player a visitor adds (the game's own players,
// models from the library, ready-made agents) plays every other from the
// same openings, once with each colour, and all are rated on one Elo scale
// with 95% intervals, fitted to all the games (the engine's ladder, the same
// as `selfplay <game> ladder`). Games are played by the ladder's own
// workers, as many at once as the machine has cores to spare; the table
// updates as each game ends. A player who joins plays only its own games.
// The ladder (players and table) is kept in the library's storage, so a
// reload keeps every game; the table can be downloaded in the CLI's form.

import { el } from '../core/dom';
import { freeName, LadderWorkers, tableLine, tableName, withoutPlayer, type Entrant } from '../core/ladder';
import { messageOf, showNotice } from '../core/notices';
import type { FieldSpec, GameInfo, LadderGame, LadderRating, PlayerInfo } from '../core/protocol';
import { readyBytes, readyGame, type ReadyModel } from '../core/ready';
import { downloadFile, type Ladder, type LadderPlayer, type ModelLibrary, type ModelMeta } from '../core/storage';
import { Cancelled, WorkerDied } from '../core/worker-client';
import { term } from './glossary';

export interface LadderHost {
  info: GameInfo;
  library: Promise<ModelLibrary>;
}

/** The model id of a ready-made model in a ladder player. */
const READY_MODEL = 'ready:';
/** Openings each pair plays when a ladder starts. */
const DEFAULT_OPENINGS = 10;
/** The ratings are fitted again at most this often while games end (ms). */
const REFIT_MS = 400;
/** The ladder is stored at most this often while games end (ms). */
const SAVE_MS = 1000;

/** A player a visitor can add: the game's own (at a setting) or a model. */
interface Candidate {
  /** Its name in the ladder, before a clash is settled. */
  name: string;
  what: string;
  player: LadderPlayer;
  group: 'players' | 'library' | 'ready';
}

/** The first field of a player's settings, when it is a whole number the visitor picks (a level). */
function levelField(p: PlayerInfo): (FieldSpec & { type: 'int' }) | null {
  const f = p.settings[0];
  return f && f.type === 'int' ? f : null;
}

export class LadderPanel {
  readonly element: HTMLElement;
  private ladder: Ladder;
  private ratings: LadderRating[] = [];
  private ratingNote = '';
  private workers: LadderWorkers;
  private playing = false;
  /** Counts rounds of play: a round paused and started again is a new round. */
  private round = 0;
  /** Games left to play in this round, and how many it had. */
  private queue: LadderGame[] = [];
  private roundTotal = 0;
  private roundDone = 0;
  private startedAt = 0;
  /** Model files by model id, loaded when a round starts. */
  private bytes = new Map<string, Uint8Array>();
  /** Models found missing (deleted from the library): they play no more games. */
  private missing = new Set<string>();
  private models: ModelMeta[] = [];
  /** The level picked beside each player that has one, by player id. */
  private levels = new Map<string, number>();
  private ready: ReadyModel[] = [];
  private refitTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  private unsubscribe: (() => void) | null = null;

  private readonly table = el('tbody', {});
  private readonly note = el('p', { className: 'hint ladder-note', 'data-testid': 'ladder-note' });
  private readonly status = el('p', { className: 'ladder-status', 'data-testid': 'ladder-status', 'aria-live': 'polite' });
  private readonly progress = el('progress', { className: 'ladder-progress', max: 1, value: 0, hidden: true, 'aria-label': 'Games played in this round' });
  private readonly playButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'ladder-play' }, 'Play the games');
  private readonly candidates = el('div', { className: 'ladder-add-lists', 'data-testid': 'ladder-candidates' });
  private readonly openingsInput: HTMLInputElement;
  private readonly seedInput: HTMLInputElement;

  constructor(private readonly host: LadderHost) {
    const info = host.info;
    this.ladder = { game: info.id, players: [], openings: Math.min(DEFAULT_OPENINGS, info.ladderOpenings), seed: 1, table: '', savedAt: 0 };
    this.workers = new LadderWorkers((reason) => showNotice(`A ladder worker stopped (${reason}); a fresh one has been started.`));
    this.openingsInput = el('input', { type: 'number', min: 1, max: info.ladderOpenings, step: 1, value: String(this.ladder.openings), id: 'ladder-openings', 'data-testid': 'ladder-openings' });
    this.seedInput = el('input', { type: 'number', min: 0, step: 1, value: '1', id: 'ladder-seed', 'data-testid': 'ladder-seed' });
    this.openingsInput.addEventListener('change', () => this.setOpenings());
    this.seedInput.addEventListener('change', () => this.setSeed());
    this.playButton.addEventListener('click', () => (this.playing ? this.pause() : void this.play()));

    const download = el('button', { type: 'button', 'data-testid': 'ladder-download', title: 'The games as a table that `selfplay ladder --results FILE --rate-only` reads' }, 'Download the games');
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
        { className: 'lead' },
        `Every player in the ladder plays every other from the same starting positions, once with each colour, and all are rated on one `,
        elo,
        ' scale from every game they played. Add the players you want to compare, then play the games.',
      ),
      el('div', { className: 'controls ladder-controls' }, this.playButton, this.status),
      this.progress,
      el(
        'table',
        { className: 'ladder-table', 'data-testid': 'ladder-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, 'Rating ', interval), el('th', { scope: 'col' }, 'Games'), el('th', { scope: 'col' }, 'Score'), el('th', { scope: 'col' }, el('span', { className: 'visually-hidden' }, 'Remove')))),
        this.table,
      ),
      this.note,
      el('h3', {}, 'Add players'),
      el('p', { className: 'hint' }, 'A player who joins plays only its own games against the others.'),
      this.candidates,
      el(
        'details',
        { className: 'ladder-settings' },
        el('summary', {}, 'Settings and the table of games'),
        el(
          'div',
          { className: 'field' },
          el('label', { htmlFor: 'ladder-openings' }, 'Openings per pair'),
          this.openingsInput,
          el('p', { className: 'help' }, `Each pair of players plays this many of the ${info.ladderOpenings} shipped starting positions, each once with each colour. More openings: narrower intervals, more games.`),
        ),
        el('div', { className: 'field' }, el('label', { htmlFor: 'ladder-seed' }, 'Seed'), this.seedInput, el('p', { className: 'help' }, 'Same seed, same games. Changing it plays every game again.')),
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
    } catch (e) {
      showNotice(messageOf(e));
    }
    this.unsubscribe = library.onChange(() => void this.readModels());
    await this.readModels();
    try {
      this.ready = ((await readyGame(this.host.info.id))?.models ?? []).filter((m) => m.side === null);
    } catch {
      this.ready = [];
    }
    this.render();
    await this.refit();
  }

  shown(): void {}

  private async readModels(): Promise<void> {
    try {
      this.models = (await (await this.host.library).list(this.host.info.id)).filter((m) => (m.side ?? null) === null);
    } catch (e) {
      showNotice(messageOf(e));
    }
    // A model of the ladder that left the library plays no more games.
    for (const p of this.ladder.players) {
      if (p.model && !p.model.startsWith(READY_MODEL) && !this.models.some((m) => m.id === p.model)) this.missing.add(p.model);
    }
    if (!this.destroyed) this.render();
  }

  // ---- What the visitor can add ------------------------------------------

  private candidateList(): Candidate[] {
    const out: Candidate[] = [];
    for (const p of this.host.info.players) {
      if (!p.sides[0] || !p.sides[1]) continue;
      // A player with a level is one candidate, its level picked beside it.
      out.push({ name: p.label, what: p.description, player: { name: p.label, player: p.id, settings: null, model: null }, group: 'players' });
    }
    for (const m of this.models) out.push({ name: tableName(m.name), what: m.description ?? m.summary, player: { name: tableName(m.name), player: 'model', settings: null, model: m.id }, group: 'library' });
    for (const r of this.ready) out.push({ name: tableName(r.name), what: r.about, player: { name: tableName(r.name), player: 'model', settings: null, model: `${READY_MODEL}${r.id}` }, group: 'ready' });
    return out;
  }

  private has(name: string): boolean {
    return this.ladder.players.some((p) => p.name === name);
  }

  private renderCandidates(): void {
    const all = this.candidateList();
    const list = (group: Candidate['group']) => el('ul', { className: 'ladder-candidates' }, ...all.filter((c) => c.group === group).map((c) => this.candidateRow(c)));
    const library = all.some((c) => c.group === 'library')
      ? [el('h4', {}, 'Your models'), list('library')]
      : [el('p', { className: 'hint' }, 'Models you train or import (Train and Models tabs) are listed here too.')];
    const ready = all.filter((c) => c.group === 'ready').length;
    // The ready-made agents stay folded, and stay open once opened.
    const readyGroup = el('details', { className: 'ladder-ready', open: this.readyOpen }, el('summary', {}, `Ready-made agents (${ready})`), list('ready'));
    readyGroup.addEventListener('toggle', () => (this.readyOpen = readyGroup.open));
    this.candidates.replaceChildren(el('h4', {}, `${this.host.info.title}’s players`), list('players'), ...library, ...(ready > 0 ? [readyGroup] : []));
  }

  private readyOpen = false;

  private candidateRow(c: Candidate): HTMLElement {
    const info = c.player.model === null ? this.host.info.players.find((p) => p.id === c.player.player) : undefined;
    const f = info ? levelField(info) : null;
    const add = el('button', { type: 'button', 'data-testid': 'ladder-add' }, 'Add');
    const row = el(
      'li',
      { className: 'ladder-candidate', 'data-testid': 'ladder-candidate', 'data-name': c.name },
      el('span', { className: 'candidate-text' }, el('span', { className: 'candidate-name' }, c.name), el('span', { className: 'candidate-what' }, c.what)),
    );
    const actions = el('span', { className: 'candidate-actions' });
    if (f && info) {
      const id = `ladder-level-${info.id}`;
      const level = el('input', { type: 'number', id, min: f.min, max: f.max, step: 1, value: String(this.levels.get(info.id) ?? f.default), 'data-testid': 'ladder-level', className: 'ladder-level' });
      const name = () => `${info.label}, ${f.label.toLowerCase()} ${level.value}`;
      const update = () => {
        const v = Number(level.value);
        const ok = Number.isInteger(v) && v >= f.min && v <= f.max;
        if (ok) this.levels.set(info.id, v);
        add.disabled = !ok || this.has(name());
        add.textContent = ok && this.has(name()) ? 'In the ladder' : 'Add';
      };
      level.addEventListener('input', update);
      add.addEventListener('click', () => {
        const v = Number(level.value);
        void this.add({ name: name(), player: info.id, settings: { [f.id]: v }, model: null });
      });
      actions.append(el('label', { className: 'candidate-level', htmlFor: id, title: f.help }, f.label), level);
      update();
    } else {
      const model = c.player.model;
      const inLadder = model ? this.ladder.players.some((p) => p.model === model) : this.has(c.name);
      add.disabled = inLadder;
      add.textContent = inLadder ? 'In the ladder' : 'Add';
      add.addEventListener('click', () => void this.add({ ...c.player, name: freeName(c.name, (n) => this.has(n)) }));
    }
    actions.append(add);
    row.append(actions);
    return row;
  }

  private async add(p: LadderPlayer): Promise<void> {
    if (this.has(p.name)) return;
    this.ladder.players.push(p);
    this.render();
    await this.save();
    // A ladder being played takes the new player's games into this round.
    if (this.playing) await this.refill();
    else this.status.textContent = `${p.name} joined. Press “Play the games” to play its games.`;
  }

  private remove(name: string): void {
    const games = this.gamesOf(name);
    if (games > 0 && !confirm(`Remove ${name} and its ${games.toLocaleString('en')} games from the ladder?`)) return;
    this.ladder.players = this.ladder.players.filter((p) => p.name !== name);
    this.ladder.table = withoutPlayer(this.ladder.table, name);
    this.queue = this.queue.filter((g) => g.first !== name && g.second !== name);
    this.render();
    void this.save();
    void this.refit();
  }

  private gamesOf(name: string): number {
    let n = 0;
    for (const line of this.ladder.table.split('\n')) {
      const f = line.split('\t');
      if (f.length === 4 && (f[1] === name || f[2] === name)) n++;
    }
    return n;
  }

  // ---- Settings -----------------------------------------------------------

  private setOpenings(): void {
    const v = Number(this.openingsInput.value);
    if (!Number.isInteger(v) || v < 1 || v > this.host.info.ladderOpenings) {
      showNotice(`The openings per pair must be a whole number from 1 to ${this.host.info.ladderOpenings}.`);
      this.openingsInput.value = String(this.ladder.openings);
      return;
    }
    this.ladder.openings = v;
    void this.save();
    if (this.playing) void this.refill();
    this.render();
  }

  private setSeed(): void {
    const v = Number(this.seedInput.value);
    if (!Number.isSafeInteger(v) || v < 0) {
      showNotice('The seed must be a whole number, 0 or more.');
      this.seedInput.value = String(this.ladder.seed);
      return;
    }
    if (v === this.ladder.seed) return;
    if (this.playedGames() > 0 && !confirm('A new seed means new games: the games played so far are removed. Go on?')) {
      this.seedInput.value = String(this.ladder.seed);
      return;
    }
    this.pause();
    this.ladder.seed = v;
    this.ladder.table = '';
    this.ratings = [];
    this.render();
    void this.save();
  }

  private clear(): void {
    if (this.ladder.players.length === 0) return;
    if (!confirm('Remove every player and every game from the ladder?')) return;
    this.pause();
    this.ladder.players = [];
    this.ladder.table = '';
    this.ratings = [];
    this.ratingNote = '';
    this.status.textContent = '';
    this.render();
    void this.save();
  }

  private download(): void {
    const header = `# selfplay ${this.host.info.id} ladder (seed ${this.ladder.seed}): opening\tfirst\tsecond\tfirst's score\n`;
    downloadFile(new TextEncoder().encode(header + this.ladder.table), `${this.host.info.id}-ladder.tsv`);
  }

  // ---- Playing ------------------------------------------------------------

  private playedGames(): number {
    return this.ladder.table.split('\n').filter((l) => l.split('\t').length === 4).length;
  }

  /** The players who can play now (their models are there). */
  private active(): LadderPlayer[] {
    return this.ladder.players.filter((p) => !p.model || !this.missing.has(p.model));
  }

  private async modelBytes(id: string): Promise<Uint8Array> {
    let b = this.bytes.get(id);
    if (!b) {
      if (id.startsWith(READY_MODEL)) {
        const r = this.ready.find((m) => `${READY_MODEL}${m.id}` === id);
        if (!r) throw new Error('that ready-made model is not shipped with this page');
        b = await readyBytes(r);
      } else {
        b = await (await this.host.library).bytes(id);
      }
      this.bytes.set(id, b);
    }
    return b;
  }

  private async entrant(p: LadderPlayer): Promise<Entrant> {
    return { name: p.name, player: p.player, settings: p.settings, model: p.model ? { key: p.model, bytes: await this.modelBytes(p.model) } : null };
  }

  /** Works out the games still to play (after a player joined, or the openings changed). */
  private async refill(): Promise<void> {
    const players = this.active().map((p) => p.name);
    const todo = players.length < 2 ? [] : await this.workers.todo(this.host.info.id, this.ladder.table, players, this.ladder.openings);
    this.queue = todo.filter((g) => !this.flying.has(key(g)));
    this.roundTotal = this.roundDone + this.queue.length + this.flying.size;
    this.render();
  }

  /** Games being played now, by key. */
  private flying = new Set<string>();

  private async play(): Promise<void> {
    if (this.playing) return;
    const players = this.active();
    if (players.length < 2) {
      this.status.textContent = 'Add at least two players first.';
      return;
    }
    this.playing = true;
    const round = ++this.round;
    const current = () => this.playing && this.round === round && !this.destroyed;
    this.render();
    try {
      // Every model is read before the first game: a model that cannot be read stops nothing else.
      for (const p of players) {
        if (!p.model) continue;
        try {
          await this.modelBytes(p.model);
        } catch (e) {
          this.missing.add(p.model);
          showNotice(`${p.name} cannot play: ${messageOf(e)}. Its games so far stay in the ladder.`);
        }
      }
      this.roundDone = 0;
      this.flying.clear();
      this.queue = [];
      await this.refill();
      if (this.queue.length === 0) {
        this.status.textContent = 'Every game of these players has been played. Add a player, or more openings, to play more.';
        return;
      }
      this.startedAt = performance.now();
      const retried = new Set<string>();
      const lane = async (slot: number): Promise<void> => {
        while (current()) {
          const g = this.queue.shift();
          if (!g) return;
          const k = key(g);
          this.flying.add(k);
          try {
            const first = this.ladder.players.find((p) => p.name === g.first);
            const second = this.ladder.players.find((p) => p.name === g.second);
            if (!first || !second) continue;
            const score = await this.workers.play(slot, this.host.info.id, g, await this.entrant(first), await this.entrant(second), this.ladder.seed);
            // A player removed, or a new round, while the game was played: the game is dropped.
            if (this.round !== round || !this.has(g.first) || !this.has(g.second)) continue;
            this.ladder.table += tableLine(g, score);
            this.roundDone++;
            this.gameEnded();
          } catch (e) {
            if (e instanceof Cancelled || !current()) return;
            if (e instanceof WorkerDied && !retried.has(k)) {
              // Once more on the fresh worker; a game that kills it twice stops the ladder.
              retried.add(k);
              this.queue.unshift(g);
              continue;
            }
            this.pause();
            showNotice(`The ladder stopped: ${g.first} against ${g.second}, opening ${g.opening + 1}: ${messageOf(e)}. The games played so far are kept.`);
            return;
          } finally {
            this.flying.delete(k);
          }
        }
      };
      await Promise.all(Array.from({ length: this.workers.size }, (_, i) => lane(i)));
      if (current() && this.queue.length === 0 && this.flying.size === 0) this.status.textContent = `All ${this.roundTotal.toLocaleString('en')} games played.`;
    } catch (e) {
      if (this.round === round) showNotice(`The ladder could not play: ${messageOf(e)}`);
    } finally {
      if (this.round === round) {
        this.playing = false;
        this.flushSave();
        this.render();
        await this.refit();
      }
    }
  }

  private pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.queue = [];
    this.workers.cancel();
    this.status.textContent = 'Paused. The games played so far are kept.';
    this.flushSave();
    this.render();
  }

  private gameEnded(): void {
    this.renderProgress();
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

  private async save(): Promise<void> {
    try {
      this.ladder.savedAt = Date.now();
      await (await this.host.library).saveLadder(structuredClone(this.ladder));
    } catch (e) {
      showNotice(`${messageOf(e)} The ladder goes on in this tab; download its games to keep them.`);
    }
  }

  /** The player rated 0: the game's first own player in the ladder, else the first to join. */
  private anchor(): string | null {
    for (const p of this.host.info.players) {
      const a = this.ladder.players.find((q) => q.player === p.id && q.model === null);
      if (a) return a.name;
    }
    return this.ladder.players[0]?.name ?? null;
  }

  private async refit(): Promise<void> {
    const anchor = this.anchor();
    if (!anchor || this.playedGames() === 0 || this.destroyed) {
      this.ratings = [];
      this.renderTable();
      return;
    }
    try {
      this.ratings = await this.workers.ratings(this.ladder.table, anchor);
      this.ratingNote = `Ratings relative to ${anchor}, fixed at 0.`;
    } catch (e) {
      if (e instanceof Cancelled) return;
      // Early on a player may not be linked to the others by games yet: the last ratings stay.
      this.ratingNote = `Not rated yet: ${messageOf(e)}.`;
    }
    if (!this.destroyed) this.renderTable();
  }

  // ---- Drawing ------------------------------------------------------------

  private render(): void {
    this.playButton.textContent = this.playing ? 'Pause' : 'Play the games';
    this.playButton.setAttribute('aria-pressed', String(this.playing));
    this.renderProgress();
    this.renderTable();
    this.renderCandidates();
  }

  private renderProgress(): void {
    this.progress.hidden = !this.playing || this.roundTotal === 0;
    this.progress.max = Math.max(1, this.roundTotal);
    this.progress.value = this.roundDone;
    if (this.playing && this.roundTotal > 0) {
      const secs = (performance.now() - this.startedAt) / 1000;
      const rate = secs > 0.5 ? ` · ${(this.roundDone / secs).toFixed(1)} games/s on ${this.workers.size} worker${this.workers.size > 1 ? 's' : ''}` : '';
      this.status.textContent = `Playing: ${this.roundDone.toLocaleString('en')} of ${this.roundTotal.toLocaleString('en')} games${rate}`;
    }
  }

  private renderTable(): void {
    const rated = new Map(this.ratings.map((r) => [r.player, r]));
    const anchor = this.anchor();
    const rows: HTMLElement[] = [];
    const order = [...this.ratings.map((r) => r.player).filter((n) => this.has(n)), ...this.ladder.players.map((p) => p.name).filter((n) => !rated.has(n))];
    order.forEach((name, i) => {
      const r = rated.get(name);
      const p = this.ladder.players.find((q) => q.name === name);
      const gone = p?.model && this.missing.has(p.model) ? ' (its model is no longer here: it plays no more games)' : '';
      const remove = el('button', { type: 'button', className: 'ladder-remove', 'data-testid': 'ladder-remove', 'aria-label': `Remove ${name}`, title: `Remove ${name} and its games` }, '✕');
      remove.addEventListener('click', () => this.remove(name));
      rows.push(
        el(
          'tr',
          { 'data-testid': 'ladder-row', 'data-player': name },
          el('td', {}, r ? String(i + 1) : '–'),
          el('th', { scope: 'row' }, name + gone),
          el('td', { 'data-testid': 'ladder-elo', 'data-elo': r ? r.elo.toFixed(3) : '' }, r ? (name === anchor ? '0' : `${Math.round(r.elo)} ± ${Math.round(r.interval)}`) : 'not rated yet'),
          el('td', { 'data-testid': 'ladder-games' }, r ? r.games.toLocaleString('en') : '0'),
          el('td', {}, r && r.games > 0 ? `${((100 * r.score) / r.games).toFixed(1)}%` : '–'),
          el('td', {}, remove),
        ),
      );
    });
    if (rows.length === 0) rows.push(el('tr', {}, el('td', { colSpan: 6, className: 'empty' }, 'No players yet: add some below.')));
    this.table.replaceChildren(...rows);
    this.note.textContent = this.ratingNote;
  }

  destroy(): void {
    this.destroyed = true;
    this.playing = false;
    this.unsubscribe?.();
    if (this.refitTimer !== null) clearTimeout(this.refitTimer);
    this.flushSave();
    this.workers.terminate();
  }
}

/** A game's key, as the table knows it. */
function key(g: LadderGame): string {
  return `${g.opening}\t${g.first}\t${g.second}`;
}
