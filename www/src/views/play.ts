// The Play tab: who plays each side, new game, undo/redo, the move list and
// the game's status, driving a board through the engine worker. Works for
// any game whose board implements `BoardView`; the rules stay in the engine.

import type { BoardView } from '../boards/board';
import type { GameInfo } from '../games';
import { messageOf, showNotice } from '../notices';
import type { GameState } from '../protocol';
import type { Engine } from '../engine';
import { el } from '../dom';

/** 'human' or the engine's name of a fixed player. */
type Controller = string;

const HUMAN = 'human';

/** Pause before a computer move, so that people can follow the game. */
function aiDelayMs(): number {
  const param = new URLSearchParams(location.hash.split('?')[1] ?? '').get('delay');
  const v = Number(param);
  return param !== null && param !== '' && Number.isFinite(v) && v >= 0 && v <= 5000 ? v : 400;
}

export interface PlayOptions {
  /** Initial controllers and seed, e.g. from the URL. */
  controllers?: [Controller, Controller];
  seed?: number;
}

export class PlayPanel {
  readonly element: HTMLElement;
  private state: GameState | null = null;
  private controllers: [Controller, Controller];
  private seed: number;
  private busy = false;
  /** The engine was restarted and the game is being played into it again. */
  private restoring = false;
  private restoreTicket = 0;
  /** Settles when the current replay into a restarted engine is over. */
  private restored: Promise<void> = Promise.resolve();
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  private readonly delay = aiDelayMs();

