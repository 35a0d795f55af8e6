// The Play tab: who plays each side, new game, undo/redo, the move list and
// the game's status, driving a board through the engine worker. Works for
// any game; the rules stay in the engine. This file wires the parts in
// `play/`: the players and their settings (`players.ts`, with the model a
// link names that is missing, `missing-model.ts`), the game against the
// engine and the computer players' turns (`game.ts`), the status above the
// players (`status.ts`), the move list (`move-list.ts`), values on the board
// and hints (`values.ts`), the preview of a move (`preview.ts`); the address
// keeps the game (`address.ts`).

import type { BoardView } from '../boards/board';
import { el, markOnce } from '../core/dom';
import type { Engine, EngineBoard } from '../core/engine';
import type { ModelLibrary } from '../core/storage';
import { showNotice } from '../core/notices';
import type { Analysis, GameInfo, GameState } from '../core/protocol';
import type { AgentRequest, Thinker } from '../core/thinker';
import { AddressKeeper, computerDelayMs, firstDelayMs } from './address';
import { Game } from './play/game';
import { MissingModel, waitingText, type ImportModels } from './play/missing-model';
import { MoveList } from './play/move-list';
import { HUMAN, Players, type Controller, type ModelPlayer } from './play/players';
import { MovePreview } from './play/preview';
import { GameStatus, moveAnnouncement } from './play/status';
import { BoardValues } from './play/values';

export { MODEL, type ModelPlayer } from './play/players';

export interface PlayOptions {
  /** A move as sentences name it ("column 4"; default its own text). */
  moveWords?: (move: string) => string;
  /** Initial controllers and seed, e.g. from the address. */
  controllers?: [Controller, Controller];
  seed?: number;
  /** The start position to draw before the engine has loaded (core/start.ts), and the engine module's size. */
  start?: { state: GameState; wasmBytes: number };
  /** A game record to start from (the address's `moves`), and how many of its moves are on the board (`at`). */
  moves?: string[];
  at?: number;
  /** The players' settings the address names ("search.level" → "10"). */
  settings?: Record<string, string>;
  /** Imports model files into the library (the Models tab's import), for a
   *  model the address names that this browser does not have. */
  importModels?: ImportModels;
}

