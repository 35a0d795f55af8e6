// The Ladder tab: every player a visitor adds (the game's own players,
// models from the library, ready-made agents) plays every other from the
// same openings, once with each colour, and all are rated on one Elo scale
// with 95% intervals, fitted to all the games (the engine's ladder, as the
// CLI's ladder command plays it). Games are played by the ladder's own
// workers, as many at once as the machine has cores to spare; the table
// updates as each game ends. A player who joins plays only its own games.
// The ladder (players and table) is kept in the library's storage, so a
// reload keeps every game; the table can be downloaded in the CLI's form.
//
// A library model joins as it is when it joins: if it is saved again
// later (a run saved again under the same id), the player stops playing and
// the new version can join as another player, so one name never stands for
// two models.

import { PALETTE, type Curve } from '../core/charts';
import { CurveChart } from '../core/curve-chart';
import { el } from '../core/dom';
import { freeName, gameKey as key, LadderWorkers, tableKeys, tableLine, tableName, withoutPlayer, type Entrant } from '../core/ladder';
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

/** What a library model's contents are known by: a rename keeps it, a save of other contents changes it. */
function versionOf(m: ModelMeta): string {
  return `${m.gamesTrained}:${m.size}`;
}

/** The run a library snapshot belongs to (snapshot ids are `<run>-after-<games>`), or null. */
function snapshotRun(id: string): string | null {
  return /^(.*)-after-\d+$/.exec(id)?.[1] ?? null;
}

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
  private playing = false;
  /** Counts rounds of play: a round paused (or played again) is over for its lanes. */
  private round = 0;
  /** Games left to play in this round, being played, and how many the round has. */
  private queue: LadderGame[] = [];
  private flying = new Set<string>();
  private roundTotal = 0;
  private roundDone = 0;
  private startedAt = 0;
  /** The workers playing a game of the round, by slot. */
  private lanes: boolean[];
  private retried = new Set<string>();
  /** Model files by model id and version, read when first played. */
  private bytes = new Map<string, Uint8Array>();
  /** Players who cannot play any more, by name, and why: their model left the library or changed (worked out again from the library), or could not be read (kept). */
  private missing = new Map<string, string>();
  private unreadable = new Map<string, string>();
  private models: ModelMeta[] = [];
  private ready: ReadyModel[] = [];
  /** The level picked beside each player that has one, by player id. */
  private levels = new Map<string, number>();
  private readyOpen = false;
  private refitTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  private unsubscribe: (() => void) | null = null;

  private readonly table = el('tbody', {});
  /** Rating against training games or seconds, for the learned players (drawn once one is rated). */
  private chart: CurveChart | null = null;
  /** What the chart's x axis counts. */
  private chartAxis: 'games' | 'seconds' = 'games';
  private readonly chartBox = el('div', { className: 'run-chart ladder-chart', 'data-testid': 'ladder-chart' });
  /** Said when no rated model knows how long it trained. */
  private readonly chartNote = el('p', { className: 'hint', hidden: true, 'data-testid': 'ladder-axis-note' }, 'None of the rated learned players knows how long it trained: models saved before the seconds were kept, and ready-made agents built before then, have none. Their ratings are on the chart against games.');
  private readonly axisSelect = el(
    'select',
    { id: 'ladder-axis', 'data-testid': 'ladder-axis' },
    el('option', { value: 'games' }, 'games it learned from'),
    el('option', { value: 'seconds' }, 'seconds it learned for'),
  );
  private readonly chartSection = el(
    'section',
    { className: 'ladder-chart-section', hidden: true },
    el('h3', {}, 'Rating against training'),
    el('div', { className: 'field ladder-axis' }, el('label', { htmlFor: 'ladder-axis' }, 'Rating against the '), this.axisSelect),
    el('p', { className: 'hint' }, 'Each learned player at the number of games it trained for, or the seconds it took; the stages of one run (its snapshots, or the ready-made stages) make one line. Dashed: the game’s own players, for comparison. Seconds are as measured on the machine that trained it: this browser for models trained here.'),
    this.chartNote,
    this.chartBox,
  );
  private readonly note = el('p', { className: 'hint ladder-note', 'data-testid': 'ladder-note' });
  /** What happens, said once (start, pause, the end, a player joined). */
  private readonly status = el('p', { className: 'ladder-status', 'data-testid': 'ladder-status', role: 'status' });
  /** How far the round is, updated with each game (not read out each time). */
  private readonly counter = el('p', { className: 'ladder-counter', 'data-testid': 'ladder-counter' });
  private readonly progress = el('progress', { className: 'ladder-progress', max: 1, value: 0, hidden: true, 'aria-label': 'Games played in this round' });
  private readonly playButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'ladder-play' }, 'Play the games');
  private readonly candidates = el('div', { className: 'ladder-add-lists', 'data-testid': 'ladder-candidates' });
  private readonly openingsInput: HTMLInputElement;
  private readonly seedInput: HTMLInputElement;

  constructor(private readonly host: LadderHost) {
    const info = host.info;
    this.ladder = { game: info.id, players: [], openings: Math.min(DEFAULT_OPENINGS, info.ladderOpenings), seed: 1, table: '', savedAt: 0 };
    this.workers = new LadderWorkers((reason) => showNotice(`A ladder worker stopped (${reason}); a fresh one has been started.`));
    this.lanes = Array.from({ length: this.workers.size }, () => false);
    this.openingsInput = el('input', { type: 'number', min: 1, max: info.ladderOpenings, step: 1, value: String(this.ladder.openings), id: 'ladder-openings', 'data-testid': 'ladder-openings' });
    this.seedInput = el('input', { type: 'number', min: 0, step: 1, value: '1', id: 'ladder-seed', 'data-testid': 'ladder-seed' });
    this.openingsInput.addEventListener('change', () => this.setOpenings());
    this.seedInput.addEventListener('change', () => this.setSeed());
    this.playButton.addEventListener('click', () => (this.playing ? this.pause() : void this.play()));
    this.axisSelect.addEventListener('change', () => {
      this.chartAxis = this.axisSelect.value === 'seconds' ? 'seconds' : 'games';
      // The chart is made anew with the other axis's title and labels.
      this.chart?.destroy();
      this.chart = null;
      this.chartBox.replaceChildren();
      this.renderChart();
    });

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
        { className: 'lead' },
        `Every player in the ladder plays every other from the same starting positions, once with each colour, and all are rated on one `,
        elo,
        ' scale from every game they played. Add the players you want to compare, then play the games.',
      ),
      el('div', { className: 'controls ladder-controls' }, this.playButton, this.status),
      this.counter,
      this.progress,
      el(
        'table',
        { className: 'ladder-table', 'data-testid': 'ladder-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, 'Rating ', interval), el('th', { scope: 'col' }, 'Games'), el('th', { scope: 'col' }, 'Score'), el('th', { scope: 'col' }, el('span', { className: 'visually-hidden' }, 'Remove')))),
        this.table,
      ),
      this.note,
      this.chartSection,
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
    this.done = tableKeys(this.ladder.table);
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
    this.models = listed.filter((m) => (m.side ?? null) === null);
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

  // ---- What the visitor can add ------------------------------------------

  private candidateList(): Candidate[] {
    const out: Candidate[] = [];
    for (const p of this.host.info.players) {
      if (!p.sides[0] || !p.sides[1]) continue;
      // A player with a level is one candidate, its level picked beside it.
      out.push({ name: p.label, what: p.description, player: { name: p.label, player: p.id, settings: null, model: null }, group: 'players' });
    }
    for (const m of this.models) out.push({ name: tableName(m.name), what: m.description ?? m.summary, player: { name: tableName(m.name), player: 'model', settings: null, model: m.id, version: versionOf(m) }, group: 'library' });
    for (const r of this.ready) out.push({ name: tableName(r.name), what: r.about, player: { name: tableName(r.name), player: 'model', settings: null, model: `${READY_MODEL}${r.id}` }, group: 'ready' });
    return out;
  }

  private has(name: string): boolean {
    return this.ladder.players.some((p) => p.name === name);
  }

  private renderCandidates(): void {
    // The focus stays on the row it was on (the list is drawn again).
    const focused = document.activeElement instanceof HTMLElement && this.candidates.contains(document.activeElement) ? document.activeElement.closest<HTMLElement>('[data-name]')?.dataset.name : undefined;
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
    if (focused !== undefined) {
      const row = [...this.candidates.querySelectorAll<HTMLElement>('[data-name]')].find((r) => r.dataset.name === focused);
      const target = row?.querySelector<HTMLElement>('button:not(:disabled), input') ?? this.playButton;
      target.focus();
    }
  }

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
      const picked = (): number | null => {
        const v = Number(level.value);
        return level.value.trim() !== '' && Number.isInteger(v) && v >= f.min && v <= f.max ? v : null;
      };
      const name = (v: number) => `${info.label}, ${f.label.toLowerCase()} ${v}`;
      const update = () => {
        const v = picked();
        if (v !== null) this.levels.set(info.id, v);
        const inLadder = v !== null && this.has(name(v));
        add.disabled = v === null || inLadder;
        add.textContent = inLadder ? 'In the ladder' : 'Add';
        add.setAttribute('aria-label', v === null ? `Add ${info.label}: pick a ${f.label.toLowerCase()} from ${f.min} to ${f.max}` : inLadder ? `${name(v)} is in the ladder` : `Add ${name(v)}`);
      };
      level.addEventListener('input', update);
      add.addEventListener('click', () => {
        const v = picked();
        if (v !== null) void this.add({ name: name(v), player: info.id, settings: { [f.id]: v }, model: null });
      });
      actions.append(el('label', { className: 'candidate-level', htmlFor: id, title: f.help }, f.label), level);
      update();
    } else {
      const model = c.player.model;
      // A model is in the ladder while a player of it still plays (a version saved since may join again).
      const inLadder = model ? this.ladder.players.some((p) => p.model === model && !this.missing.has(p.name)) : this.has(c.name);
      add.disabled = inLadder;
      add.textContent = inLadder ? 'In the ladder' : 'Add';
      add.setAttribute('aria-label', inLadder ? `${c.name} is in the ladder` : `Add ${c.name}`);
      add.addEventListener('click', () => void this.add({ ...c.player, name: freeName(c.name, (n) => this.has(n)) }));
    }
    actions.append(add);
    row.append(actions);
    return row;
  }

  private async add(p: LadderPlayer): Promise<void> {
    if (this.has(p.name)) return;
    this.ladder.players.push(p);
    this.changed();
    this.render();
    this.say(this.playing ? `${p.name} joined: its games are played now.` : `${p.name} joined. Press “Play the games” to play its games.`);
    // A ladder being played takes the new player's games into this round (counted as pending at once).
    const refill = this.playing ? this.refill(this.round) : Promise.resolve();
    await this.save();
    await refill;
  }

  private remove(name: string): void {
    const games = this.gamesOf(name);
    if (games > 0 && !confirm(`Remove ${name} and its ${games.toLocaleString('en')} games from the ladder?`)) return;
    this.ladder.players = this.ladder.players.filter((p) => p.name !== name);
    this.ladder.table = withoutPlayer(this.ladder.table, name);
    this.done = tableKeys(this.ladder.table);
    this.missing.delete(name);
    this.unreadable.delete(name);
    this.queue = this.queue.filter((g) => g.first !== name && g.second !== name);
    this.roundTotal = this.roundDone + this.queue.length + this.flying.size;
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
    if (this.playing) void this.refill(this.round);
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
    this.pause();
    this.ladder.seed = v;
    this.ladder.table = '';
    this.done.clear();
    this.changed();
    void this.save();
    void this.refit();
  }

  private clear(): void {
    if (this.ladder.players.length === 0) return;
    if (!confirm('Remove every player and every game from the ladder?')) return;
    this.pause();
    this.ladder.players = [];
    this.ladder.table = '';
    this.done.clear();
    this.missing.clear();
    this.unreadable.clear();
    this.changed();
    this.say('The ladder is empty.');
    void this.save();
    void this.refit();
  }

  private download(): void {
    const header = `# selfplay ${this.host.info.id} ladder (seed ${this.ladder.seed}): opening\tfirst\tsecond\tfirst's score\n`;
    downloadFile(new TextEncoder().encode(header + this.ladder.table), `${this.host.info.id}-ladder.tsv`);
  }

  // ---- Playing ------------------------------------------------------------

  /** The players who can play now. */
  private active(): LadderPlayer[] {
    return this.ladder.players.filter((p) => !this.missing.has(p.name));
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

  /** Works out the games still to play (at the start, after a player joined, or the openings changed), and plays them. */
  private async refill(round: number): Promise<void> {
    const players = this.active().map((p) => p.name);
    let todo: LadderGame[] = [];
    // Only the latest list counts: an older one, answered later, lacks a player who joined since.
    const seq = ++this.refillSeq;
    this.refills++;
    try {
      if (players.length >= 2) todo = await this.workers.todo(this.host.info.id, this.ladder.table, players, this.ladder.openings);
    } catch (e) {
      if (e instanceof Cancelled || round !== this.round) return;
      if (this.roundDone > 0 || this.lanes.some(Boolean)) {
        showNotice(`The new games could not be listed: ${messageOf(e)}`);
        return;
      }
      throw e;
    } finally {
      this.refills--;
    }
    if (round !== this.round || !this.playing) return;
    if (seq !== this.refillSeq) {
      // A newer list was applied; this one may have been the last thing the round waited for.
      if (this.lanesStarted) this.finishIfDone(round);
      return;
    }
    // Games that ended while the list was worked out are not played again.
    this.queue = todo.filter((g) => !this.done.has(key(g)) && !this.flying.has(key(g)));
    this.roundTotal = this.roundDone + this.queue.length + this.flying.size;
    this.startLanes(round);
    this.renderProgress();
    // A list worked out after the last lane ended, with nothing new in it.
    if (this.lanesStarted) this.finishIfDone(round);
  }

  /** Lists of games being worked out, and the number of the latest. */
  private refills = 0;
  private refillSeq = 0;
  /** A lane has started in this round (a round with none is ended by `play`). */
  private lanesStarted = false;

  private async play(): Promise<void> {
    if (this.playing) return;
    if (this.active().length < 2) {
      this.say('Add at least two players first.');
      return;
    }
    this.playing = true;
    const round = ++this.round;
    this.lanesStarted = false;
    this.roundDone = 0;
    this.roundTotal = 0;
    this.flying.clear();
    this.retried.clear();
    this.queue = [];
    this.startedAt = performance.now();
    this.say('Playing the games…');
    this.render();
    try {
      // Every model is read before the first game: one that cannot be read stops nothing else.
      for (const p of this.active()) {
        if (!p.model) continue;
        try {
          await this.modelBytes(p);
        } catch (e) {
          this.cannotRead(p.name, e);
        }
        if (round !== this.round) return;
      }
      await this.refill(round);
      if (round !== this.round) return;
      if (this.roundTotal === 0) {
        this.finish(round, 'Every game of these players has been played. Add a player, or more openings, to play more.');
      }
    } catch (e) {
      if (round === this.round) {
        this.finish(round, '');
        showNotice(`The ladder could not play: ${messageOf(e)}`);
      }
    }
  }

  /** Starts a lane on each free worker while more games wait than lanes play them. */
  private startLanes(round: number): void {
    for (let slot = 0; slot < this.lanes.length; slot++) {
      if (this.queue.length <= this.lanes.filter(Boolean).length) break;
      if (this.lanes[slot]) continue;
      this.lanes[slot] = true;
      this.lanesStarted = true;
      void this.lane(slot, round);
    }
  }

  /** One worker plays the round's games one after another, until none is left. */
  private async lane(slot: number, round: number): Promise<void> {
    const current = () => round === this.round && this.playing && !this.destroyed;
    try {
      while (current()) {
        const g = this.queue.shift();
        if (!g) break;
        const k = key(g);
        if (this.done.has(k) || this.flying.has(k)) continue;
        const first = this.ladder.players.find((p) => p.name === g.first);
        const second = this.ladder.players.find((p) => p.name === g.second);
        if (!first || !second || this.missing.has(first.name) || this.missing.has(second.name)) continue;
        this.flying.add(k);
        try {
          let a: Entrant, b: Entrant;
          try {
            [a, b] = [await this.entrant(first), await this.entrant(second)];
          } catch (e) {
            // One player's model cannot be read: it stops, the others play on.
            for (const p of [first, second]) {
              try {
                await this.entrant(p);
              } catch {
                this.cannotRead(p.name, e);
              }
            }
            continue;
          }
          if (!current()) break;
          const score = await this.workers.play(slot, this.host.info.id, g, a, b, this.ladder.seed);
          // A player removed, a new seed, or a new round while the game was played: the game is dropped.
          if (!current() || this.done.has(k) || !this.has(g.first) || !this.has(g.second)) continue;
          this.ladder.table += tableLine(g, score);
          this.done.add(k);
          this.roundDone++;
          this.gameEnded();
        } catch (e) {
          if (e instanceof Cancelled || !current()) break;
          if (e instanceof WorkerDied && !this.retried.has(k)) {
            // Once more on the fresh worker; a game that kills it twice stops the ladder.
            this.retried.add(k);
            this.queue.unshift(g);
            continue;
          }
          this.pause();
          showNotice(`The ladder stopped: ${g.first} against ${g.second}, opening ${g.opening + 1}: ${messageOf(e)}. The games played so far are kept.`);
          break;
        } finally {
          this.flying.delete(k);
        }
      }
    } finally {
      this.lanes[slot] = false;
      if (current()) this.finishIfDone(round);
      // A lane of a round before: its worker is free for this one.
      else if (this.playing) this.startLanes(this.round);
    }
  }

  /** The round ends when no lane plays and no list of games is being worked out. */
  private finishIfDone(round: number): void {
    if (this.refills === 0 && this.queue.length === 0 && !this.lanes.some(Boolean)) this.finish(round, `All ${this.roundTotal.toLocaleString('en')} games played.`);
  }

  /** The round is over: `words` say how it ended. */
  private finish(round: number, words: string): void {
    if (round !== this.round) return;
    this.playing = false;
    this.round++;
    if (words) this.say(words);
    this.flushSave();
    this.render();
    void this.refit();
  }

  private pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.round++;
    this.queue = [];
    this.workers.cancel();
    this.say('Paused. The games played so far are kept.');
    this.flushSave();
    this.render();
    // A fit cancelled with the games is made again.
    void this.refit();
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

  private gameEnded(): void {
    this.changed();
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

  /** The player rated 0: the game's first own player in the ladder, else the first to join. */
  private anchor(): string | null {
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
    try {
      ratings = await this.workers.ratings(this.ladder.table, anchor);
      note = `Ratings relative to ${anchor}, fixed at 0.`;
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

  /** The learned players' ratings against the games they trained (or the seconds it took), a line per run, and the game's own players as level lines. */
  private renderChart(): void {
    const seconds = this.chartAxis === 'seconds';
    const rated = new Map(this.ratings.map((r) => [r.player, r.elo]));
    const runs = new Map<string, Curve>();
    /** Rated learned players, whether or not this axis can place them. */
    let learned = 0;
    const fixed: [string, number][] = [];
    for (const p of this.ladder.players) {
      const elo = rated.get(p.name);
      if (elo === undefined || this.missing.has(p.name)) continue;
      if (!p.model) {
        fixed.push([p.name, elo]);
        continue;
      }
      let games: number;
      let id: string;
      let label: string;
      if (p.model.startsWith(READY_MODEL)) {
        const r = this.ready.find((m) => `${READY_MODEL}${m.id}` === p.model);
        if (!r) continue;
        [games, id, label] = [seconds ? (r.seconds ?? 0) : r.games, `ready:${r.run}`, `${r.short} (ready-made)`];
      } else {
        const m = this.models.find((x) => x.id === p.model);
        if (!m) continue;
        // A run's snapshots make one line; any other model is a point of its own.
        const run = snapshotRun(m.id);
        [games, id, label] = [seconds ? (m.trainSeconds ?? 0) : m.gamesTrained, run ?? m.id, run ? m.name.replace(/ · after [\d,]+ games$/, '') : m.name];
      }
      learned += 1;
      // A model of before the seconds were kept has none: it is left off that chart.
      if (!(games > 0)) continue;
      let c = runs.get(id);
      if (!c) {
        c = { id, label, color: PALETTE[runs.size % PALETTE.length], points: [] };
        runs.set(id, c);
      }
      c.points.push([games, elo]);
    }
    const curves = [...runs.values()];
    for (const c of curves) c.points.sort((a, b) => a[0] - b[0]);
    const xs = curves.flatMap((c) => c.points.map((q) => q[0]));
    // The section is there once a learned player is rated, so that a visitor
    // whose players have no seconds can read why and switch back to games.
    this.chartSection.hidden = learned === 0;
    this.chartBox.hidden = curves.length === 0;
    this.chartNote.hidden = curves.length > 0 || learned === 0;
    if (curves.length === 0) return;
    const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
    fixed.forEach(([name, elo], i) => curves.push({ id: `fixed:${name}`, label: name, color: PALETTE[(runs.size + i) % PALETTE.length], dashed: true, points: lo < hi ? [[lo, elo], [hi, elo]] : [[lo, elo]] }));
    this.chart ??= new CurveChart(this.chartBox, seconds ? { title: 'Rating against seconds of training', xLabel: 'seconds of training', yLabel: 'Elo', xLog: true, exact: true } : { title: 'Rating against training games', xLabel: 'training games', yLabel: 'Elo', xLog: true, exact: true });
    this.chart.setCurves(curves);
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
    const on = this.playing && this.roundTotal > 0;
    this.progress.hidden = !on;
    this.counter.hidden = !on;
    this.progress.max = Math.max(1, this.roundTotal);
    this.progress.value = this.roundDone;
    if (on) {
      const secs = (performance.now() - this.startedAt) / 1000;
      const rate = secs > 0.5 ? ` · ${(this.roundDone / secs).toFixed(1)} games/s on ${this.workers.size} worker${this.workers.size > 1 ? 's' : ''}` : '';
      this.counter.textContent = `${this.roundDone.toLocaleString('en')} of ${this.roundTotal.toLocaleString('en')} games${rate}`;
    }
  }

  private renderTable(): void {
    // The focus stays on the row's Remove button it was on (the rows are drawn again).
    const focused = document.activeElement instanceof HTMLElement && this.table.contains(document.activeElement) ? document.activeElement.closest<HTMLElement>('[data-player]')?.dataset.player : undefined;
    const rated = new Map(this.ratings.map((r) => [r.player, r]));
    const anchor = this.anchor();
    const rows: HTMLElement[] = [];
    const order = [...this.ratings.map((r) => r.player).filter((n) => this.has(n)), ...this.ladder.players.map((p) => p.name).filter((n) => !rated.has(n))];
    order.forEach((name, i) => {
      const r = rated.get(name);
      const why = this.missing.get(name);
      const remove = el('button', { type: 'button', className: 'ladder-remove', 'data-testid': 'ladder-remove', 'aria-label': `Remove ${name}`, title: `Remove ${name} and its games` }, '✕');
      remove.addEventListener('click', () => this.remove(name));
      rows.push(
        el(
          'tr',
          { 'data-testid': 'ladder-row', 'data-player': name },
          el('td', {}, r ? String(i + 1) : '–'),
          el('th', { scope: 'row' }, name, ...(why ? [el('span', { className: 'ladder-gone' }, ` (plays no more games: ${why})`)] : [])),
          el('td', { 'data-testid': 'ladder-elo', 'data-elo': r ? r.elo.toFixed(3) : '' }, r ? (name === anchor ? '0' : `${Math.round(r.elo)} ± ${Math.round(r.interval)}`) : 'not rated yet'),
          el('td', { 'data-testid': 'ladder-games' }, r ? r.games.toLocaleString('en') : String(this.gamesOf(name))),
          el('td', {}, r && r.games > 0 ? `${((100 * r.score) / r.games).toFixed(1)}%` : '–'),
          el('td', {}, remove),
        ),
      );
    });
    if (rows.length === 0) rows.push(el('tr', {}, el('td', { colSpan: 6, className: 'empty' }, 'No players yet: add some below.')));
    this.table.replaceChildren(...rows);
    this.note.textContent = this.ratingNote;
    if (focused !== undefined) [...this.table.querySelectorAll<HTMLElement>('[data-player]')].find((r) => r.dataset.player === focused)?.querySelector('button')?.focus();
  }

  destroy(): void {
    this.destroyed = true;
    this.playing = false;
    this.round++;
    this.unsubscribe?.();
    if (this.refitTimer !== null) clearTimeout(this.refitTimer);
    this.flushSave();
    this.workers.terminate();
    this.chart?.destroy();
  }
}
