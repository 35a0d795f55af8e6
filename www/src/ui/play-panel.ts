// The Play tab: who plays each side, new game, undo/redo, the move list and
// the game's status, driving a board through the engine worker. Every
// computer player — a player of the game or a model from the library —
// moves through a think request to the thinking worker; while it thinks the
// page stays usable, and New game, Undo, Redo or a change of player cancel
// the think. A model in the game shows its values on the board (a heat map)
// where the board can draw them. Works for any game; the rules stay in the
// engine.

import type { BoardView, Heat } from '../boards/board';
import { el } from '../core/dom';
import { FieldForm } from './fields';
import { SettingsSets } from './settings-sets';
import type { Engine } from '../core/engine';
import { compactCount } from '../core/charts';
import type { ModelLibrary, ModelMeta } from '../core/storage';
import { messageOf, showNotice } from '../core/notices';
import type { Analysis, Budget, GameInfo, GameState, MoveEntry, PlayerInfo, Progress } from '../core/protocol';
import type { AgentRequest, Thinker } from '../core/thinker';
import { Cancelled, WorkerDied } from '../core/worker-client';
import { boundedParam, writeGameAddress } from './address';

/** "human", a player of the game ("msb"), or a model ("net:<id>"). */
type Controller = string;

const HUMAN = 'human';
/** The prefix of a model player's name, in the address too ("net:<model id>"). */
export const MODEL = 'net:';
/** The key of the learned models' settings form. */
const MODEL_SETTINGS = 'model';

/** How long a searching player may think about a move. */
const THINK_BUDGET: Budget = { ms: 3000 };
/** How long the move pointed at must stay the same before its preview is asked for, in ms. */
const PREVIEW_PAUSE_MS = 50;

/** Pause before a computer move, so that people can follow the game; `?delay=` (0–5000 ms). */
function aiDelayMs(): number {
  return boundedParam(location.hash, 'delay', 0, 5000, 400);
}

/** A model that can play: from the library, or a run's current state. */
export interface ModelPlayer {
  /** Its controller name ("net:<id>"). */
  name: string;
  label: string;
  /** The only side it plays, or null for both. */
  side: 0 | 1 | null;
  /** Names these bytes for the thinking worker (changes when the bytes do). */
  key: string;
  /** Loaded when first needed (library models). */
  bytes: Uint8Array | null;
  /** The library's id, for a library model. */
  libraryId: string | null;
}

export interface PlayOptions {
  /** Initial controllers and seed, e.g. from the address. */
  controllers?: [Controller, Controller];
  seed?: number;
  /** A game record to start from (the address's `moves`), and how many of its moves are on the board (`at`). */
  moves?: string[];
  at?: number;
  /** Imports model files into the library (the Models tab's import), for a
   *  model the address names that this browser does not have. */
  importModels?(files: File[]): Promise<{ meta: ModelMeta | null; message: string }[]>;
}

