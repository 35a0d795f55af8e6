// The Train tab's form, the same for every game and kind of run: the form
// is built from the kind's fields, the presets come from the engine (a
// single-run preset fills the form and is "(changed)" once a field is
// edited; a multi-run preset — a study's experiment — shows only the seed
// its runs derive theirs from), the game's own inputs for a preset come
// from its hooks, and the snapshot points are read with the rest. Start
// hands the runs' configurations to the panel.

import { el } from '../../core/dom';
import type { Engine } from '../../core/engine';
import { messageOf, showNotice } from '../../core/notices';
import type { GameInfo, PresetInfo, RunConfig, RunKindInfo } from '../../core/protocol';
import type { RunHooks, Section } from '../../games/plugin';
import { clone, FieldForm } from '../fields';
import { formatPoints, parsePoints } from '../snapshots';

const CUSTOM = '';
const SEED = 'seed';

/** The presets' groups, in the order listed, with what they measure in the list's words. */
const GROUPS: Record<string, string> = { demo: 'Short demos (about half a minute each on a laptop)', study: 'From the study', beyond: 'Beyond the study' };

/** What a start asks for: the runs' configurations, the preset (named as chosen), and the snapshot points. */
export interface StartPlan {
  kind: RunKindInfo;
  configs: RunConfig[];
  preset: { id: string; name: string } | null;
  snapshots: number[];
}

export interface FormHost {
  info: GameInfo;
  engine: Engine;
  /** The game view's hooks of the moment (the panel outlives views). */
  hooks(): RunHooks | null;
  /** Starts the runs; resolves once they have started (or failed to). */
  start(plan: StartPlan): Promise<void>;
}

export class TrainForm {
  readonly element: HTMLFormElement;
  kind: RunKindInfo;
  private form!: FieldForm;
  private readonly formBox = el('div', { className: 'train-fields' });
  private readonly kindSelect = el('select', { id: 'train-kind', 'data-testid': 'train-kind' });
  private readonly kindAbout = el('p', { className: 'kind-about' });
  private readonly presetSelect = el('select', { id: 'train-preset', 'data-testid': 'train-preset' });
  private readonly presetSentence = el('p', { className: 'preset-sentence', 'data-testid': 'preset-sentence', hidden: true });
  private readonly presetBox = el('div', { className: 'preset-section' });
  private presetSection: Section | null = null;
  /** The chosen preset and its configurations (one for a single-run preset). */
  private preset: PresetInfo | null = null;
  private presetConfigs: RunConfig[] = [];
  private presetTicket = 0;
  /** The seed the visitor gave last: a preset's runs derive theirs from it. */
  private baseSeed = 1;
  /** "Keep snapshots after … games": shown for kinds whose model plays. */
  private readonly snapshotInput = el('input', {
    id: 'train-snapshots',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'off',
    spellcheck: false,
    'data-testid': 'train-snapshots',
    'aria-describedby': 'train-snapshots-help',
  });
  /** Fills the field with the kind's suggested points (the field starts empty: no run fills the library unasked). */
  private readonly snapshotSuggest = el('button', { type: 'button', className: 'snapshot-suggest', 'data-testid': 'train-snapshots-suggest' });
  private readonly snapshotField = el(
    'div',
    { className: 'field snapshot-field' },
    el('label', { htmlFor: 'train-snapshots' }, 'Keep snapshots after … games'),
    this.snapshotInput,
    this.snapshotSuggest,
    el(
      'small',
      { className: 'field-help', id: 'train-snapshots-help', title: 'A snapshot is a copy of the model (its weights or table) frozen at that moment of the run.' },
      'The model as it is after each of these numbers of learning games is kept in the library, to play against it or to match an early one with a later one. Separate them with commas (1000, 10000) or write 10k; empty keeps none.',
    ),
  );
  private readonly startButton = el('button', { type: 'submit', className: 'primary', 'data-testid': 'train-start' }, 'Start training');
  /** The same, next to the preset choice: on screen as soon as a preset is chosen. */
  private readonly startNear = el('button', { type: 'submit', className: 'primary', 'data-testid': 'train-start-near' }, 'Start training');
  /** A field of the chosen single-run preset was edited: it is "(changed)". */
  private presetChanged = false;

