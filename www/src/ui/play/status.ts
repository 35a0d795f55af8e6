// The game's status above the players: the piece counts (where the game has
// them), the game's own status line, whose turn it is or the result, the
// engine's notice (a pass), the Pass button when a person has only a pass,
// and a line read out by screen readers as moves are played.

import { el } from '../../core/dom';
import type { GameInfo, GameState } from '../../core/protocol';
import { endWords } from '../../boards/board';

/** What screen readers hear after a move: the move, the engine's notice and the result. */
export function moveAnnouncement(player: string, s: GameState, moveWords: (move: string) => string = (m) => m, cellName?: (cell: number) => string): string {
  return [`${player} played ${moveWords(s.lastMove?.text ?? '')}.`, s.notice ?? '', endWords(s, cellName)].filter(Boolean).join(' ');
}

/** A person to move whose only legal moves are passes: the Pass button is shown. */
export function mustPass(s: GameState, human: boolean): boolean {
  return human && s.legal.length > 0 && s.legal.every((m) => m.cell === null);
}

export class GameStatus {
  readonly element: HTMLElement;
  private turn = el('p', { className: 'turn', 'data-testid': 'turn' });
  private notice = el('p', { className: 'pass-notice', 'data-testid': 'notice', hidden: true });
  private passButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'pass', hidden: true }, 'Pass');
  private counts: HTMLElement[] = [];
  private score: HTMLElement;
  private statusLine = el('p', { className: 'game-status', 'data-testid': 'game-status', hidden: true });
  /** Read out by screen readers: each move as it is played, the result, a pass. */
  private announcer = el('p', { className: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'announce' });
  /** The engine's download, until it has loaded. */
  private loadingBar = el('progress', { className: 'engine-progress', 'data-testid': 'engine-progress', max: 1, value: 0, hidden: true, 'aria-label': 'Loading the game engine' });

  /** `marker` draws a side's marker; `onPass` plays the pass. */
  constructor(info: GameInfo, marker: (side: 0 | 1) => HTMLElement, onPass: () => void) {
    this.element = el('section', { className: 'status', 'aria-label': 'Game status' });
    // In words for screen readers: "Black 7, White 57".
    const score = el('div', { className: 'score', 'data-testid': 'score' });
    for (const side of [0, 1] as const) {
      const n = el('span', { className: 'count', 'data-testid': `count-${side}` }, '–');
      this.counts.push(n);
      const name = el('span', { className: 'visually-hidden' }, `${info.sides[side]} `);
      score.append(el('span', { className: 'side' }, marker(side), name, n, side === 0 ? el('span', { className: 'visually-hidden' }, ', ') : ''));
    }
    // Piece counts where the game has them; otherwise the line is hidden.
    this.score = score;
    this.element.append(score, this.statusLine, this.turn, this.loadingBar, this.notice, this.passButton, this.announcer);
    this.passButton.addEventListener('click', onPass);
  }

  /**
   * Shows the state: `turn` is the turn line while the game goes on (the
   * result replaces it at the end); `human`: a person is to move.
   */
  show(s: GameState, human: boolean, turn: string, cellName?: (cell: number) => string): void {
    for (const side of [0, 1] as const) this.counts[side].textContent = s.counts ? String(s.counts[side]) : '–';
    this.score.hidden = !s.counts;
    this.statusLine.hidden = !s.status;
    this.statusLine.textContent = s.status ?? '';
    if (s.outcome) {
      this.turn.textContent = endWords(s, cellName);
      this.turn.className = 'turn result';
    } else {
      this.turn.className = 'turn';
      this.turn.textContent = turn;
    }
    this.notice.hidden = !s.notice;
    this.notice.textContent = s.notice ?? '';
    this.passButton.hidden = !mustPass(s, human);
  }

  /**
   * The engine's download: `loaded` of `total` bytes, on the turn line and
   * a bar; null once it has loaded (the bar goes; the game's turn line
   * comes with its first state).
   */
  loading(loaded: number | null, total: number): void {
    this.loadingBar.hidden = loaded === null;
    this.lastLoad = loaded === null ? null : [loaded, total];
    if (loaded === null) {
      this.held = '';
      return;
    }
    const mb = (n: number) => (n / 1e6).toFixed(1);
    // A compressed download: the bar counts the module's own bytes.
    this.loadingBar.max = total;
    this.loadingBar.value = Math.min(loaded, total);
    this.turn.className = 'turn';
    const line = loaded === 0 ? 'Loading the game engine…' : `Loading the game engine: ${mb(Math.min(loaded, total))} of ${mb(total)} MB…`;
    this.turn.textContent = this.held ? `${line} ${this.held}` : line;
  }

  /** Said after the loading line until the engine has loaded (a move made meanwhile, kept for then). */
  whileLoading(text: string): void {
    this.held = text;
    if (this.lastLoad) this.loading(...this.lastLoad);
    else this.tell(text);
    this.announce(text);
  }

  private held = '';
  private lastLoad: [number, number] | null = null;

  /** A new turn line (a computer thinking, its progress, a side waiting). */
  setTurn(text: string): void {
    this.turn.textContent = text;
  }

  /** Read out by screen readers. */
  announce(text: string): void {
    this.announcer.textContent = text;
  }

  /** Said on the turn line and read out (an illegal move). */
  tell(text: string): void {
    this.turn.textContent = this.announcer.textContent = text;
  }

  /** The Pass button takes no click while the game is busy. */
  lock(locked: boolean): void {
    this.passButton.disabled = locked;
  }

  /** Gives the focus to the Pass button when it is shown and nothing else has the focus. */
  focusPass(): void {
    if (!this.passButton.hidden && document.activeElement === document.body) this.passButton.focus();
  }
}
