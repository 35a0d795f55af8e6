// Values of the legal moves on the board (a heat map) and in words: the
// model in the game shows its values while it plays (a checkbox hides
// them); Hint asks a searching player of the game for the value of every
// legal move; other sections (Solve exactly, a game's own hints) show an
// analysis of the position on the board. Only the newest request's answer,
// for the position still shown, is drawn.

import { boundedParam } from '../address';
import { cellValues, type BoardView, type Heat } from '../../boards/board';
import { el } from '../../core/dom';
import { messageOf, showNotice } from '../../core/notices';
import type { Analysis, GameInfo, GameState } from '../../core/protocol';
import type { AgentRequest, Thinker } from '../../core/thinker';
import { Cancelled } from '../../core/worker-client';
import type { ModelPlayer } from './players';

/** How long a hint may search: 5 s, or the address's `?hintMs=` (200 ms to 10 min, for tests on slow machines). */
function hintMs(): number {
  return boundedParam(location.hash, 'hintMs', 200, 600_000, 5_000);
}

/** The values of an analysis by cell, on its scale. */
export function heatOf(a: Analysis): Heat {
  const values = new Map<number, number>();
  const labels = new Map<number, string>();
  for (const m of a.moves) {
    if (m.cell === null || m.value === null) continue;
    values.set(m.cell, m.value);
    if (m.label) labels.set(m.cell, m.label);
  }
  // The best moves: as the engine marks them, else the highest values.
  let best = new Set(a.moves.filter((m) => m.best && m.cell !== null && values.has(m.cell)).map((m) => m.cell!));
  if (best.size === 0 && values.size > 0) {
    const top = Math.max(...values.values());
    best = new Set([...values].filter(([, v]) => v === top).map(([c]) => c));
  }
  const extra = { labels, best };
  if (a.scale.kind === 'fixed') return { values, min: a.scale.min, max: a.scale.max, units: a.units, fixed: true, ...extra };
  const vs = [...values.values()];
  return { values, min: Math.min(...vs), max: Math.max(...vs), units: a.units, fixed: false, ...extra };
}

/**
 * A hint in words, best move first: "d3 (best): 0.50 · c4: −" and what the
 * values are; "Partial" when the search ran out of time.
 */
export function hintWords(a: Analysis): string {
  const moves = [...a.moves].sort((x, y) => (y.value ?? -Infinity) - (x.value ?? -Infinity));
  const cellValue = cellValues(moves.flatMap((m) => (m.value === null ? [] : [m.value])));
  const words = moves.map((m) => `${m.text}${m.best ? ' (best)' : ''}: ${m.label ?? (m.value === null ? '–' : cellValue(m.value))}`);
  // What the values are (exact scores, a heuristic, Q-values) follows them in words.
  return `${a.complete ? '' : 'Partial (time ran out): '}${words.join(' · ')} — ${a.units}`;
}

/** What the values need of the game. */
export interface ValuesSource {
  /** The state on the board. */
  state(): GameState | null;
  /** The models in the game now. */
  modelsInGame(): ModelPlayer[];
  /** A player as the thinking worker builds it. */
  agentFor(name: string): Promise<AgentRequest>;
  /** The sides a person plays. */
  humanSides(): (0 | 1)[];
}

export class BoardValues {
  /** Shows or hides the model's values (shown while a model is in the game). */
  readonly toggle: HTMLElement;
  /** The Hint button and its player (hidden when no player of the game searches). */
  readonly hint: HTMLElement;
  /** The hint in words. */
  readonly text = el('p', { className: 'hint-result', 'data-testid': 'hint-result', 'aria-live': 'polite' });
  private box = el('input', { type: 'checkbox', checked: true, 'data-testid': 'heat-toggle' });
  /** A hint: a searching player values every legal move (the game's own players that search). */
  private hintSelect = el('select', { 'data-testid': 'hint-player', 'aria-label': 'Player that gives the hint' });
  private hintButton = el('button', { type: 'button', 'data-testid': 'hint', title: 'Asks the chosen player for the value of every legal move (up to 5 s)' }, 'Hint');
  /** The newest request for values (older answers are dropped). */
  private ticket = 0;
  private destroyed = false;

