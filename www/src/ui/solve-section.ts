// "Solve exactly", on the Play tab of a game whose engine has an exact
// solver (a player with `solve`): the exact value of every move of the
// position on the board, however long it takes. The solve runs in a worker
// of its own, so the game and its hints stay usable meanwhile; Stop ends
// that worker. While it runs the section shows what the solver reports: the
// move it is solving, the bounds proved on that move's value so far, the
// moves already finished, and how many positions it has looked at. The
// values go on the board when they are done, while the position is still
// there. The engine writes the words (what the values mean, each value in
// words); nothing here knows a game.

import { el } from '../core/dom';
import { compactCount } from '../core/charts';
import { messageOf } from '../core/notices';
import type { Analysis, GameInfo, PlayerInfo, Progress, SolveInfo, ValuedMove } from '../core/protocol';
import { upperFirst } from '../core/text';
import { Thinker } from '../core/thinker';
import { Cancelled } from '../core/worker-client';
import { FieldForm } from './fields';
import type { PlayPanel } from './play-panel';

/** "2 min 05 s", "48 s", "under a second". */
export function duration(ms: number): string {
  if (ms < 1000) return 'under a second';
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

function signed(v: number): string {
  return v > 0 ? `+${v}` : String(v);
}

export class SolveSection {
  readonly element: HTMLElement;
  private readonly thinker = new Thinker('the solving worker');
  private readonly form: FieldForm;
  private readonly solveButton = el('button', { type: 'button', 'data-testid': 'solve' }, 'Solve the position on the board');
  private readonly stopButton = el('button', { type: 'button', 'data-testid': 'solve-stop', hidden: true }, 'Stop');
  private readonly status = el('p', { className: 'solve-status', 'data-testid': 'solve-status', role: 'status' });
  private readonly table = el('table', { className: 'hints solve-table', 'data-testid': 'solve-table', hidden: true });
  private ticket = 0;
  private removers: Array<() => void> = [];

  constructor(
    private readonly info: GameInfo,
    private readonly player: PlayerInfo & { solve: SolveInfo },
    private readonly play: PlayPanel,
    /** An exact score in words (the game's), for the progress. */
    private readonly words?: (score: number) => string,
  ) {
    this.form = new FieldForm(player.solve.settings, 'solve');
    this.solveButton.title = `Asks ${player.label} for the exact value of every move, with no time limit`;
    this.stopButton.title = 'Stops the solve (what it found so far stays shown)';
    this.solveButton.addEventListener('click', () => void this.solve());
    this.stopButton.addEventListener('click', () => this.stop());
    this.element = el(
      'section',
      { className: 'solve-section', 'aria-label': 'Solve exactly', 'data-testid': 'solve-section' },
      el('h3', {}, 'Solve exactly'),
      el('p', { className: 'solve-about' }, player.solve.about),
      this.form.element,
      el('div', { className: 'controls' }, this.solveButton, this.stopButton),
      this.status,
      this.table,
    );
    this.removers.push(play.onState(() => this.updateButton()));
  }

  destroy(): void {
    for (const f of this.removers) f();
    this.ticket++;
    this.thinker.terminate();
  }

  private updateButton(): void {
    const over = this.play.state?.toMove === null;
    this.solveButton.disabled = over || !this.stopButton.hidden;
  }

  private stop(): void {
    this.ticket++;
    this.thinker.cancel();
    this.status.textContent = `${this.status.textContent ?? ''} Stopped.`.trim();
    this.idle();
  }

  /** No solve runs: Stop goes, and the keyboard's place moves to Solve. */
  private idle(): void {
    const focused = document.activeElement === this.stopButton;
    this.stopButton.hidden = true;
    this.updateButton();
    if (focused) this.solveButton.focus();
  }

  private async solve(): Promise<void> {
    const s = this.play.state;
    if (!s || s.toMove === null) return;
    const ticket = ++this.ticket;
    const position = s.position;
    const where = s.cursor === 0 ? 'the empty board' : `the position after ${s.cursor} move${s.cursor === 1 ? '' : 's'}`;
    this.stopButton.hidden = false;
    this.updateButton();
    this.stopButton.focus();
    this.table.hidden = true;
    this.status.textContent = `Solving ${where}…`;
    const agent = { game: this.info.id, player: this.player.id, settings: this.form.read(), model: null };
    const onProgress = (p: Progress) => {
      if (ticket !== this.ticket) return;
      this.status.textContent = `Solving ${where}: ${this.describe(p)}`;
      this.showMoves(p.moves, null);
    };
    try {
      const a = await this.thinker.analyze(agent, position, { unbounded: true }, onProgress);
      if (ticket !== this.ticket) return;
      if (!a) {
        this.status.textContent = `${this.player.label} gives no values.`;
        return;
      }
      this.finished(a, where, position);
    } catch (e) {
      if (ticket === this.ticket && !(e instanceof Cancelled)) this.status.textContent = `The solve stopped: ${messageOf(e)}`;
    } finally {
      if (ticket === this.ticket) this.idle();
    }
  }

  /** A progress report in words; the units are in the tooltip. */
  private describe(p: Progress): string {
    const parts: string[] = [];
    if (p.best !== null) {
      let now = `now move ${p.best}`;
      if (p.lower !== null && p.upper !== null) {
        const said = (v: number) => (this.words ? `${signed(v)}: ${this.words(v)}` : signed(v));
        now +=
          p.lower === p.upper
            ? ` (value ${said(p.lower)})`
            : ` (its value is between ${said(p.lower)} and ${said(p.upper)} so far)`;
      }
      parts.push(now);
    }
    const rate = p.ms > 0 ? ` (${compactCount((p.nodes / p.ms) * 1000)} a second)` : '';
    parts.push(`${compactCount(p.nodes)} positions in ${duration(p.ms)}${rate}`);
    return parts.join(' · ');
  }

  private finished(a: Analysis, where: string, position: string): void {
    const best = a.moves.filter((m) => m.best);
    const time = `${compactCount(a.nodes)} positions in ${duration(a.ms)}`;
    const verdict = a.position ?? 'solved';
    const bestText = best.length > 0 ? ` Best move${best.length > 1 ? 's' : ''}: ${best.map((m) => m.text).join(', ')}.` : '';
    this.status.textContent = `${upperFirst(where)}: ${verdict}.${bestText} (${time})`;
    this.status.title = a.units;
    const valued = a.moves.filter((m) => m.value !== null).map((m) => ({ text: m.text, value: m.value!, label: m.label }));
    this.showMoves(valued, new Set(best.map((m) => m.text)));
    this.play.showValues(position, a);
  }

  /** The moves valued so far, best first. */
  private showMoves(moves: ValuedMove[], best: Set<string> | null): void {
    this.table.hidden = moves.length === 0;
    if (moves.length === 0) return;
    const rows = [...moves]
      .sort((x, y) => y.value - x.value)
      .map((m) =>
        el(
          'tr',
          { className: best?.has(m.text) ? 'best' : '' },
          el('td', {}, m.text),
          el('td', {}, signed(m.value)),
          el('td', {}, `${m.label ?? ''}${best?.has(m.text) ? ' (best)' : ''}`),
        ),
      );
    this.table.replaceChildren(
      el('caption', {}, best ? 'Exact value of every move' : 'Moves solved so far'),
      el('tr', {}, el('th', { scope: 'col' }, 'Move'), el('th', { scope: 'col', title: 'the value from the point of view of the side to move' }, 'Value'), el('th', { scope: 'col' }, 'In words')),
      ...rows,
    );
  }
}

/** The game's exact solver, if its engine has one. */
export function solverOf(info: GameInfo): (PlayerInfo & { solve: SolveInfo }) | null {
  return (info.players.find((p) => p.solve !== null) as (PlayerInfo & { solve: SolveInfo }) | undefined) ?? null;
}
