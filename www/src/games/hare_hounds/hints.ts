// Hints for Hare and Hounds, under the Play controls: for the position on
// the board, every legal move with the exact solution's verdict (the perfect
// player's analysis: best move, keeps or throws away the result, the result
// after it) beside a model's Q-values (its analysis; ★ its greedy choice).
// The model is any hounds or hare model of the library (or a run's, after
// Play against); putting a model into the game chooses it here.

import { el } from '../../core/dom';
import { messageOf } from '../../core/notices';
import type { Analysis, GameState } from '../../core/protocol';
import { Cancelled } from '../../core/worker-client';
import type { PlayContext, Section } from '../plugin';

const NONE = '';

export class HintsPanel implements Section {
  readonly element: HTMLElement;
  private show = el('input', { type: 'checkbox', checked: true, 'data-testid': 'show-hints' });
  private models = el('select', { 'data-testid': 'hint-model', id: 'hint-model' });
  private note = el('p', { className: 'hint-model', 'data-testid': 'hint-model-note' });
  private value = el('p', { className: 'hint-value', 'data-testid': 'hint-value' });
  private table = el('table', { className: 'hints', 'data-testid': 'hints' });
  private ticket = 0;
  private inGame = '';
  private removers: Array<() => void> = [];

  constructor(private readonly ctx: PlayContext) {
    this.show.addEventListener('change', () => this.refresh());
    this.models.addEventListener('change', () => this.refresh());
    this.element = el(
      'section',
      { className: 'hints-panel' },
      el('h3', {}, 'Hints'),
      el('label', {}, this.show, ' Show the perfect moves and a model’s Q-values'),
      el('div', { className: 'hint-load' }, el('label', { htmlFor: 'hint-model' }, 'Q-values of '), this.models),
      this.note,
      this.value,
      this.table,
    );
    this.removers.push(
      ctx.play.onModels(() => this.fillModels()),
      ctx.play.onState((s) => void this.update(s)),
    );
    this.fillModels();
  }

  destroy(): void {
    for (const f of this.removers) f();
  }

  private fillModels(): void {
    const keep = this.models.value;
    const choices = this.ctx.play.modelChoices();
    const side = (s: 0 | 1 | null) => (s === null ? '' : ` (${this.ctx.info.sides[s].toLowerCase()})`);
    this.models.replaceChildren(
      el('option', { value: NONE }, choices.length === 0 ? 'no model — train one in the Train tab' : 'no model'),
      ...choices.map((m) => el('option', { value: m.name }, `${m.label}${side(m.side)}`)),
    );
    // A model put into the game is the one whose values are shown.
    const playing = this.ctx.play.modelsInGame()[0]?.name ?? '';
    if (playing && playing !== this.inGame) this.models.value = playing;
    else if (choices.some((m) => m.name === keep)) this.models.value = keep;
    this.inGame = playing;
    this.refresh();
  }

  private refresh(): void {
    const s = this.ctx.play.state;
    if (s) void this.update(s);
  }

  private async update(s: GameState): Promise<void> {
    const ticket = ++this.ticket;
    this.table.hidden = this.value.hidden = !this.show.checked;
    const chosen = this.ctx.play.modelChoices().find((m) => m.name === this.models.value) ?? null;
    this.note.textContent = chosen ? `Q-values of ${chosen.label} where it is to move.` : 'Choose a model for its Q-values.';
    if (!this.show.checked) return;
    if (s.toMove === null) {
      this.value.textContent = 'The game is over.';
      this.table.replaceChildren();
      return;
    }
    const thinker = this.ctx.thinker;
    let perfect: Analysis | null;
    let model: Analysis | null = null;
    try {
      perfect = await thinker.analyze({ game: this.ctx.info.id, player: 'perfect', settings: null, model: null }, s.position);
      if (chosen && (chosen.side === null || chosen.side === s.toMove)) {
        model = await thinker.analyze(await this.ctx.play.agentFor(chosen.name), s.position);
      }
    } catch (e) {
      if (ticket === this.ticket && !(e instanceof Cancelled)) this.note.textContent = `No hints: ${messageOf(e)}`;
      return;
    }
    if (ticket !== this.ticket || !perfect) return;
    this.value.textContent = `With perfect play from here: ${perfect.position ?? 'unknown'}.`;
    const q = new Map(model?.moves.map((m) => [m.text, m]) ?? []);
    const head = el('tr', {}, el('th', {}, 'Move'), el('th', {}, 'Q (model)'), el('th', {}, 'Perfect'), el('th', {}, 'After it, perfect play'));
    const rows = perfect.moves.map((m) => {
      const mq = q.get(m.text);
      const greedy = mq?.best === true;
      return el(
        'tr',
        { className: `${m.best ? 'perfect' : ''} ${greedy ? 'greedy' : ''}`.trim(), 'data-move': m.text },
        el('td', {}, m.text),
        el('td', {}, mq?.value == null ? '–' : `${mq.value.toFixed(3)}${greedy ? ' ★' : ''}`),
        el('td', {}, m.best ? 'best' : (m.value ?? 0) > 0 ? 'keeps the result' : 'throws it away'),
        el('td', {}, m.label ?? ''),
      );
    });
    const caption = model ? '★ the model’s greedy choice' : chosen ? `${chosen.label} plays the other side: no Q-values here.` : 'Choose a model above for its Q-values.';
    this.table.replaceChildren(el('caption', {}, caption), head, ...rows);
  }
}