export class PlayPanel {
  readonly element: HTMLElement;
  private readonly players: Players;
  private readonly missing: MissingModel;
  private readonly game: Game;
  private readonly status: GameStatus;
  private readonly moves: MoveList;
  private readonly values: BoardValues;
  private readonly preview: MovePreview;
  private readonly address: AddressKeeper;
  private stateListeners = new Set<(s: GameState) => void>();
  private undoButton = el('button', { type: 'button', 'data-testid': 'undo', title: 'Undo (U or Ctrl+Z)' }, 'Undo');
  private redoButton = el('button', { type: 'button', 'data-testid': 'redo', title: 'Redo (R or Ctrl+Y)' }, 'Redo');
  private newButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'new-game' }, 'New game');
  private continueButton = el('button', { type: 'button', 'data-testid': 'continue', hidden: true }, 'Continue');
  private onKey = (e: KeyboardEvent) => this.keyDown(e);
  /** This panel's game in the engine worker (no other panel's request reaches it). */
  private readonly engineBoard: EngineBoard;

  constructor(
    private readonly info: GameInfo,
    private readonly engine: Engine,
    thinker: Thinker,
    private readonly board: BoardView,
    library: Promise<ModelLibrary>,
    sideMarkers: [string, string],
    private readonly options: PlayOptions = {},
  ) {
    this.engineBoard = engine.open();
    const marker = (side: 0 | 1) => el('span', { className: 'disc', style: `background: ${sideMarkers[side]}`, 'aria-hidden': 'true' });
    this.address = new AddressKeeper(info.id);
    this.players = new Players(
      info,
      engine,
      library,
      marker,
      options.controllers,
      (side, c) => this.choose(side, c),
      options.settings,
      () => this.writeUrl(),
    );
    this.status = new GameStatus(info, marker, () => {
      const pass = this.state?.legal.find((m) => m.cell === null);
      if (pass) void this.game.humanMove(pass.text);
    });
    this.game = new Game(
      info,
      this.engineBoard,
      thinker,
      this.players,
      {
        show: (s, before) => this.show(s, before),
        turn: (text) => this.status.setTurn(text),
        controls: () => this.updateControls(),
      },
      options.seed ?? randomSeed(),
      computerDelayMs(location.hash),
      firstDelayMs(location.hash),
    );
    this.missing = new MissingModel(info, this.players, options.importModels, (meta, sides) => {
      this.writeUrl();
      showNotice(`“${meta.name}” now plays ${sides.map((side) => info.sides[side]).join(' and ')}; the game goes on.`, 'info');
      this.game.unpause();
      this.game.redraw();
      this.game.schedule();
    });
    // A jump in the move list shows its position: on a phone, where the list is under the board, the board comes into view.
    this.moves = new MoveList((cursor) => void this.game.jumpTo(cursor).then(() => this.boardInView()));
    this.values = new BoardValues(info, board, thinker, {
      state: () => this.state,
      modelsInGame: () => this.players.modelsInGame(),
      agentFor: (name) => this.players.agentFor(name),
      humanSides: () => ([0, 1] as const).filter((side) => this.players.isHuman(side)),
    });
    this.preview = new MovePreview(board, this.engineBoard, {
      state: () => this.state,
      busy: () => this.game.locked() || this.game.thinking !== null,
    });

    const controls = el('div', { className: 'controls' }, this.newButton, this.undoButton, this.redoButton, this.continueButton);
    // Nothing to take back or replay until the engine has given the first position.
    this.undoButton.disabled = true;
    this.redoButton.disabled = true;
    this.newButton.addEventListener('click', () => void this.newGame(randomSeed()));
    this.undoButton.addEventListener('click', () => void this.game.undo());
    this.redoButton.addEventListener('click', () => void this.game.redo());
    this.continueButton.addEventListener('click', () => {
      this.game.unpause();
      this.game.schedule();
    });

    const keys = el(
      'p',
      { className: 'keys' },
      'Keyboard: Tab to the board, arrow keys to move, Enter or Space to play; U / Ctrl+Z undo, R / Ctrl+Y redo.',
    );

    this.element = el(
      'div',
      { className: 'play' },
      this.status.element,
      this.players.element,
      this.missing.element,
      controls,
      this.values.toggle,
      this.values.hint,
      this.values.text,
      keys,
      el('h3', {}, 'Moves'),
      this.moves.element,
      this.moves.summary,
    );

    board.onMove = (m) => {
      // A move on the board drawn before the engine: played once it has loaded.
      if (!this.state) this.status.whileLoading(`Your move ${this.options.moveWords?.(m) ?? m} will be played as soon as it has loaded.`);
      void this.game.humanMove(m);
    };
    board.onPreview = (m) => this.preview.ask(m);
    board.onIllegal = (cell) => {
      const s = this.state;
      if (!s || !this.players.isHuman(s.toMove)) return;
      // A point already taken says so, by its name: a tap between points goes to the nearest one.
      const taken = s.cells[cell] !== 0 && s.legal.some((m) => m.cell !== null && m.from == null);
      const name = this.board.cellName?.(cell);
      this.status.tell(`${this.players.sideLabel(s.toMove!)}: ${taken && name ? `${name} is taken; pick a free point.` : 'that is not a legal move.'}`);
    };
    document.addEventListener('keydown', this.onKey);
  }

  // ---- for the game view and the plug-ins -----------------------------------

  /** The state on the board. */
  get state(): GameState | null {
    return this.game.state;
  }

  /** Calls `f` with every state drawn; returns its remover. */
  onState(f: (s: GameState) => void): () => void {
    this.stateListeners.add(f);
    if (this.state) f(this.state);
    return () => this.stateListeners.delete(f);
  }

  /** Calls `f` when the models that can play, or the players, change. */
  onModels(f: () => void): () => void {
    return this.players.onModels(f);
  }

  /** Shows an analysis of `position` on the board while that position is
   *  on it (until the next move); false if the board has moved on. */
  showValues(position: string, a: Analysis): boolean {
    return this.values.show(position, a);
  }

  /** Takes the values that `showValues` put on the board off it. */
  clearValues(): void {
    this.values.clear();
  }

  /** The models that can play, library ones first. */
  modelChoices(): ModelPlayer[] {
    return this.players.modelChoices();
  }

  /** The models in the game now (as a side's player). */
  modelsInGame(): ModelPlayer[] {
    return this.players.modelsInGame();
  }

  /** The player `name` as the thinking worker builds it (a model's bytes loaded). */
  agentFor(name: Controller): Promise<AgentRequest> {
    return this.players.agentFor(name);
  }

  /**
   * Starts the first game. A model named by the address ("net:<id>") must
   * play that side; one this browser's library does not have keeps its
   * side waiting, and the visitor is told to import its file (a person
   * or another player can take the side instead).
   */
  async start(): Promise<void> {
    this.drawBeforeEngine();
    await this.players.start();
    this.missing.show();
    await this.newGame(this.game.seed);
    if (this.options.moves?.length) await this.loadRecord(this.options.moves, this.options.at);
  }

  /**
   * Until the engine has loaded: the start position on the board (no move
   * taken yet), the players, and the engine's download as a bar. The page
   * marks `board-drawn` (the first board on screen).
   */
  private drawBeforeEngine(): void {
    const start = this.options.start;
    if (!start || this.engine.loaded) {
      markOnce('board-drawn');
      return;
    }
    // A person to move can already pick a move (not on a shared game's first
    // position, which the game's record replaces).
    const human = this.players.isHuman(start.state.toMove) && !this.options.moves?.length;
    this.board.update(start.state, human);
    this.status.show(start.state, human, '');
    this.status.loading(0, start.wasmBytes);
    const stop = this.engine.onLoading((loaded) => {
      this.status.loading(loaded, start.wasmBytes);
      if (loaded === null) queueMicrotask(() => stop());
    });
    this.loadingStop = stop;
    requestAnimationFrame(() => markOnce('board-drawn'));
  }

  private loadingStop: (() => void) | null = null;

  /** Plays a record into a new game (a shared link, an imported record); stops at a move that is not legal. */
  loadRecord(moves: string[], at?: number): Promise<void> {
    return this.game.loadRecord(moves, at);
  }

  /** The whole game (undone moves too) in the game's notation, from the engine. */
  recordText(): Promise<string> {
    return this.game.recordText();
  }

  /**
   * Replaces the game by a record in the game's notation, shown at its end
   * (a computer to move waits for Continue). Rejects with the engine's
   * message, which names the first bad move, and then the game on the
   * board goes on as it was.
   */
  importRecord(text: string): Promise<void> {
    return this.game.importRecord(text);
  }

  /**
   * Plays against a model: it takes its side (or the second side, if it
   * plays both) and a person the other, in a new game. `name` is "net:<id>";
   * without `bytes` it is a library model.
   */
  async playAgainst(name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null): Promise<void> {
    if (bytes) {
      this.players.addRunModel(name, label, side, bytes);
    } else {
      await this.players.refresh();
      if (!this.players.hasModel(name)) throw new Error('that model is no longer in the library');
    }
    const on = side ?? 1;
    this.players.setBoth(on === 0 ? [name, HUMAN] : [HUMAN, name]);
    await this.newGame(randomSeed());
  }

  /**
   * Two library models play each other, `first` the first side and `second`
   * the second (each "net:<id>"), in a new game that plays itself.
   */
  async playMatch(first: string, second: string): Promise<void> {
    await this.players.refresh();
    const pair = [first, second] as const;
    for (const side of [0, 1] as const) {
      const m = this.players.model(pair[side]);
      if (!m) throw new Error('that model is no longer in the library');
      if (m.side !== null && m.side !== side) throw new Error(`“${m.label}” plays ${this.info.sides[m.side]} only, not ${this.info.sides[side]}`);
    }
    this.players.setBoth([first, second]);
    await this.newGame(randomSeed());
  }

  destroy(): void {
    // Once closed, the address is not this panel's to write.
    this.address.stop();
    this.moves.destroy();
    this.preview.destroy();
    this.values.destroy();
    this.game.destroy();
    this.engineBoard.close();
    this.loadingStop?.();
    this.players.destroy();
    document.removeEventListener('keydown', this.onKey);
  }

  /** Scrolls the board into view when part of it is off screen (under the header or below the window). */
  private boardInView(): void {
    const board = this.board.element.closest<HTMLElement>('.board-area') ?? this.board.element;
    if (!board.isConnected) return;
    const r = board.getBoundingClientRect();
    const top = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    if (r.top < top || r.bottom > window.innerHeight) board.scrollIntoView({ block: 'nearest' });
  }

  /** The engine lost its state (a new worker): play the record again. */
  restore(): Promise<void> {
    return this.game.restore();
  }

  // ---- wiring ----------------------------------------------------------------

  private newGame(seed: number): Promise<void> {
    return this.game.newGame(seed, () => this.writeUrl());
  }

  /** The visitor picked player `c` for `side`. */
  private choose(side: 0 | 1, c: Controller): void {
    this.game.playerChanging(side);
    this.players.set(side, c);
    this.missing.show();
    this.writeUrl();
    this.players.changed();
    this.game.redraw();
    this.game.schedule();
  }

  /**
   * How the cells where a game ended are named in words: the stones of a
   * winning line by the moves that placed them, as the move list names
   * them ("J10", "column 4"); a single point by the board's name for it.
   */
  private endNames(s: GameState): ((cell: number) => string) | undefined {
    const cells = s.outcome?.cells ?? [];
    const board = this.board.cellName?.bind(this.board);
    if (cells.length < 2) return board;
    const words = this.options.moveWords ?? ((m: string) => m);
    const placed = new Map(s.history.slice(0, s.cursor).flatMap((m) => (m.cell === null ? [] : [[m.cell, m.text] as const])));
    return (cell) => {
      const move = placed.get(cell);
      return move !== undefined ? words(move) : (board?.(cell) ?? String(cell));
    };
  }

  /** Draws a new state everywhere: the board, the status, the move list, the address, the values. */
  private show(s: GameState, before: GameState | null): void {
    const cellName = this.endNames(s);
    if (before && s.cursor === before.cursor + 1 && s.lastMove) this.status.announce(moveAnnouncement(this.players.sideLabel(s.lastMove.side), s, this.options.moveWords, cellName));
    const human = this.players.isHuman(s.toMove);
    this.board.update(s, human);
    if (!before) this.preview.stateShown();
    let turn = '';
    if (s.toMove !== null) {
      const label = this.players.sideLabel(s.toMove);
      turn = this.players.missingSides().includes(s.toMove) ? waitingText(this.info, s.toMove) : human ? `${label} to move.` : `${label} to move…`;
    }
    this.status.show(s, human, turn, cellName);
    const root = this.element;
    root.dataset.over = String(s.outcome !== null);
    root.dataset.toMove = s.toMove === null ? '' : String(s.toMove);
    // The engine's text of the position shown (for tests and tools).
    root.dataset.position = s.position;
    this.moves.show(s, this.game.seed);
    this.values.clearHint();
    this.writeUrl();
    this.updateControls();
    void this.values.update();
    for (const f of this.stateListeners) f(s);
    this.status.focusPass();
  }

  private updateControls(): void {
    const s = this.state;
    const locked = this.game.locked();
    this.element.dataset.busy = String(locked);
    this.element.dataset.thinking = String(this.game.thinking !== null);
    this.undoButton.disabled = locked || !s || s.cursor === 0;
    this.redoButton.disabled = locked || !s || s.cursor === s.history.length;
    this.continueButton.hidden = !(this.game.paused && s && s.toMove !== null && !this.players.isHuman(s.toMove) && !this.players.missingSides().includes(s.toMove));
    this.status.lock(locked);
    this.players.showChoices();
  }

  /** Keeps who plays, the seed and the moves in the address, so a game can be shared. */
  private writeUrl(): void {
    const s = this.state;
    this.address.write({
      controllers: this.players.pair,
      seed: this.game.seed,
      moves: s ? s.history.map((m) => m.text) : [],
      cursor: s ? s.cursor : 0,
      settings: this.players.addressSettings(),
    });
  }

  private keyDown(e: KeyboardEvent): void {
    const t = e.target as HTMLElement | null;
    if (this.element.offsetParent === null) return;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const key = e.key.toLowerCase();
    const ctrl = e.ctrlKey || e.metaKey;
    if ((key === 'u' && !ctrl && !e.altKey) || (ctrl && key === 'z' && !e.shiftKey)) {
      e.preventDefault();
      void this.game.undo();
    } else if ((key === 'r' && !ctrl && !e.altKey) || (ctrl && (key === 'y' || (key === 'z' && e.shiftKey)))) {
      e.preventDefault();
      void this.game.redo();
    }
  }
}

function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}