  constructor(
    info: GameInfo,
    private readonly board: BoardView,
    private readonly thinker: Thinker,
    private readonly source: ValuesSource,
  ) {
    this.toggle = el('label', { className: 'heat-toggle', hidden: true }, this.box, ' Show the model’s values on the legal moves');
    this.box.addEventListener('change', () => void this.update());
    const searchers = info.players.filter((p) => p.searches);
    for (const p of searchers) this.hintSelect.append(el('option', { value: p.id }, p.label));
    this.hintButton.addEventListener('click', () => void this.askHint());
    this.hint = el('div', { className: 'hint controls', hidden: searchers.length === 0 }, this.hintButton, el('label', {}, ' values from ', this.hintSelect));
  }

  /** Shows an analysis of `position` on the board while that position is on it; false if the board has moved on. */
  show(position: string, a: Analysis): boolean {
    if (!this.board.setHeat || this.source.state()?.position !== position) return false;
    ++this.ticket;
    this.board.setHeat(heatOf(a));
    return true;
  }

  /** Takes values shown by `show` off the board. */
  clear(): void {
    ++this.ticket;
    this.board.setHeat?.(null);
  }

  /** A new position: the hint in words is cleared. */
  clearHint(): void {
    this.text.textContent = '';
  }

  /** Draws the values of the model in the game (if any) over the legal moves. */
  async update(): Promise<void> {
    const ticket = ++this.ticket;
    const s = this.source.state();
    if (!this.board.setHeat) return;
    const inGame = this.source.modelsInGame();
    const model = inGame.find((m) => s?.toMove != null && (m.side === null || m.side === s.toMove));
    // Offered only where it shows something: a model that values the
    // positions a person moves in (one that plays both sides, or the side a
    // person plays); a model of one side, against a person on the other,
    // values only its own moves, which it plays at once.
    const humans = this.source.humanSides();
    this.toggle.hidden = !inGame.some((m) => m.side === null || humans.includes(m.side));
    if (!model || !s || s.toMove === null || !this.box.checked) {
      this.board.setHeat(null);
      return;
    }
    let analysis: Analysis | null;
    try {
      analysis = await this.thinker.analyze(await this.source.agentFor(model.name), s.position);
    } catch (e) {
      if (ticket === this.ticket && !this.destroyed && !(e instanceof Cancelled)) showNotice(`The model’s values could not be shown: ${messageOf(e)}`);
      return;
    }
    if (ticket !== this.ticket || this.destroyed) return;
    this.board.setHeat(analysis ? heatOf(analysis) : null);
  }

  destroy(): void {
    this.destroyed = true;
  }

  /** Shows the chosen searching player's value of every legal move, on the board and in words. */
  private async askHint(): Promise<void> {
    const s = this.source.state();
    if (!s || s.toMove === null || !this.board.setHeat) return;
    const ticket = ++this.ticket;
    const cursor = s.cursor;
    this.hintButton.disabled = true;
    this.text.textContent = 'Thinking…';
    try {
      const agent = await this.source.agentFor(this.hintSelect.value);
      const a = await this.thinker.analyze(agent, s.position, { ms: hintMs() });
      if (ticket !== this.ticket || this.destroyed || this.source.state()?.cursor !== cursor) return;
      if (!a) {
        this.text.textContent = 'This player gives no values.';
        return;
      }
      this.board.setHeat(heatOf(a));
      this.text.textContent = hintWords(a);
      this.text.title = a.units;
    } catch (e) {
      if (!(e instanceof Cancelled) && !this.destroyed) this.text.textContent = `No hint: ${messageOf(e)}`;
    } finally {
      this.hintButton.disabled = false;
    }
  }
}