export class PlayPanel {
  readonly element: HTMLElement;
  state: GameState | null = null;
  private controllers: [Controller, Controller];
  private seed: number;
  /** An engine request is under way. */
  private busy = false;
  /** The engine was restarted and the game is being played into it again. */
  private restoring = false;
  private restoreTicket = 0;
  /** Settles when the current replay into a restarted engine is over. */
  private restored: Promise<void> = Promise.resolve();
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  /** The frame that scrolls the move list to the current move, if one is due. */
  private moveScroll = 0;
  private readonly delay = aiDelayMs();
  /** The side whose computer player is thinking, and the ticket of its think. */
  private thinking: 0 | 1 | null = null;
  private thinkTicket = 0;
  private heatTicket = 0;
  /** The newest preview asked for (older answers are dropped) and the pause before it is asked. */
  private previewTicket = 0;
  private previewTimer: ReturnType<typeof setTimeout> | null = null;
  /** Models that can play, by controller name. */
  private models = new Map<string, ModelPlayer>();
  private runModels = 0;
  private stateListeners = new Set<(s: GameState) => void>();
  private modelListeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  private turn = el('p', { className: 'turn', 'data-testid': 'turn' });
  private notice = el('p', { className: 'pass-notice', 'data-testid': 'notice', hidden: true });
  private passButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'pass', hidden: true }, 'Pass');
  private scores: HTMLElement[] = [];
  private score: HTMLElement;
  private statusLine = el('p', { className: 'game-status', 'data-testid': 'game-status', hidden: true });
  /** Read out by screen readers: each move as it is played, the result, a pass. */
  private announcer = el('p', { className: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'announce' });
  private selects: HTMLSelectElement[] = [];
  /** What the chosen player of each side does, under its list (the list shows names only, so no choice is cut off). */
  private abouts: HTMLElement[] = [];
  /** The settings of the game's players that have some (strength, randomness…), kept per player. */
  private settingsForms = new Map<string, FieldForm>();
  /** Save and load of the settings of players that can keep them as models. */
  private settingsSets = new Map<string, SettingsSets>();
  private settingsBoxes = new Map<string, HTMLDetailsElement>();
  private playerSettings = el('div', { className: 'player-settings', 'data-testid': 'player-settings' });
  private undoButton = el('button', { type: 'button', 'data-testid': 'undo', title: 'Undo (U or Ctrl+Z)' }, 'Undo');
  private redoButton = el('button', { type: 'button', 'data-testid': 'redo', title: 'Redo (R or Ctrl+Y)' }, 'Redo');
  private newButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'new-game' }, 'New game');
  private continueButton = el('button', { type: 'button', 'data-testid': 'continue', hidden: true }, 'Continue');
  /** The moves, one row per turn, in the list's own scrolling box. */
  private moveList = el('div', { className: 'move-list', 'data-testid': 'moves' });
  private seedText = el('p', { className: 'seed' });
  private onKey = (e: KeyboardEvent) => this.keyDown(e);
  /** The model ("net:<id>") the address names that this browser's library does not have, while a side waits for it. */
  private missingModel: string | null = null;
  private missingText = el('p', {});
  private missingStatus = el('p', { className: 'missing-status', 'data-testid': 'missing-model-status', role: 'status' });
  private missingFile = el('input', {
    type: 'file',
    accept: '.selfplay,application/octet-stream',
    className: 'visually-hidden',
    tabIndex: -1,
    'aria-label': 'Import the model file of the link',
    'data-testid': 'missing-model-file',
  });
  private missingBox: HTMLElement;
  private heatBox = el('input', { type: 'checkbox', checked: true, 'data-testid': 'heat-toggle' });
  private heatLabel = el('label', { className: 'heat-toggle', hidden: true }, this.heatBox, ' Show the model’s values on the legal moves');
  /** A hint: a searching player values every legal move (the game's own players that search). */
  private hintSelect = el('select', { 'data-testid': 'hint-player', 'aria-label': 'Player that gives the hint' });
  private hintButton = el('button', { type: 'button', 'data-testid': 'hint', title: 'Asks the chosen player for the value of every legal move (up to 5 s)' }, 'Hint');
  private hintText = el('p', { className: 'hint-result', 'data-testid': 'hint-result', 'aria-live': 'polite' });

  constructor(
    private readonly info: GameInfo,
    private readonly engine: Engine,
    private readonly thinker: Thinker,
    private readonly board: BoardView,
    private readonly library: Promise<ModelLibrary>,
    sideMarkers: [string, string],
    private readonly options: PlayOptions = {},
  ) {
    const computer = info.players.find((p) => p.sides[1]);
    this.controllers = options.controllers ?? [HUMAN, computer?.id ?? HUMAN];
    this.seed = options.seed ?? randomSeed();

    const marker = (side: 0 | 1) => el('span', { className: 'disc', style: `background: ${sideMarkers[side]}`, 'aria-hidden': 'true' });
    const status = el('section', { className: 'status', 'aria-label': 'Game status' });
    // In words for screen readers: "Black 7, White 57".
    const score = el('div', { className: 'score', 'data-testid': 'score' });
    for (const side of [0, 1] as const) {
      const n = el('span', { className: 'count', 'data-testid': `count-${side}` }, '–');
      this.scores.push(n);
      const name = el('span', { className: 'visually-hidden' }, `${info.sides[side]} `);
      score.append(el('span', { className: 'side' }, marker(side), name, n, side === 0 ? el('span', { className: 'visually-hidden' }, ', ') : ''));
    }
    // Piece counts where the game has them; otherwise the line is hidden.
    this.score = score;
    status.append(score, this.statusLine, this.turn, this.notice, this.passButton, this.announcer);

    const players = el('fieldset', { className: 'players' }, el('legend', {}, 'Players'));
    for (const side of [0, 1] as const) {
      const select = el('select', { 'data-testid': `player-${side}` });
      select.addEventListener('change', () => this.setController(side, select.value));
      this.selects.push(select);
      const about = el('small', { className: 'player-about', 'data-testid': `player-about-${side}` });
      this.abouts.push(about);
      players.append(el('label', { className: 'player' }, marker(side), info.sides[side], select), about);
    }
    players.append(this.playerSettings);
    this.fillSelects();

    const pickModel = el('button', { type: 'button', className: 'primary', 'data-testid': 'missing-model-import' }, 'Import the model file…');
    pickModel.addEventListener('click', () => this.missingFile.click());
    this.missingFile.addEventListener('change', () => {
      const files = [...(this.missingFile.files ?? [])];
      this.missingFile.value = '';
      if (files.length) void this.importMissing(files);
    });
    this.missingBox = el(
      'section',
      { className: 'missing-model', 'data-testid': 'missing-model', 'aria-labelledby': 'missing-model-title', hidden: true },
      el('h3', { id: 'missing-model-title' }, 'This game needs a model you do not have yet'),
      this.missingText,
      el('div', { className: 'controls' }, pickModel, this.missingFile),
      this.missingStatus,
    );

    const controls = el('div', { className: 'controls' }, this.newButton, this.undoButton, this.redoButton, this.continueButton);
    this.newButton.addEventListener('click', () => void this.newGame(randomSeed()));
    this.undoButton.addEventListener('click', () => void this.undo());
    this.redoButton.addEventListener('click', () => void this.redo());
    this.continueButton.addEventListener('click', () => {
      this.paused = false;
      this.schedule();
    });
    this.passButton.addEventListener('click', () => {
      const pass = this.state?.legal.find((m) => m.cell === null);
      if (pass) void this.humanMove(pass.text);
    });
    this.heatBox.addEventListener('change', () => void this.updateHeat());

    const searchers = info.players.filter((p) => p.searches);
    for (const p of searchers) this.hintSelect.append(el('option', { value: p.id }, p.label));
    this.hintButton.addEventListener('click', () => void this.hint());
    const hint = el(
      'div',
      { className: 'hint controls', hidden: searchers.length === 0 },
      this.hintButton,
      el('label', {}, ' values from ', this.hintSelect),
    );

    const keys = el(
      'p',
      { className: 'keys' },
      'Keyboard: Tab to the board, arrow keys to move, Enter or Space to play; U / Ctrl+Z undo, R / Ctrl+Y redo.',
    );

    this.element = el(
      'div',
      { className: 'play' },
      status,
      players,
      this.missingBox,
      controls,
      this.heatLabel,
      hint,
      this.hintText,
      keys,
      el('h3', {}, 'Moves'),
      this.moveList,
      this.seedText,
    );

    board.onMove = (m) => void this.humanMove(m);
    board.onPreview = (m) => this.askPreview(m);
    board.onIllegal = () => {
      if (this.state && this.isHumanTurn()) this.turn.textContent = this.announcer.textContent = `${this.sideLabel(this.state.toMove!)}: that is not a legal move.`;
    };
    document.addEventListener('keydown', this.onKey);
  }

  // ---- for the game view and the plug-ins -----------------------------------

  /** Calls `f` with every state drawn; returns its remover. */
  onState(f: (s: GameState) => void): () => void {
    this.stateListeners.add(f);
    if (this.state) f(this.state);
    return () => this.stateListeners.delete(f);
  }

  /** Calls `f` when the models that can play, or the players, change. */
  onModels(f: () => void): () => void {
    this.modelListeners.add(f);
    return () => this.modelListeners.delete(f);
  }

  /** Shows an analysis of `position` on the board while that position is
   *  on it (until the next move); false if the board has moved on. */
  showValues(position: string, a: Analysis): boolean {
    if (!this.board.setHeat || this.state?.position !== position) return false;
    ++this.heatTicket;
    this.board.setHeat(heatOf(a));
    return true;
  }

  /** The models that can play, library ones first. */
  modelChoices(): ModelPlayer[] {
    return [...this.models.values()];
  }

  /** The models in the game now (as a side's player). */
  modelsInGame(): ModelPlayer[] {
    return this.controllers.flatMap((c) => this.models.get(c) ?? []);
  }

  /** The player `name` as the thinking worker builds it (a model's bytes loaded). */
  async agentFor(name: Controller): Promise<AgentRequest> {
    const m = this.models.get(name);
    if (!m) {
      if (name.startsWith(MODEL)) throw new Error('that model is not in the library');
      const form = this.settingsForms.get(name);
      return { game: this.info.id, player: name, settings: form ? form.read() : null, model: null };
    }
    if (!m.bytes) {
      const lib = await this.library;
      m.bytes = await lib.bytes(m.libraryId!);
    }
    const form = this.settingsForms.get(MODEL_SETTINGS);
    return { game: this.info.id, player: 'model', settings: form ? form.read() : null, model: { key: m.key, bytes: m.bytes } };
  }

  /**
   * Starts the first game. A model named by the address ("net:<id>") must
   * play that side; one this browser's library does not have keeps its
   * side waiting, and the visitor is told to import its file (a person
   * or another player can take the side instead).
   */
  async start(): Promise<void> {
    await this.refreshModels();
    const lib = await this.library;
    this.unsubscribe = lib.onChange(() => void this.refreshModels());
    for (const side of [0, 1] as const) {
      const c = this.controllers[side];
      if (!c.startsWith(MODEL)) continue;
      const m = this.models.get(c);
      if (!m) {
        this.missingModel = c;
      } else if (m.side !== null && m.side !== side) {
        showNotice(`The model named in the link plays ${this.info.sides[m.side]}, not ${this.info.sides[side]}; a person plays ${this.info.sides[side]} instead.`);
        this.controllers[side] = HUMAN;
      }
    }
    this.fillSelects();
    this.showMissing();
    await this.newGame(this.seed);
    if (this.options.moves?.length) await this.loadRecord(this.options.moves, this.options.at);
  }

  /** Plays a record into a new game (a shared link, an imported record); stops at a move that is not legal. */
  async loadRecord(moves: string[], at?: number): Promise<void> {
    this.cancelTimer();
    this.cancelThink();
    this.paused = true;
    await this.perform(async () => {
      let s = await this.engine.session({ kind: 'new', game: this.info.id });
      for (const [i, m] of moves.entries()) {
        try {
          s = await this.engine.session({ kind: 'play', move: m });
        } catch (e) {
          showNotice(`Move ${i + 1} of the record (${m}) cannot be played here, so the game stops before it: ${messageOf(e)}`);
          break;
        }
      }
      if (at !== undefined && at < s.cursor) s = await this.engine.session({ kind: 'jump', cursor: Math.max(0, at) });
      this.show(s);
    });
    // A computer to move waits for Continue, so the visitor sees the position first.
    this.paused = !!this.state && this.state.toMove !== null && !this.isHuman(this.state.toMove);
    this.updateControls();
    this.schedule();
  }

  /** The sides the missing model of the address should play (none once it is imported or replaced). */
  private missingSides(): (0 | 1)[] {
    return ([0, 1] as const).filter((side) => this.missingModel !== null && this.controllers[side] === this.missingModel);
  }

  /** Shows, or hides, the box that asks for the missing model's file. */
  private showMissing(): void {
    const sides = this.missingSides();
    if (sides.length === 0) this.missingModel = null;
    this.missingBox.hidden = sides.length === 0;
    if (sides.length === 0) return;
    const who = sides.map((side) => this.info.sides[side]).join(' and ');
    this.missingText.textContent =
      `${who} ${sides.length > 1 ? 'were' : 'was'} played by a trained model that this browser does not have (models stay in the ` +
      `browser that trained or imported them). Import its .selfplay file — exported from the Models tab where the game was ` +
      `played — and the game goes on with it. Until then ${who} waits; or choose another player for ${who} above.`;
    this.missingText.title = `The link names the player ${this.missingModel}`;
  }

  private waitingText(side: 0 | 1): string {
    return `${this.info.sides[side]} to move: the link’s model is waiting for its file (below the players).`;
  }

  /** Imports the missing model's file; a model that plays the waiting side takes it, and the game goes on. */
  private async importMissing(files: File[]): Promise<void> {
    const sides = this.missingSides();
    if (sides.length === 0 || !this.options.importModels) return;
    this.missingStatus.textContent = 'Reading the file…';
    this.missingStatus.dataset.kind = 'ok';
    let results: { meta: ModelMeta | null; message: string }[];
    try {
      results = await this.options.importModels(files);
    } catch (e) {
      this.missingStatus.textContent = `The file could not be imported: ${messageOf(e)}`;
      this.missingStatus.dataset.kind = 'error';
      return;
    }
    const fits = results.find((r) => r.meta && sides.every((side) => r.meta!.side == null || r.meta!.side === side));
    if (!fits?.meta) {
      const imported = results.find((r) => r.meta);
      const why = imported?.meta
        ? `“${imported.meta.name}” plays ${this.info.sides[imported.meta.side!]}, not ${sides.map((side) => this.info.sides[side]).join(' and ')}.`
        : (results[0]?.message ?? 'no file was read.');
      this.missingStatus.textContent = `That model cannot take this side: ${why}`;
      this.missingStatus.dataset.kind = 'error';
      return;
    }
    const meta = fits.meta;
    await this.refreshModels();
    const name = `${MODEL}${meta.id}`;
    if (!this.models.has(name)) {
      this.missingStatus.textContent = 'The model was imported but the library does not list it; try again.';
      this.missingStatus.dataset.kind = 'error';
      return;
    }
    for (const side of sides) this.controllers[side] = name;
    this.missingModel = null;
    this.missingStatus.textContent = '';
    this.showMissing();
    this.fillSelects();
    this.changedModels();
    this.writeUrl();
    showNotice(`“${meta.name}” now plays ${sides.map((side) => this.info.sides[side]).join(' and ')}; the game goes on.`, 'info');
    this.paused = false;
    if (this.state) this.show(this.state);
    this.schedule();
  }

  /** The whole game (undone moves too) in the game's notation, from the engine. */
  async recordText(): Promise<string> {
    while (this.restoring) await this.restored;
    return this.engine.record();
  }

  /**
   * Replaces the game by a record in the game's notation, shown at its end
   * (a computer to move waits for Continue). Rejects with the engine's
   * message, which names the first bad move, and then the game on the
   * board goes on as it was.
   */
  async importRecord(text: string): Promise<void> {
    while (this.restoring) await this.restored;
    if (this.locked()) throw new Error('the game is busy with another request; try again');
    this.cancelTimer();
    this.cancelThink();
    this.busy = true;
    this.updateControls();
    let s: GameState;
    try {
      s = await this.engine.session({ kind: 'loadRecord', game: this.info.id, text });
    } catch (e) {
      this.busy = false;
      // The game was not touched: a computer to move thinks again.
      this.schedule();
      throw e;
    } finally {
      this.busy = false;
    }
    this.paused = s.toMove !== null && !this.isHuman(s.toMove);
    this.show(s);
    this.schedule();
  }

  /** Shows the position after the first `cursor` moves of the record (a click in the move list). */
  private async jumpTo(cursor: number): Promise<void> {
    if (this.locked() || !this.state || cursor === this.state.cursor) return;
    this.cancelTimer();
    this.cancelThink();
    await this.perform(async () => {
      this.show(await this.engine.session({ kind: 'jump', cursor }));
    });
    this.paused = !!this.state && this.state.toMove !== null && !this.isHuman(this.state.toMove);
    this.updateControls();
    this.schedule();
  }

  /**
   * Plays against a model: it takes its side (or the second side, if it
   * plays both) and a person the other, in a new game. `name` is "net:<id>";
   * without `bytes` it is a library model.
   */
  async playAgainst(name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null): Promise<void> {
    if (bytes) {
      this.models.set(name, { name, label, side, key: `${name}#${++this.runModels}`, bytes, libraryId: null });
    } else {
      await this.refreshModels();
      if (!this.models.has(name)) throw new Error('that model is no longer in the library');
    }
    const on = side ?? 1;
    this.controllers = on === 0 ? [name, HUMAN] : [HUMAN, name];
    this.fillSelects();
    this.changedModels();
    await this.newGame(randomSeed());
  }

  /**
   * Two library models play each other, `first` the first side and `second`
   * the second (each "net:<id>"), in a new game that plays itself.
   */
  async playMatch(first: string, second: string): Promise<void> {
    await this.refreshModels();
    const pair = [first, second] as const;
    for (const side of [0, 1] as const) {
      const m = this.models.get(pair[side]);
      if (!m) throw new Error('that model is no longer in the library');
      if (m.side !== null && m.side !== side) throw new Error(`“${m.label}” plays ${this.info.sides[m.side]} only, not ${this.info.sides[side]}`);
    }
    this.controllers = [first, second];
    this.fillSelects();
    this.changedModels();
    await this.newGame(randomSeed());
  }

  destroy(): void {
    this.destroyed = true;
    if (this.moveScroll) cancelAnimationFrame(this.moveScroll);
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.cancelTimer();
    this.cancelThink();
    this.unsubscribe?.();
    for (const s of this.settingsSets.values()) s.destroy();
    document.removeEventListener('keydown', this.onKey);
  }

  /** The engine lost its state (a new worker): play the record again. */
  restore(): Promise<void> {
    this.restored = this.replay();
    return this.restored;
  }

  private async replay(): Promise<void> {
    const s = this.state;
    this.cancelTimer();
    if (!s) return this.newGame(this.seed);
    // Moves, undo and redo wait until the record is back in the engine; a
    // request that failed with the old worker may still be unwinding.
    const ticket = ++this.restoreTicket;
    this.restoring = true;
    this.updateControls();
    try {
      await this.engine.session({ kind: 'new', game: this.info.id });
      // The whole record, then back to where the game stood: redo still works.
      for (const m of s.history) {
        if (ticket !== this.restoreTicket) return;
        await this.engine.session({ kind: 'play', move: m.text });
      }
      const restored = await this.engine.session({ kind: 'jump', cursor: s.cursor });
      if (ticket !== this.restoreTicket) return;
      this.restoring = false;
      this.show(restored);
      this.schedule();
    } catch (e) {
      if (ticket !== this.restoreTicket || this.destroyed) return;
      this.restoring = false;
      this.updateControls();
      showNotice(`The game could not be restored: ${messageOf(e)}`);
    }
  }

  // ---- players -------------------------------------------------------------

  /** Reads the library's models of this game into the player lists. */
  private async refreshModels(): Promise<void> {
    let metas: ModelMeta[] = [];
    try {
      metas = await (await this.library).list(this.info.id);
    } catch (e) {
      showNotice(messageOf(e));
    }
    // Library models first, then the runs' (which stay until the view closes).
    const fromRuns = [...this.models.values()].filter((m) => m.libraryId === null);
    this.models.clear();
    for (const meta of metas) {
      const name = `${MODEL}${meta.id}`;
      this.models.set(name, { name, label: meta.name, side: meta.side ?? null, key: `${name}@${meta.modified}`, bytes: null, libraryId: meta.id });
    }
    for (const m of fromRuns) this.models.set(m.name, m);
    if (!this.destroyed) {
      this.fillSelects();
      this.changedModels();
    }
  }

  private changedModels(): void {
    for (const f of this.modelListeners) f();
  }

  /** The choices of each side: a person, the game's players, the models that play it. */
  private fillSelects(): void {
    for (const side of [0, 1] as const) {
      const select = this.selects[side];
      const options = [el('option', { value: HUMAN }, 'Human')];
      for (const p of this.info.players) {
        if (p.sides[side]) options.push(el('option', { value: p.id, title: p.description }, p.label));
      }
      for (const m of this.models.values()) {
        if (m.side === null || m.side === side) options.push(el('option', { value: m.name, title: 'a trained model from the library' }, `${m.label} (model)`));
      }
      // A model still loading from the library keeps its place.
      const c = this.controllers[side];
      if (!options.some((o) => o.value === c)) {
        if (c === this.missingModel) options.push(el('option', { value: c }, 'Link’s model (missing)'));
        else if (c.startsWith(MODEL)) options.push(el('option', { value: c }, 'a model from the library'));
        else this.controllers[side] = HUMAN;
      }
      select.replaceChildren(...options);
      select.value = this.controllers[side];
    }
    this.showSettings();
  }

  /** The settings of the computer players in the game, each once, under the player lists. */
  private showSettings(): void {
    const shown = new Set<string>();
    const boxes: HTMLElement[] = [];
    for (const c of this.controllers) {
      const p = this.models.has(c) ? this.modelPlayerInfo() : this.playerInfo(c);
      if (!p || p.settings.length === 0 || shown.has(p.id)) continue;
      shown.add(p.id);
      let form = this.settingsForms.get(p.id);
      if (!form) {
        form = new FieldForm(p.settings, `player-${p.id}`);
        this.settingsForms.set(p.id, form);
        if (p.savesSettings) this.settingsSets.set(p.id, new SettingsSets(this.info, p, form, this.engine, this.library));
      }
      // The same box each time, so that it stays open while the lists change.
      let box = this.settingsBoxes.get(p.id);
      if (!box) {
        const sets = this.settingsSets.get(p.id);
        box = el('details', { className: 'player-settings-box', 'data-player': p.id }, el('summary', {}, `${p.label}: settings`), form.element, ...(sets ? [sets.element] : []));
        this.settingsBoxes.set(p.id, box);
      }
      boxes.push(box);
    }
    this.playerSettings.replaceChildren(...boxes);
  }

  /** The learned models' player, with the game's settings for it (one form for every model). */
  private modelPlayerInfo(): PlayerInfo {
    return {
      id: MODEL_SETTINGS,
      label: 'Learned model',
      description: 'a model from the library',
      sides: [true, true],
      searches: false,
      settings: this.info.modelSettings ?? [],
      // A model is kept as its own file already.
      savesSettings: false,
      solve: null,
    };
  }

  private playerInfo(c: Controller): PlayerInfo | undefined {
    return this.info.players.find((p) => p.id === c);
  }

  // ---- actions -------------------------------------------------------------

  private async newGame(seed: number): Promise<void> {
    this.cancelTimer();
    this.cancelThink();
    // A new game replaces a record still being restored.
    this.restoreTicket++;
    this.restoring = false;
    this.seed = seed;
    this.paused = false;
    this.writeUrl();
    await this.perform(async () => {
      this.show(await this.engine.session({ kind: 'new', game: this.info.id }));
    });
    this.schedule();
  }

  private async humanMove(move: string): Promise<void> {
    // A move made while the game is being restored into a restarted engine
    // is played once the record is back, if it is still this side's move.
    while (this.restoring) await this.restored;
    if (this.locked() || !this.isHumanTurn() || !this.state?.legal.some((m) => m.text === move)) return;
    await this.perform(async () => {
      this.show(await this.engine.session({ kind: 'play', move }));
    });
    this.schedule();
  }

  /**
   * Asks the engine for the state after `move` (the legal move the visitor
   * points at, has the cursor on or holds) and gives it to the board, after a
   * short pause so that a pointer sweeping over the board asks once; only
   * the newest request's answer, for the position still shown, is drawn.
   * `null` ends the preview.
   */
  private askPreview(move: string | null): void {
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = null;
    const ticket = ++this.previewTicket;
    if (move === null) {
      this.board.setPreview(null, null);
      return;
    }
    this.previewTimer = setTimeout(() => {
      this.previewTimer = null;
      const s = this.state;
      // Not while a move is being played, the computer thinks, or after the end.
      if (!s || this.destroyed || this.locked() || this.thinking !== null || s.outcome || !s.legal.some((m) => m.text === move)) return;
      this.engine.preview(move).then(
        (after) => {
          if (ticket === this.previewTicket && this.state === s && !this.destroyed) this.board.setPreview(move, after);
        },
        // A move played meanwhile, or an engine being restarted: no preview, nothing to tell.
        () => {},
      );
    }, PREVIEW_PAUSE_MS);
  }

  /** Takes back whole turns until a person is to move (or to the start). */
  private async undo(): Promise<void> {
    if (this.locked() || !this.state || this.state.cursor === 0) return;
    this.cancelTimer();
    this.cancelThink();
    this.pauseIfNoHuman();
    await this.perform(async () => {
      let s = await this.engine.session({ kind: 'undo' });
      while (s.cursor > 0 && !this.isHuman(s.toMove)) s = await this.engine.session({ kind: 'undo' });
      this.show(s);
    });
    this.schedule();
  }

  /** Replays undone turns until a person is to move (or the record ends). */
  private async redo(): Promise<void> {
    if (this.locked() || !this.state || this.state.cursor === this.state.history.length) return;
    this.cancelTimer();
    this.cancelThink();
    this.pauseIfNoHuman();
    await this.perform(async () => {
      let s = await this.engine.session({ kind: 'redo' });
      while (s.cursor < s.history.length && !this.isHuman(s.toMove)) s = await this.engine.session({ kind: 'redo' });
      this.show(s);
    });
    this.schedule();
  }

  private setController(side: 0 | 1, value: Controller): void {
    if (this.thinking === side) this.cancelThink();
    this.controllers[side] = value;
    this.paused = false;
    this.showMissing();
    this.showSettings();
    this.writeUrl();
    this.changedModels();
    if (this.state) this.show(this.state);
    this.schedule();
  }

  private pauseIfNoHuman(): void {
    if (!this.controllers.includes(HUMAN)) this.paused = true;
  }

  /** Runs an engine action with the controls locked; errors become notices. */
  private async perform(action: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.updateControls();
    try {
      await action();
    } catch (e) {
      // A dead or silent engine has been reported once, by its restart notice.
      if (!this.destroyed && !(e instanceof WorkerDied)) showNotice(messageOf(e));
    } finally {
      this.busy = false;
      if (!this.destroyed) this.updateControls();
    }
  }

  /** If a computer is to move, lets it move after a short pause. */
  private schedule(): void {
    this.cancelTimer();
    const s = this.state;
    if (this.destroyed || this.paused || this.thinking !== null || !s || s.toMove === null || this.isHuman(s.toMove)) {
      this.updateControls();
      return;
    }
    const side = s.toMove;
    if (this.missingSides().includes(side)) {
      this.turn.textContent = this.waitingText(side);
      this.updateControls();
      return;
    }
    this.turn.textContent = `${this.sideLabel(side)} is thinking…`;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.computerMove(side);
    }, this.delay);
    this.updateControls();
  }

  /** Asks the thinking worker for the move of `side`'s player, then plays it. */
  private async computerMove(side: 0 | 1): Promise<void> {
    const s = this.state;
    if (this.locked() || !s || s.toMove !== side || this.isHuman(side)) return;
    const player = this.controllers[side];
    const ticket = ++this.thinkTicket;
    this.thinking = side;
    this.updateControls();
    const budget = this.playerInfo(player)?.searches ? THINK_BUDGET : null;
    const progress = (p: Progress) => {
      if (ticket === this.thinkTicket) this.turn.textContent = `${this.sideLabel(side)} is thinking… ${describeProgress(p)}`;
    };
    let move: string;
    try {
      const agent = await this.agentFor(player);
      if (ticket !== this.thinkTicket) return;
      move = (await this.thinker.think(agent, s.position, this.seed * 1000 + s.cursor, budget, progress)).text;
    } catch (e) {
      if (ticket !== this.thinkTicket || e instanceof Cancelled) return;
      this.thinking = null;
      // A player that cannot move is not asked again and again: the game
      // waits until Continue. (A dead worker has told the visitor itself.)
      this.paused = true;
      if (!this.destroyed && !(e instanceof WorkerDied)) {
        showNotice(`${this.sideLabel(side)} cannot move: ${messageOf(e)}`);
      }
      this.schedule();
      return;
    }
    if (ticket !== this.thinkTicket) return;
    this.thinking = null;
    while (this.restoring) await this.restored;
    // Played only in the position it was chosen for.
    if (this.state?.cursor === s.cursor && this.state.position === s.position && !this.destroyed) {
      await this.perform(async () => {
        this.show(await this.engine.session({ kind: 'play', move }));
      });
    }
    this.schedule();
  }

  /** Gives up a think under way: the thinking worker is replaced. */
  private cancelThink(): void {
    if (this.thinking === null) return;
    this.thinking = null;
    this.thinkTicket++;
    this.thinker.cancel();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  // ---- keyboard ------------------------------------------------------------

  private keyDown(e: KeyboardEvent): void {
    const t = e.target as HTMLElement | null;
    if (this.element.offsetParent === null) return;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const key = e.key.toLowerCase();
    const ctrl = e.ctrlKey || e.metaKey;
    if ((key === 'u' && !ctrl && !e.altKey) || (ctrl && key === 'z' && !e.shiftKey)) {
      e.preventDefault();
      void this.undo();
    } else if ((key === 'r' && !ctrl && !e.altKey) || (ctrl && (key === 'y' || (key === 'z' && e.shiftKey)))) {
      e.preventDefault();
      void this.redo();
    }
  }

  // ---- drawing -------------------------------------------------------------

  private isHuman(side: 0 | 1 | null): boolean {
    return side !== null && this.controllers[side] === HUMAN;
  }

  private isHumanTurn(): boolean {
    return !!this.state && this.isHuman(this.state.toMove);
  }

  private sideLabel(side: 0 | 1): string {
    const name = this.info.sides[side];
    const c = this.controllers[side];
    if (c === HUMAN) return name;
    return `${name} (${this.playerInfo(c)?.label ?? this.models.get(c)?.label ?? 'a model'})`;
  }

  /**
   * The record as a table: one row per turn, numbered at the left, with a
   * column per side headed by the side's name. A move is a button that shows
   * the position after it; the current position's move is marked; undone
   * moves (after the cursor) are struck through until a new move drops them.
   */
  private drawMoves(s: GameState): void {
    if (s.history.length === 0) {
      this.moveList.replaceChildren(el('p', { className: 'move-list-empty' }, 'No moves yet.'));
      return;
    }
    const head = el(
      'tr',
      {},
      el('th', { scope: 'col', className: 'turn-no', title: 'Turn' }, '#'),
      ...s.sides.map((name) => el('th', { scope: 'col' }, name)),
    );
    // A new row when the first side moves, or when the slot of the side to
    // move in this row is taken (a game where a side moves twice in a row).
    const rows: (HTMLElement | null)[][] = [];
    for (const [i, m] of s.history.entries()) {
      const last = rows[rows.length - 1];
      if (!last || m.side === 0 || last[m.side] !== null) rows.push([null, null]);
      rows[rows.length - 1][m.side] = this.moveButton(s, m, i);
    }
    const body = rows.map((r, n) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row', className: 'turn-no' }, `${n + 1}.`),
        ...r.map((b) => el('td', {}, ...(b ? [b] : []))),
      ),
    );
    const table = el(
      'table',
      { className: 'move-table' },
      el('caption', { className: 'visually-hidden' }, 'Moves of the game, one row per turn'),
      el('thead', {}, head),
      el('tbody', {}, ...body),
    );
    this.moveList.replaceChildren(table);
  }

  /** The button of move `i` of the record: shows the position after it. */
  private moveButton(s: GameState, m: MoveEntry, i: number): HTMLElement {
    const undone = i >= s.cursor;
    const pass = m.cell === null && (m.from ?? null) === null;
    const b = el('button', { type: 'button', className: `move side-${m.side}${undone ? ' undone' : ''}${pass ? ' pass' : ''}` }, m.text);
    b.dataset.index = String(i);
    b.title = `Move ${i + 1}, ${s.sides[m.side]}: ${pass ? 'passed (no legal move)' : m.text}${undone ? ' (undone)' : ''} — show the position after it`;
    b.addEventListener('click', () => void this.jumpTo(i + 1));
    if (i === s.cursor - 1) b.setAttribute('aria-current', 'step');
    return b;
  }

  /** Scrolls the move list's own box (never the page) so the current move shows. */
  private showCurrentMove(): void {
    const list = this.moveList;
    const cur = list.querySelector<HTMLElement>('[aria-current]');
    if (!cur || list.scrollHeight <= list.clientHeight) return;
    // Below the column heads, which stay at the top of the box.
    const headHeight = list.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const top = cur.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientTop + list.scrollTop - headHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + headHeight + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + headHeight + cur.offsetHeight - list.clientHeight;
  }

  private show(s: GameState): void {
    if (this.destroyed) return;
    const before = this.state;
    this.state = s;
    if (before && s.cursor === before.cursor + 1 && s.lastMove) {
      const said = [`${this.sideLabel(s.lastMove.side)} played ${s.lastMove.text}.`, s.notice ?? '', s.outcome?.text ?? ''];
      this.announcer.textContent = said.filter(Boolean).join(' ');
    }
    const human = this.isHuman(s.toMove);
    this.board.update(s, human);

    for (const side of [0, 1] as const) this.scores[side].textContent = s.counts ? String(s.counts[side]) : '–';
    this.score.hidden = !s.counts;
    this.statusLine.hidden = !s.status;
    this.statusLine.textContent = s.status ?? '';
    const root = this.element;
    root.dataset.over = String(s.outcome !== null);
    root.dataset.toMove = s.toMove === null ? '' : String(s.toMove);
    // The engine's text of the position shown (for tests and tools).
    root.dataset.position = s.position;
    if (s.outcome) {
      this.turn.textContent = s.outcome.text;
      this.turn.className = 'turn result';
    } else {
      this.turn.className = 'turn';
      this.turn.textContent = human ? `${this.sideLabel(s.toMove!)} to move.` : `${this.sideLabel(s.toMove!)} to move…`;
      if (this.missingSides().includes(s.toMove!)) this.turn.textContent = this.waitingText(s.toMove!);
    }
    this.notice.hidden = !s.notice;
    this.notice.textContent = s.notice ?? '';
    const mustPass = human && s.legal.length > 0 && s.legal.every((m) => m.cell === null);
    this.passButton.hidden = !mustPass;

    this.drawMoves(s);
    // After this frame's changes: measuring the list now would lay the page out twice.
    if (!this.moveScroll) {
      this.moveScroll = requestAnimationFrame(() => {
        this.moveScroll = 0;
        if (!this.destroyed) this.showCurrentMove();
      });
    }
    this.hintText.textContent = '';
    this.writeUrl();
    this.seedText.textContent = `Seed ${this.seed} · ${s.cursor} move${s.cursor === 1 ? '' : 's'} played`;
    this.updateControls();
    void this.updateHeat();
    for (const f of this.stateListeners) f(s);
    if (mustPass && document.activeElement === document.body) this.passButton.focus();
  }

  /** Draws the values of the model in the game (if any) over the legal moves. */
  private async updateHeat(): Promise<void> {
    const ticket = ++this.heatTicket;
    const s = this.state;
    if (!this.board.setHeat) return;
    const model = this.modelsInGame().find((m) => s?.toMove != null && (m.side === null || m.side === s.toMove));
    this.heatLabel.hidden = this.modelsInGame().length === 0;
    if (!model || !s || s.toMove === null || !this.heatBox.checked) {
      this.board.setHeat(null);
      return;
    }
    let analysis: Analysis | null;
    try {
      analysis = await this.thinker.analyze(await this.agentFor(model.name), s.position);
    } catch (e) {
      if (ticket === this.heatTicket && !this.destroyed && !(e instanceof Cancelled)) showNotice(`The model’s values could not be shown: ${messageOf(e)}`);
      return;
    }
    if (ticket !== this.heatTicket || this.destroyed) return;
    this.board.setHeat(analysis ? heatOf(analysis) : null);
  }

  /** Shows the chosen searching player's value of every legal move, on the board and in words. */
  private async hint(): Promise<void> {
    const s = this.state;
    if (!s || s.toMove === null || !this.board.setHeat) return;
    const ticket = ++this.heatTicket;
    const cursor = s.cursor;
    this.hintButton.disabled = true;
    this.hintText.textContent = 'Thinking…';
    try {
      const agent = await this.agentFor(this.hintSelect.value);
      const a = await this.thinker.analyze(agent, s.position, { ms: 5000 });
      if (ticket !== this.heatTicket || this.destroyed || this.state?.cursor !== cursor) return;
      if (!a) {
        this.hintText.textContent = 'This player gives no values.';
        return;
      }
      this.board.setHeat(heatOf(a));
      const moves = [...a.moves].sort((x, y) => (y.value ?? -Infinity) - (x.value ?? -Infinity));
      const words = moves.map((m) => `${m.text}${m.best ? ' (best)' : ''}: ${m.label ?? (m.value === null ? '–' : m.value.toFixed(2))}`);
      // What the values are (exact scores, a heuristic, Q-values) follows them in words.
      this.hintText.textContent = `${a.complete ? '' : 'Partial (time ran out): '}${words.join(' · ')} — ${a.units}`;
      this.hintText.title = a.units;
    } catch (e) {
      if (!(e instanceof Cancelled) && !this.destroyed) this.hintText.textContent = `No hint: ${messageOf(e)}`;
    } finally {
      this.hintButton.disabled = false;
    }
  }

  /** True while a move, undo or redo would race another engine request. */
  private locked(): boolean {
    return this.busy || this.restoring;
  }

  private updateControls(): void {
    const s = this.state;
    const locked = this.locked();
    this.element.dataset.busy = String(locked);
    this.element.dataset.thinking = String(this.thinking !== null);
    this.undoButton.disabled = locked || !s || s.cursor === 0;
    this.redoButton.disabled = locked || !s || s.cursor === s.history.length;
    this.continueButton.hidden = !(this.paused && s && s.toMove !== null && !this.isHuman(s.toMove) && !this.missingSides().includes(s.toMove));
    this.passButton.disabled = locked;
    for (const [i, sel] of this.selects.entries()) {
      sel.value = this.controllers[i];
      const c = this.controllers[i];
      const p = this.playerInfo(c);
      this.abouts[i].textContent = c === HUMAN ? 'A person plays on the board.' : p ? `${p.label}: ${p.description}.` : `${this.models.get(c)?.label ?? 'A model'}: a trained model from the library.`;
    }
  }

  /** Keeps who plays and the seed in the address, so a game can be shared. */
  private writeUrl(): void {
    // Once the address names another view (a game link was followed while
    // this game was still loading), it is not this panel's to write.
    if (this.destroyed) return;
    // The game itself: a reload keeps it, a link shows it in another browser.
    const s = this.state;
    const address = writeGameAddress(location.hash, this.info.id, {
      controllers: this.controllers,
      seed: this.seed,
      moves: s ? s.history.map((m) => m.text) : [],
      cursor: s ? s.cursor : 0,
    });
    if (address !== null) history.replaceState(null, '', address);
  }
}

/** The values of an analysis by cell, on its scale. */
function heatOf(a: Analysis): Heat {
  const values = new Map<number, number>();
  for (const m of a.moves) if (m.cell !== null && m.value !== null) values.set(m.cell, m.value);
  if (a.scale.kind === 'fixed') return { values, min: a.scale.min, max: a.scale.max, units: a.units, fixed: true };
  const vs = [...values.values()];
  return { values, min: Math.min(...vs), max: Math.max(...vs), units: a.units, fixed: false };
}

function describeProgress(p: Progress): string {
  const parts = [p.depth !== null ? `depth ${p.depth}` : '', `${compactCount(p.nodes)} positions`, p.note].filter(Boolean);
  return parts.join(' · ');
}

function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}
