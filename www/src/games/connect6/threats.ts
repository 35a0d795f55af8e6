// Threats on request, under the Play controls: the threats of each side
// marked on the board with a sentence in plain words (the engine's
// `threats` helper), and a search for a forced win by threats (the engine's
// `forced-win` helper: threat-space search) in a worker of its own, within a
// time the visitor chooses, with progress and a Stop button. The page never
// waits for either: the answers arrive when they are ready, and one for a
// position the board has left is dropped.

import { el } from '../../core/dom';
import { messageOf } from '../../core/notices';
import type { Analysis, GameState, Progress } from '../../core/protocol';
import { Thinker } from '../../core/thinker';
import { Cancelled } from '../../core/worker-client';
import type { PlayContext, Section } from '../plugin';

/** The forced-win search's time choices, in seconds. */
const SECONDS = [2, 10, 30];
/** Its depth: the side to move's turns. */
const DEPTH = 4;

export class ThreatsPanel implements Section {
  readonly element: HTMLElement;
  private show = el('input', { type: 'checkbox', 'data-testid': 'show-threats' });
  private words = el('p', { className: 'hint-result', 'data-testid': 'threat-words', 'aria-live': 'polite' });
  private look = el('button', { type: 'button', 'data-testid': 'forced-win', title: 'Threat-space search: a series of turns, each making threats the opponent must block, that ends in six' }, 'Look for a forced win');
  private stop = el('button', { type: 'button', 'data-testid': 'forced-win-stop', disabled: true }, 'Stop');
  private time = el('select', { id: 'forced-win-time', 'data-testid': 'forced-win-time' });
  private result = el('p', { className: 'hint-result', 'data-testid': 'forced-win-result', 'aria-live': 'polite' });
  /** The forced-win search's own worker, so stopping it leaves the game's engine alone. */
  private searcher = new Thinker('the forced-win search');
  private ticket = 0;
  private searchTicket = 0;
  /** The position the running search is for, if one runs. */
  private searchPosition: string | null = null;
  /** The position the forced-win result is about. */
  private shownFor: string | null = null;
  private removers: Array<() => void> = [];

  constructor(private readonly ctx: PlayContext) {
    for (const s of SECONDS) this.time.append(el('option', { value: String(s) }, `${s} s`));
    this.show.addEventListener('change', () => {
      // Unticked: the marks go with the words.
      if (!this.show.checked) this.ctx.play.clearValues();
      this.refresh();
    });
    this.look.addEventListener('click', () => void this.search());
    this.stop.addEventListener('click', () => this.cancel('Stopped.'));
    this.element = el(
      'section',
      { className: 'hints-panel' },
      el('h3', {}, 'Threats'),
      el('label', { title: 'A threat is a line where its side can make six with its next two stones; the other side needs one stone on it to stop it.' }, this.show, ' Show the threats on the board'),
      this.words,
      el('div', { className: 'hint-load' }, this.look, this.stop, el('label', { htmlFor: 'forced-win-time' }, 'for up to '), this.time),
      this.result,
    );
    this.removers.push(ctx.play.onState((s) => this.changed(s)));
  }

  destroy(): void {
    for (const f of this.removers) f();
    this.searcher.terminate();
  }

  private refresh(): void {
    const s = this.ctx.play.state;
    if (s) void this.update(s);
  }

  /** A new state: the threats are looked at again, a search for another position is stopped. */
  private changed(s: GameState): void {
    if (this.searchPosition !== null && this.searchPosition !== s.position) this.cancel('');
    if (this.searchPosition === null && this.shownFor !== s.position) this.result.textContent = '';
    void this.update(s);
  }

  private async update(s: GameState): Promise<void> {
    const ticket = ++this.ticket;
    if (!this.show.checked) {
      this.words.textContent = '';
      return;
    }
    if (s.toMove === null) {
      this.words.textContent = 'The game is over.';
      return;
    }
    let a: Analysis | null;
    try {
      a = await this.ctx.thinker.analyze({ game: this.ctx.info.id, player: 'threats', settings: null, model: null }, s.position);
    } catch (e) {
      if (ticket === this.ticket && !(e instanceof Cancelled)) this.words.textContent = `The threats could not be shown: ${messageOf(e)}`;
      return;
    }
    if (ticket !== this.ticket || !a) return;
    this.words.textContent = a.position ?? '';
    // Marked only while the position is on the board.
    if (a.moves.length > 0) this.ctx.play.showValues(s.position, a);
  }

  private async search(): Promise<void> {
    const s = this.ctx.play.state;
    if (!s || this.searchPosition !== null) return;
    if (s.toMove === null) {
      this.result.textContent = 'The game is over.';
      return;
    }
    const ticket = ++this.searchTicket;
    const seconds = Number(this.time.value);
    this.searchPosition = s.position;
    this.look.disabled = true;
    this.stop.disabled = false;
    this.result.textContent = 'Searching…';
    const onProgress = (p: Progress) => {
      if (ticket !== this.searchTicket) return;
      const deep = p.depth === null ? '' : `, ${p.depth} ${p.depth === 1 ? 'turn' : 'turns'} deep so far`;
      this.result.textContent = `Searching… ${(p.ms / 1000).toFixed(1)} of ${seconds} s, ${p.nodes.toLocaleString('en')} positions${deep}.`;
    };
    try {
      const a = await this.searcher.analyze(
        { game: this.ctx.info.id, player: 'forced-win', settings: { depth: DEPTH }, model: null },
        s.position,
        { ms: seconds * 1000 },
        onProgress,
      );
      if (ticket !== this.searchTicket) return;
      this.shownFor = s.position;
      this.result.textContent = a?.position ?? 'No answer.';
      if (a && a.moves.length > 0) this.ctx.play.showValues(s.position, a);
    } catch (e) {
      if (ticket === this.searchTicket && !(e instanceof Cancelled)) this.result.textContent = `The search failed: ${messageOf(e)}`;
    } finally {
      if (ticket === this.searchTicket) this.done();
    }
  }

  /** Stops a running search, saying `why`. */
  private cancel(why: string): void {
    if (this.searchPosition === null) return;
    ++this.searchTicket;
    this.searcher.cancel();
    this.result.textContent = why;
    this.done();
  }

  private done(): void {
    this.searchPosition = null;
    this.look.disabled = false;
    this.stop.disabled = true;
  }
}