  private turn = el('p', { className: 'turn', 'data-testid': 'turn' });
  private notice = el('p', { className: 'pass-notice', 'data-testid': 'notice', hidden: true });
  private passButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'pass', hidden: true }, 'Pass');
  private scores: HTMLElement[] = [];
  private score: HTMLElement;
  /** Hare and Hounds: the hounds' vertical moves in a row (ten and the hare wins). */
  private stallText = el('p', { className: 'stall', 'data-testid': 'stall', hidden: true });
  private selects: HTMLSelectElement[] = [];
  private undoButton = el('button', { type: 'button', 'data-testid': 'undo', title: 'Undo (U or Ctrl+Z)' }, 'Undo');
  private redoButton = el('button', { type: 'button', 'data-testid': 'redo', title: 'Redo (R or Ctrl+Y)' }, 'Redo');
  private newButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'new-game' }, 'New game');
  private continueButton = el('button', { type: 'button', 'data-testid': 'continue', hidden: true }, 'Continue');
  private moveList = el('ol', { className: 'move-list', 'data-testid': 'moves' });
  private seedText = el('p', { className: 'seed' });
  private onKey = (e: KeyboardEvent) => this.keyDown(e);
  /** Q-network players added from the Train and Models tabs, by engine name. */
  private nets = new Map<string, string>();
  private heatBox = el('input', { type: 'checkbox', checked: true, 'data-testid': 'heat-toggle' }) as HTMLInputElement;
  private heatLabel = el('label', { className: 'heat-toggle', hidden: true }, this.heatBox, ' Show the network’s Q(s, a) on the legal squares');
  private heatRequest = 0;

  constructor(
    private readonly game: GameInfo,
    private readonly engine: Engine,
    private readonly board: BoardView,
    options: PlayOptions = {},
  ) {
    this.controllers = options.controllers ?? [HUMAN, Object.keys(game.players)[1] ?? HUMAN];
    this.seed = options.seed ?? randomSeed();

    const status = el('section', { className: 'status', 'aria-live': 'polite' });
    const score = el('div', { className: 'score' });
    for (const side of [0, 1] as const) {
      const n = el('span', { className: 'count', 'data-testid': `count-${side}` }, '–');
      this.scores.push(n);
      score.append(
        el('span', { className: `side side-${side}` }, el('span', { className: `disc disc-${side}`, 'aria-hidden': 'true' }), n),
      );
    }
    // Disc counts where the game has them (Othello); otherwise the line is hidden.
    this.score = score;
    status.append(score, this.stallText, this.turn, this.notice, this.passButton);

    const players = el('fieldset', { className: 'players' }, el('legend', {}, 'Players'));
    const names = game.sides;
    for (const side of [0, 1] as const) {
      const select = el('select', { 'data-testid': `player-${side}` }) as HTMLSelectElement;
      select.append(el('option', { value: HUMAN }, 'Human'));
      for (const [name, p] of Object.entries(game.players)) {
        select.append(el('option', { value: name }, `${p.label} — ${p.description}`));
      }
      select.value = this.controllers[side];
      if (select.value !== this.controllers[side]) {
        this.controllers[side] = HUMAN;
        select.value = HUMAN;
      }
      select.addEventListener('change', () => this.setController(side, select.value));
      this.selects.push(select);
      players.append(el('label', { className: 'player' }, el('span', { className: `disc disc-${side}`, 'aria-hidden': 'true' }), names[side], select));
    }

    const controls = el('div', { className: 'controls' }, this.newButton, this.undoButton, this.redoButton, this.continueButton);
    this.newButton.addEventListener('click', () => void this.newGame(randomSeed()));
    this.undoButton.addEventListener('click', () => void this.undo());
    this.redoButton.addEventListener('click', () => void this.redo());
    this.continueButton.addEventListener('click', () => {
      this.paused = false;
      this.schedule();
    });
    this.passButton.addEventListener('click', () => void this.humanMove('pass'));
    this.heatBox.addEventListener('change', () => void this.updateHeat());

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
      controls,
      this.heatLabel,
      keys,
      el('h3', {}, 'Moves'),
      this.moveList,
      this.seedText,
    );

    board.onMove = (m) => void this.humanMove(m);
    board.onIllegal = () => {
      if (this.state && this.isHumanTurn()) this.turn.textContent = `${this.sideLabel(this.state.toMove!)}: that square is not a legal move.`;
    };
    document.addEventListener('keydown', this.onKey);
  }

  /**
   * Adds a Q-network (a model file) as a player and starts a new game: the
   * visitor plays Black against it (or `players` and `seed` as given, e.g.
   * from a link). Choosing the same name again replaces the network (e.g.
   * the current weights of a run that goes on training).
   */
  async addNetPlayer(name: string, label: string, bytes: Uint8Array, players?: [Controller, Controller], seed?: number): Promise<void> {
    await this.engine.setNet(name, bytes);
    this.nets.set(name, label);
    for (const select of this.selects) {
      let option = [...select.options].find((o) => o.value === name);
      if (!option) {
        option = el('option', { value: name });
        select.append(option);
      }
      option.textContent = `${label} — Q-network`;
    }
    this.heatLabel.hidden = false;
    this.controllers = players ?? [HUMAN, name];
    await this.newGame(seed ?? randomSeed());
  }

  /** Starts the first game. */
  start(): Promise<void> {
    return this.newGame(this.seed);
  }

  destroy(): void {
    this.destroyed = true;
    this.cancelTimer();
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
      await this.engine.run({ kind: 'new', game: this.game.id });
      let last: GameState | null = null;
      // The whole record, then back to where the game stood: redo still works.
      for (const m of s.history) {
        if (ticket !== this.restoreTicket) return;
        last = await this.engine.run({ kind: 'play', move: m.text });
      }
      for (let i = s.cursor; i < s.history.length; i++) {
        if (ticket !== this.restoreTicket) return;
        last = await this.engine.run({ kind: 'undo' });
      }
      const restored = last ?? (await this.engine.run({ kind: 'state' }));
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

  // ---- actions -----------------------------------------------------------

  private async newGame(seed: number): Promise<void> {
    this.cancelTimer();
    // A new game replaces a record still being restored.
    this.restoreTicket++;
    this.restoring = false;
    this.seed = seed;
    this.paused = false;
    this.writeUrl();
    await this.perform(async () => {
      this.show(await this.engine.run({ kind: 'new', game: this.game.id }));
    });
    this.schedule();
  }

  private async humanMove(move: string): Promise<void> {
    // A move made while the game is being restored into a restarted engine
    // is played once the record is back, if it is still this side's move.
    while (this.restoring) await this.restored;
    if (this.locked() || !this.isHumanTurn()) return;
    await this.perform(async () => {
      this.show(await this.engine.run({ kind: 'play', move }));
    });
    this.schedule();
  }

  /** Takes back moves until a person is to move (or to the start). */
  private async undo(): Promise<void> {
    if (this.locked() || !this.state || this.state.cursor === 0) return;
    this.cancelTimer();
    this.pauseIfNoHuman();
    await this.perform(async () => {
      let s = await this.engine.run({ kind: 'undo' });
      while (s.cursor > 0 && !this.isHuman(s.toMove)) s = await this.engine.run({ kind: 'undo' });
      this.show(s);
    });
    this.schedule();
  }

  /** Replays undone moves until a person is to move (or the record ends). */
  private async redo(): Promise<void> {
    if (this.locked() || !this.state || this.state.cursor === this.state.history.length) return;
    this.cancelTimer();
    this.pauseIfNoHuman();
    await this.perform(async () => {
      let s = await this.engine.run({ kind: 'redo' });
      while (s.cursor < s.history.length && !this.isHuman(s.toMove)) s = await this.engine.run({ kind: 'redo' });
      this.show(s);
    });
    this.schedule();
  }

  private setController(side: 0 | 1, value: Controller): void {
    this.controllers[side] = value;
    this.writeUrl();
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
      if (!this.destroyed) showNotice(messageOf(e));
    } finally {
      this.busy = false;
      if (!this.destroyed) this.updateControls();
    }
  }

  /** If a computer is to move, lets it move after a short pause. */
  private schedule(): void {
    this.cancelTimer();
    const s = this.state;
    if (this.destroyed || this.paused || !s || s.toMove === null || this.isHuman(s.toMove)) {
      this.updateControls();
      return;
    }
    const side = s.toMove;
    this.turn.textContent = `${this.sideLabel(side)} is thinking…`;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.computerMove(side);
    }, this.delay);
  }

  private async computerMove(side: 0 | 1): Promise<void> {
    const s = this.state;
    if (this.locked() || !s || s.toMove !== side || this.isHuman(side)) return;
    const player = this.controllers[side];
    let moved = false;
    await this.perform(async () => {
      this.show(await this.engine.run({ kind: 'ai', player, seed: this.seed * 1000 + s.cursor }));
      moved = true;
    });
    // A player that cannot move (e.g. no model loaded) is not asked again
    // and again: the game pauses until Continue.
    if (!moved) this.paused = true;
    this.schedule();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  // ---- keyboard ----------------------------------------------------------

  private keyDown(e: KeyboardEvent): void {
    const t = e.target as HTMLElement | null;
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

  // ---- drawing -----------------------------------------------------------

  private isHuman(side: 0 | 1 | null): boolean {
    return side !== null && this.controllers[side] === HUMAN;
  }

  private isHumanTurn(): boolean {
    return !!this.state && this.isHuman(this.state.toMove);
  }

  private sideLabel(side: 0 | 1): string {
    const name = this.game.sides[side];
    const c = this.controllers[side];
    return c === HUMAN ? name : `${name} (${this.game.players[c]?.label ?? this.nets.get(c) ?? c})`;
  }

  private show(s: GameState): void {
    if (this.destroyed) return;
    this.state = s;
    const human = this.isHuman(s.toMove);
    this.board.update(s, human);

    for (const side of [0, 1] as const) this.scores[side].textContent = s.counts ? String(s.counts[side]) : '–';
    this.score.hidden = !s.counts;
    const stall = /\bstall=(\d+)/.exec(s.position);
    this.stallText.hidden = !stall;
    if (stall) this.stallText.textContent = `Vertical hound moves in a row: ${stall[1]} of 10 (at 10 the hare wins).`;
    const root = this.element;
    root.dataset.over = String(s.outcome !== null);
    root.dataset.toMove = s.toMove === null ? '' : String(s.toMove);
    if (s.outcome) {
      this.turn.textContent = s.outcome.text;
      this.turn.className = 'turn result';
    } else {
      this.turn.className = 'turn';
      this.turn.textContent = human ? `${this.sideLabel(s.toMove!)} to move.` : `${this.sideLabel(s.toMove!)} to move…`;
    }
    this.notice.hidden = !s.notice;
    this.notice.textContent = s.notice ?? '';
    const mustPass = human && s.legal.length > 0 && s.legal.every((m) => m.cell === null);
    this.passButton.hidden = !mustPass;

    this.moveList.replaceChildren(
      ...s.history.map((m, i) => {
        const li = el('li', { className: i < s.cursor ? `side-${m.side}` : `side-${m.side} undone` }, m.text);
        li.title = `${s.sides[m.side]}: ${m.text}${i < s.cursor ? '' : ' (undone)'}`;
        if (i === s.cursor - 1) li.setAttribute('aria-current', 'step');
        return li;
      }),
    );
    this.moveList.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
    this.seedText.textContent = `Seed ${this.seed} · ${s.cursor} move${s.cursor === 1 ? '' : 's'} played`;
    this.updateControls();
    void this.updateHeat();
    if (mustPass && document.activeElement === document.body) this.passButton.focus();
  }

  /** Draws the Q-values of the network in the game (if any) over the legal squares. */
  private async updateHeat(): Promise<void> {
    const ticket = ++this.heatRequest;
    const s = this.state;
    const net = this.controllers.find((c) => this.nets.has(c));
    if (!this.board.setHeat) return;
    if (!net || !s || s.toMove === null || !this.heatBox.checked) {
      this.board.setHeat(null);
      return;
    }
    try {
      const q = await this.engine.value<number[] | null>({ kind: 'qValues', name: net });
      if (ticket !== this.heatRequest || this.destroyed) return;
      const values = new Map<number, number>();
      if (q) for (const m of s.legal) if (m.cell !== null) values.set(m.cell, q[m.cell]);
      this.board.setHeat(values);
    } catch (e) {
      if (ticket === this.heatRequest && !this.destroyed) showNotice(messageOf(e));
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
    this.undoButton.disabled = locked || !s || s.cursor === 0;
    this.redoButton.disabled = locked || !s || s.cursor === s.history.length;
    this.continueButton.hidden = !(this.paused && s && s.toMove !== null && !this.isHuman(s.toMove));
    this.passButton.disabled = locked;
    for (const [i, sel] of this.selects.entries()) sel.value = this.controllers[i];
  }

  /** Keeps who plays and the seed in the address, so a game can be shared. */
  private writeUrl(): void {
    const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
    params.set('first', this.controllers[0]);
    params.set('second', this.controllers[1]);
    params.set('seed', String(this.seed));
    history.replaceState(null, '', `#/${this.game.id}?${params}`);
  }
}

function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}