  constructor(private readonly host: FormHost) {
    this.kind = host.info.runs[0];
    for (const k of host.info.runs) this.kindSelect.append(el('option', { value: k.id }, k.title));
    this.snapshotSuggest.addEventListener('click', () => {
      this.snapshotInput.value = formatPoints(this.kind.snapshots);
      this.snapshotInput.focus();
    });
    this.kindSelect.addEventListener('change', () => this.setKind(host.info.runs.find((k) => k.id === this.kindSelect.value)!));
    this.presetSelect.addEventListener('change', () => void this.choosePreset(true));

    // The fields are checked by the page (with sentences), not by the browser.
    const form = (this.element = el(
      'form',
      { className: 'train-form', noValidate: true },
      el('div', { className: 'field', hidden: host.info.runs.length < 2 }, el('label', { htmlFor: 'train-kind' }, 'Kind of run'), this.kindSelect),
      this.kindAbout,
      el(
        'div',
        { className: 'preset-row' },
        el('div', { className: 'field' }, el('label', { htmlFor: 'train-preset' }, 'Preset'), this.presetSelect),
        this.startNear,
      ),
      this.presetSentence,
      this.presetBox,
      this.formBox,
      this.snapshotField,
      el('div', { className: 'controls' }, this.startButton),
    ));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.start();
    });

    this.setKind(this.kind);
  }

  private setKind(kind: RunKindInfo): void {
    this.kind = kind;
    this.kindSelect.value = kind.id;
    this.kindAbout.textContent = kind.about;
    this.form = new FieldForm(kind.fields, 'train', (id) => this.edited(id));
    this.formBox.replaceChildren(this.form.element);
    // Only a model that plays is worth keeping along the way.
    this.snapshotField.hidden = kind.snapshots.length === 0;
    this.snapshotInput.value = '';
    this.snapshotInput.placeholder = 'none';
    const suggested = formatPoints(kind.snapshots);
    this.snapshotSuggest.textContent = `Use ${suggested}`;
    this.snapshotSuggest.setAttribute('aria-label', `Keep snapshots after ${suggested} games (suggested)`);
    const seed = this.form.inputOf(SEED);
    if (seed) this.baseSeed = Number(seed.value) || 1;
    this.presetSelect.replaceChildren(el('option', { value: CUSTOM }, 'Custom settings (below)'));
    for (const [group, label] of Object.entries(GROUPS)) {
      const presets = kind.presets.filter((p) => p.group === group);
      if (presets.length === 0) continue;
      const og = el('optgroup', { label });
      // The name only, so that the chosen one fits its list; the sentence under the list says how many runs.
      for (const p of presets) og.append(el('option', { value: p.id, title: p.sentence }, p.name));
      this.presetSelect.append(og);
    }
    const others = kind.presets.filter((p) => !(p.group in GROUPS));
    for (const p of others) this.presetSelect.append(el('option', { value: p.id }, p.name));
    this.setPreset(null, []);
  }

  /** A field was changed: a single-run preset keeps its name, "(changed)"; the seed is remembered. */
  private edited(id: string): void {
    if (id === SEED) this.baseSeed = Number(this.form.inputOf(SEED)?.value) || 0;
    if (this.preset && this.preset.runs > 1) {
      if (id === SEED) void this.choosePreset();
      return;
    }
    if (this.preset && !this.presetChanged) {
      this.presetChanged = true;
      this.nameChosen();
    }
  }

  /** The chosen preset's name, with "(changed)" once a field was edited. */
  private presetName(): string | null {
    return this.preset ? `${this.preset.name}${this.presetChanged ? ' (changed)' : ''}` : null;
  }

  /** The list shows the chosen preset's name as it is now. */
  private nameChosen(): void {
    for (const o of this.presetSelect.querySelectorAll('option')) {
      const p = this.kind.presets.find((q) => q.id === o.value);
      if (p) o.textContent = o.value === this.preset?.id ? this.presetName() : p.name;
    }
    this.presetSelect.dataset.changed = String(this.presetChanged);
  }

  /** `show`: the visitor chose it, and Start beside it comes into view. */
  private async choosePreset(show = false): Promise<void> {
    const id = this.presetSelect.value;
    const preset = this.kind.presets.find((p) => p.id === id) ?? null;
    const ticket = ++this.presetTicket;
    if (!preset) {
      this.setPreset(null, []);
      return;
    }
    this.startButton.disabled = this.startNear.disabled = true;
    const form = this.form;
    const before = this.shownValues();
    try {
      const configs = await this.host.engine.presetRuns(this.host.info.id, this.kind.id, preset.id, this.baseSeed);
      // Another preset, or another kind of run, was chosen meanwhile.
      if (ticket !== this.presetTicket || this.form !== form) return;
      // What the visitor typed while the preset was read stays, as a change to it.
      const typed = [...this.shownValues()].filter(([id, v]) => before.get(id) !== v);
      this.setPreset(preset, configs);
      if (typed.length > 0 && preset.runs <= 1) {
        for (const [id, v] of typed) {
          const input = this.form.inputOf(id);
          if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = v === 'true';
          else if (input) input.value = v;
        }
        this.presetChanged = true;
        this.nameChosen();
      }
      if (show) this.startNear.scrollIntoView({ block: 'center' });
    } catch (e) {
      if (ticket === this.presetTicket) showNotice(`The preset could not be read: ${messageOf(e)}`);
    } finally {
      if (ticket === this.presetTicket) this.startButton.disabled = this.startNear.disabled = false;
    }
  }

  /** Each field's shown value (a box's: ticked or not). */
  private shownValues(): Map<string, string> {
    const out = new Map<string, string>();
    for (const f of this.form.fields) {
      const input = this.form.inputOf(f.id);
      if (input) out.set(f.id, input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value);
    }
    return out;
  }

  private setPreset(preset: PresetInfo | null, configs: RunConfig[]): void {
    this.preset = preset;
    this.presetChanged = false;
    this.presetConfigs = configs;
    this.setPresetSection();
    this.presetSentence.hidden = !preset;
    const multi = !!preset && preset.runs > 1;
    if (preset) {
      const runs = multi ? ` Its ${configs.length} runs start together, their seeds derived from the seed below.` : '';
      this.presetSentence.textContent = `${preset.sentence}${runs}`;
    }
    if (preset && !multi && configs[0]) this.form.fill(configs[0]);
    // A multi-run preset needs only its seed.
    this.form.showOnly(multi ? (id) => id === SEED : undefined);
    const seed = this.form.inputOf(SEED);
    if (multi && seed) seed.value = String(this.baseSeed);
    this.startButton.textContent = this.startNear.textContent = multi ? `Start ${configs.length} runs` : 'Start training';
    this.nameChosen();
  }

  /** The game's inputs shown with the chosen preset (made by the view's hooks). */
  /** The chosen preset has inputs of the game's own (they may use the board: a probe picked on it). */
  usesBoard(): boolean {
    return this.presetSection !== null;
  }

  /** The game's view goes: its inputs for the preset go with it. */
  leave(): void {
    this.presetSection?.destroy?.();
    this.presetSection = null;
  }

  setPresetSection(): void {
    this.presetSection?.destroy?.();
    const preset = this.preset;
    this.presetSection = preset ? (this.host.hooks()?.presetSection?.(this.kind, preset, this.presetConfigs) ?? null) : null;
    this.presetBox.replaceChildren(...(this.presetSection ? [this.presetSection.element] : []));
  }

  /** The configurations the form describes now. */
  private async configs(): Promise<{ configs: RunConfig[]; preset: PresetInfo | null }> {
    const preset = this.preset;
    if (!preset) return { configs: [this.form.read()], preset: null };
    let configs: RunConfig[];
    if (preset.runs > 1) {
      configs = await this.host.engine.presetRuns(this.host.info.id, this.kind.id, preset.id, this.baseSeed);
    } else {
      // The preset's settings, with the fields as shown.
      configs = [this.form.read(clone(this.presetConfigs[0] ?? {}))];
    }
    return { configs: this.host.hooks()?.adjustRuns?.(this.kind, preset, configs) ?? configs, preset };
  }

  private async start(): Promise<void> {
    // Not while a preset is being read (its configurations would be stale).
    if (this.startButton.disabled) return;
    let plan: { configs: RunConfig[]; preset: PresetInfo | null };
    let snapshots: number[] = [];
    this.startButton.disabled = this.startNear.disabled = true;
    try {
      if (!this.snapshotField.hidden) {
        try {
          snapshots = parsePoints(this.snapshotInput.value);
        } catch (e) {
          this.snapshotInput.focus();
          throw e;
        }
      }
      plan = await this.configs();
    } catch (e) {
      showNotice(`The run cannot start: ${messageOf(e)}`);
      return;
    } finally {
      this.startButton.disabled = this.startNear.disabled = false;
    }
    const name = plan.preset ? (this.presetName() ?? plan.preset.name) : null;
    const preset = plan.preset && name ? { id: plan.preset.id, name } : null;
    await this.host.start({ kind: this.kind, configs: plan.configs, preset, snapshots });
  }
}
