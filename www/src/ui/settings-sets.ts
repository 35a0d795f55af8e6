// Kept settings of a player: "Save to the library" turns the settings in a
// player's form (a search player's level and coefficients, say) into a model
// file in the library, which can be exported, shared and imported like any
// other; "Load" fills the form from such a model, or from any library model
// that holds settings for this player (the weights a genetic run tuned).

import { el } from '../core/dom';
import type { Engine } from '../core/engine';
import { metaOf } from '../core/models';
import { messageOf } from '../core/notices';
import type { GameInfo, PlayerInfo } from '../core/protocol';
import type { ModelLibrary, ModelMeta } from '../core/storage';
import type { FieldForm } from './fields';

export class SettingsSets {
  readonly element: HTMLElement;
  private readonly nameInput: HTMLInputElement;
  private readonly select: HTMLSelectElement;
  private readonly loadButton: HTMLButtonElement;
  private readonly status = el('p', { className: 'settings-sets-status', 'aria-live': 'polite' });
  private readonly stopWatching: Promise<() => void>;

  constructor(
    private readonly info: GameInfo,
    private readonly player: PlayerInfo,
    private readonly form: FieldForm,
    private readonly engine: Engine,
    private readonly library: Promise<ModelLibrary>,
  ) {
    const id = `settings-sets-${player.id}`;
    this.nameInput = el('input', {
      id: `${id}-name`,
      type: 'text',
      value: `${player.label} settings`,
      maxLength: 200,
      'data-testid': `${id}-name`,
    });
    const save = el(
      'button',
      { type: 'button', 'data-testid': `${id}-save`, title: 'Keeps these settings as a model file in this browser’s library; export it from the Models tab to share it' },
      'Save to the library',
    );
    save.addEventListener('click', () => void this.save());
    this.select = el('select', { id: `${id}-list`, 'data-testid': `${id}-list` });
    this.loadButton = el('button', { type: 'button', 'data-testid': `${id}-load` }, 'Load');
    this.loadButton.addEventListener('click', () => void this.load());
    this.element = el(
      'div',
      { className: 'settings-sets' },
      el('div', { className: 'set-field' }, el('label', { htmlFor: this.nameInput.id }, 'Keep these settings as'), el('span', { className: 'row' }, this.nameInput, save)),
      el('div', { className: 'set-field' }, el('label', { htmlFor: this.select.id }, 'Load kept settings'), el('span', { className: 'row' }, this.select, this.loadButton)),
      this.status,
    );
    this.stopWatching = library.then((lib) => lib.onChange(() => void this.refresh()));
    void this.refresh();
  }

  destroy(): void {
    void this.stopWatching.then((stop) => stop());
  }

  /** The library's models of this game that hold settings for this player. */
  private async refresh(): Promise<void> {
    let metas: ModelMeta[] = [];
    try {
      metas = (await (await this.library).list(this.info.id)).filter((m) => m.settingsFor === this.player.id);
    } catch {
      // The library could not be read; the list stays empty and saving says why.
    }
    const chosen = this.select.value;
    this.select.replaceChildren(
      ...(metas.length
        ? metas.map((m) => el('option', { value: m.id, title: m.summary }, m.name))
        : [el('option', { value: '' }, 'none in the library yet')]),
    );
    if (metas.some((m) => m.id === chosen)) this.select.value = chosen;
    this.select.disabled = this.loadButton.disabled = metas.length === 0;
  }

  private async save(): Promise<void> {
    const name = this.nameInput.value.trim();
    try {
      if (!name) throw new Error('a name, please');
      const bytes = await this.engine.settingsModel(this.info.id, this.player.id, this.form.read(), name);
      const info = await this.engine.inspect(bytes);
      await (await this.library).save(metaOf(info, this.info, name), bytes);
      this.status.textContent = `Saved “${name}” to the library (${info.summary}). Export it from the Models tab to share it.`;
    } catch (e) {
      this.status.textContent = `Not saved: ${messageOf(e)}`;
    }
  }

  private async load(): Promise<void> {
    const id = this.select.value;
    if (!id) return;
    try {
      const lib = await this.library;
      const meta = await lib.meta(id);
      const info = await this.engine.inspect(await lib.bytes(id));
      if (info.settingsFor?.player !== this.player.id) throw new Error(`“${meta.name}” holds no settings for ${this.player.label}`);
      this.form.fill(info.settingsFor.settings);
      this.form.edited();
      this.status.textContent = `Loaded “${meta.name}”: ${info.summary}.`;
    } catch (e) {
      this.status.textContent = `Not loaded: ${messageOf(e)}`;
    }
  }
}
