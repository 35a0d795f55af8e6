// Hints for Hare and Hounds, under the Play controls: for the position on
// the board, every legal move with the loaded model's Q-value beside the
// exact solution's verdict (perfect move, value kept, result after it).
// A model from the library is loaded here; it is also the "learned" player.

import { el } from '../dom';
import type { Engine } from '../engine';
import { messageOf, showNotice } from '../notices';
import type { GameState } from '../protocol';
import type { HareHoundsBoard } from '../boards/hare_hounds';
import { hhLibrary } from './library';

export class HintsPanel {
  readonly element: HTMLElement;
  private show = el('input', { type: 'checkbox', 'data-testid': 'show-hints' }) as HTMLInputElement;
  private models = el('select', { 'data-testid': 'hint-model' }) as HTMLSelectElement;
  private loadButton = el('button', { type: 'button', 'data-testid': 'load-model' }, 'Load');
  private loaded = el('p', { className: 'hint-model', 'data-testid': 'loaded-model' }, 'No model loaded.');
  private value = el('p', { className: 'hint-value', 'data-testid': 'hint-value' });
  private table = el('table', { className: 'hints', 'data-testid': 'hints' });
  private state: GameState | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly engine: Engine,
    board: HareHoundsBoard,
  ) {
    this.show.checked = true;
    this.show.addEventListener('change', () => this.render());
    this.loadButton.addEventListener('click', () => void this.load());
    board.onState = (s) => {
      this.state = s;
      this.render();
    };
    this.element = el(
      'section',
      { className: 'hh-hints' },
      el('h3', {}, 'Hints'),
      el('label', {}, this.show, ' Show the Q-values and the perfect moves'),
      el('div', { className: 'hint-load' }, el('label', {}, 'Learned model ', this.models), this.loadButton),
      this.loaded,
      this.value,
      this.table,
    );
    void this.refreshModels();
    void hhLibrary().then((lib) => {
      this.unsubscribe = lib.onChange(() => void this.refreshModels());
    });
  }

  destroy(): void {
    this.unsubscribe?.();
  }

  private async refreshModels(): Promise<void> {
    try {
      const lib = await hhLibrary();
      const list = (await lib.list('hare_hounds')).filter((m) => m.algorithm === 'q_table');
      const keep = this.models.value;
      this.models.replaceChildren(
        ...(list.length === 0
          ? [el('option', { value: '' }, 'no saved models — train one under Experiments')]
          : list.map((m) => el('option', { value: m.id }, `${m.name} · ${m.summary}`))),
      );
      if (list.some((m) => m.id === keep)) this.models.value = keep;
      this.loadButton.disabled = list.length === 0;
    } catch (e) {
      showNotice(messageOf(e));
    }
  }

  private async load(): Promise<void> {
    const id = this.models.value;
    if (!id) return;
    try {
      const lib = await hhLibrary();
      await this.loadBytes(await lib.bytes(id), this.models.selectedOptions[0]?.textContent ?? 'the model');
    } catch (e) {
      showNotice(`The model could not be loaded: ${messageOf(e)}`);
    }
  }

  /** Loads a model file as the "learned" player and for the hints. */
  async loadBytes(bytes: Uint8Array, label: string): Promise<void> {
    const state = await this.engine.run({ kind: 'setLearned', bytes });
    this.state = state;
    this.render();
    showNotice(`Loaded ${label}. Choose “Learned” for its side under Players to play against it.`, 'info');
  }

  private render(): void {
    const s = this.state;
    const h = s?.hints;
    this.loaded.textContent = h?.model ? `Loaded: ${h.model} — choose “Learned” as a player to play against it.` : this.loaded.textContent;
    this.table.hidden = this.value.hidden = !this.show.checked;
    if (!this.show.checked) return;
    if (!s || !h) {
      this.value.textContent = s?.outcome ? 'The game is over.' : '';
      this.table.replaceChildren();
      return;
    }
    this.value.textContent = `With perfect play from here: ${h.value}.`;
    const head = el('tr', {}, el('th', {}, 'Move'), el('th', {}, 'Q (model)'), el('th', {}, 'Perfect'), el('th', {}, 'After it, perfect play'));
    const rows = h.moves.map((m) =>
      el(
        'tr',
        { className: `${m.perfect ? 'perfect' : ''} ${m.greedy ? 'greedy' : ''}`.trim(), 'data-move': m.text },
        el('td', {}, m.text),
        el('td', {}, m.q === null ? '–' : `${m.q.toFixed(3)}${m.greedy ? ' ★' : ''}`),
        el('td', {}, m.perfect ? 'best' : m.keepsValue ? 'keeps value' : 'no'),
        el('td', {}, m.valueAfter),
      ),
    );
    this.table.replaceChildren(
      el('caption', {}, h.model && h.moves.some((m) => m.q !== null) ? '★ the model’s greedy choice' : 'Load a model of this side for its Q-values.'),
      head,
      ...rows,
    );
  }
}
