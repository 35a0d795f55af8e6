// Who plays each side of the Play tab's game: a person, one of the game's
// players (fixed strategies, searchers, solvers) or a learned model from the
// library or a run. The two player lists, what the chosen player does (under
// its list), and the computer players' settings (strength, randomness,
// weights) kept per player, with save and load for players that can keep
// them as models. Also the model a shared link names that this browser does
// not have (`missing`), which keeps its place in the lists while it waits.

import { compactCount } from '../../core/charts';
import { el } from '../../core/dom';
import type { Engine } from '../../core/engine';
import { messageOf, showNotice } from '../../core/notices';
import { playerNeedsLearners } from '../../core/modules';
import type { GameInfo, PlayerInfo } from '../../core/protocol';
import { READY, ratingFigures, ratingWord, ratingWords, readyBytes, readyGame, seatOf, type LadderSeat, type ReadyGame, type ReadyModel, type Who } from '../../core/ready';
import type { ModelLibrary, ModelMeta } from '../../core/storage';
import type { AgentRequest } from '../../core/thinker';
import { FieldForm, parseField, type Settings, setPath } from '../fields';
import { pageGlossed, term } from '../glossary';
import { SettingsSets } from '../settings-sets';

/** "human", a player of the game ("msb"), or a model ("net:<id>"). */
export type Controller = string;

export const HUMAN = 'human';
/** The prefix of a model player's name, in the address too ("net:<model id>"). */
export const MODEL = 'net:';
/** The key of the learned models' settings form. */
const MODEL_SETTINGS = 'model';

/** A model that can play: from the library, or a run's current state. */
export interface ModelPlayer {
  /** Its controller name ("net:<id>"). */
  name: string;
  label: string;
  /** The only side it plays, or null for both. */
  side: 0 | 1 | null;
  /** Names these bytes for the thinking worker (changes when the bytes do). */
  key: string;
  /** Loaded when first needed (library models). */
  bytes: Uint8Array | null;
  /** The library's id, for a library model. */
  libraryId: string | null;
  /** The shipped model, for a ready-made one (its file is fetched when first played). */
  ready?: ReadyModel;
}

/** A player's rating on its game's ladder: its seat there, the rating in a word, and what the rating and the words mean. */
export interface RatingOf {
  seat: LadderSeat;
  /** The rating in figures: "545 ± 37", or the anchor's "0, the scale’s fixed zero". */
  figures: string;
  word: string;
  meaning: string;
}

/** A part of the line under a player's list: a sentence, or a short phrase whose `meaning` opens as a tooltip. */
export interface AboutPart {
  text: string;
  meaning?: string;
  /** The sentences after the first, shown on request ("more"). */
  more?: string;
}

/** A text's first sentence and the rest ('' when it is one sentence). */
export function firstSentence(text: string): [string, string] {
  // Not after an abbreviation ("e.g. MSB", "vs. MSB").
  const m = /^(.+?(?<!\b(?:e\.g|i\.e|vs|cf|ch|no))[.!?])\s+(?=[A-Z])/.exec(text);
  return m ? [m[1], text.slice(m[0].length)] : [text, ''];
}

/**
 * What the chosen player of a side does, under its list: what it is in a
 * sentence, then `rated`, its rating on the game's ladder in a number and
 * a word (what they mean in a tooltip), or `unrated`, why it has none.
 */
export function aboutPlayer(c: Controller, player: PlayerInfo | undefined, model: ModelPlayer | undefined, rated: RatingOf | null = null, unrated = ''): AboutPart[] {
  if (c === HUMAN) return [{ text: 'A person plays on the board.' }];
  const measures: AboutPart[] = [];
  if (rated)
    measures.push({
      // Kept on one line.
      text: `Rating ${rated.figures} (${rated.word})`,
      meaning: rated.meaning,
    });
  else if (unrated) measures.push({ text: unrated });
  if (player) return [{ text: `${player.label}: ${player.description}.` }, ...measures];
  if (model?.ready) {
    const [first, rest] = firstSentence(model.ready.about.replace(/^(The|An?) /, (w) => w.toLowerCase()));
    return [{ text: `${model.label}: ready-made, ${first}`, ...(rest ? { more: rest } : {}) }, ...measures];
  }
  return [{ text: `${model?.label ?? 'A model'}: a trained model from the library.` }, ...measures];
}

/** A setting in words: "Level 10"; a unit in the label's brackets goes after the value ("Look ahead (moves)", 1 → "Look ahead 1 move"). */
export function settingText(label: string, value: string): string {
  const m = /^(.+?) \(([a-z]+)\)$/.exec(label);
  if (!m) return `${label} ${value}`;
  const unit = value === '1' && m[2].endsWith('s') ? m[2].slice(0, -1) : m[2];
  return `${m[1]} ${value} ${unit}`;
}

/** A " more" button that shows the rest of a description (and hides it again), and the rest, hidden. */
let moreIds = 0;

function moreText(rest: string, side: number): Node[] {
  const text = el('span', { className: 'about-more', id: `player-about-more-${++moreIds}`, hidden: true }, ' ', ...pageGlossed(rest));
  const button = el('button', { type: 'button', className: 'link-button', 'aria-expanded': 'false', 'aria-controls': text.id, 'data-testid': `player-about-more-${side}` }, 'more');
  button.addEventListener('click', () => {
    text.hidden = !text.hidden;
    button.textContent = text.hidden ? 'more' : 'less';
    button.setAttribute('aria-expanded', String(!text.hidden));
  });
  return [document.createTextNode(' '), button, text];
}

/** The line under a player's list as plain text, each tooltip's phrase ended by a full stop. */
export function aboutText(parts: AboutPart[]): string {
  return parts.map((p) => (p.meaning ? `${p.text}.` : p.more ? `${p.text} ${p.more}` : p.text)).join(' ');
}

/** The learned models' player, with the game's settings for it (one form for every model). */
function modelPlayerInfo(info: GameInfo): PlayerInfo {
  return {
    id: MODEL_SETTINGS,
    label: 'Learned model',
    description: 'a model from the library',
    sides: [true, true],
    searches: false,
    settings: info.modelSettings ?? [],
    // A model is kept as its own file already.
    savesSettings: false,
    solve: null,
    needsLearners: false,
  };
}

export class Players {
  /** The player lists, what each chosen player does, and their settings. */
  readonly element: HTMLFieldSetElement;
  private controllers: [Controller, Controller];
  /** Models that can play, by controller name. */
  private models = new Map<string, ModelPlayer>();
  private runModels = 0;
  /** The ready-made models and the fixed players' measured strength, once read. */
  private ready: ReadyGame | null = null;
  private readyRead = false;
  /** The model ("net:<id>") the address names that this browser's library does not have, while a side waits for it. */
  private missing: Controller | null = null;
  private selects: HTMLSelectElement[] = [];
  /** What the chosen player of each side does, under its list (the list shows names only, so no choice is cut off). */
  private abouts: HTMLElement[] = [];
  /** What each side's line says as last drawn. */
  private aboutDrawn: string[] = ['', ''];
  /** The settings of the game's players that have some (strength, randomness…), kept per player. */
  private settingsForms = new Map<string, FieldForm>();
  /** Save and load of the settings of players that can keep them as models. */
  private settingsSets = new Map<string, SettingsSets>();
  private settingsBoxes = new Map<string, HTMLDetailsElement>();
  private playerSettings = el('div', { className: 'player-settings', 'data-testid': 'player-settings' });
  private listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  /** Library reads begun, so that an older one finishing late is dropped. */
  private refreshes = 0;
  /** The latest library read. */
  private latestRead: Promise<void> = Promise.resolve();
  private destroyed = false;

  /**
   * `marker` draws a side's marker; `initial` is who plays from the start
   * (else a person and the game's first computer player); `onPick` is
   * called when the visitor picks a player in a list. `settings` are the
   * address's players' settings ("search.level" → "10"), and `onSettings`
   * is called when the visitor changes one.
   */
  constructor(
    private readonly info: GameInfo,
    private readonly engine: Engine,
    private readonly library: Promise<ModelLibrary>,
    marker: (side: 0 | 1) => HTMLElement,
    initial: [Controller, Controller] | undefined,
    onPick: (side: 0 | 1, c: Controller) => void,
    private readonly linkSettings: Record<string, string> = {},
    private readonly onSettings: () => void = () => {},
  ) {
    const computer = info.players.find((p) => p.sides[1]);
    this.controllers = initial ?? [HUMAN, computer?.id ?? HUMAN];
    this.element = el('fieldset', { className: 'players' }, el('legend', {}, 'Players'));
    for (const side of [0, 1] as const) {
      const select = el('select', { 'data-testid': `player-${side}` });
      select.addEventListener('change', () => onPick(side, select.value));
      this.selects.push(select);
      const about = el('small', { className: 'player-about', 'data-testid': `player-about-${side}` });
      this.abouts.push(about);
      this.element.append(el('label', { className: 'player' }, marker(side), info.sides[side], select), about);
    }
    this.element.append(this.playerSettings);
    this.fill();
  }

  /** Who plays `side`. */
  get(side: 0 | 1): Controller {
    return this.controllers[side];
  }

  /** Who plays each side. */
  get pair(): readonly [Controller, Controller] {
    return this.controllers;
  }

  isHuman(side: 0 | 1 | null): boolean {
    return side !== null && this.controllers[side] === HUMAN;
  }

  /** A person plays a side. */
  anyHuman(): boolean {
    return this.controllers.includes(HUMAN);
  }

  /** The game's player `c` (not a person or a model). */
  player(c: Controller): PlayerInfo | undefined {
    return this.info.players.find((p) => p.id === c);
  }

  /** "White (Minimax)": the side's name, with its computer player's. */
  sideLabel(side: 0 | 1): string {
    const name = this.info.sides[side];
    const c = this.controllers[side];
    if (c === HUMAN) return name;
    return `${name} (${this.player(c)?.label ?? this.models.get(c)?.label ?? 'a model'})`;
  }

  /** The models that can play, library ones first. */
  modelChoices(): ModelPlayer[] {
    return [...this.models.values()];
  }

  /** The models in the game now (as a side's player). */
  modelsInGame(): ModelPlayer[] {
    return this.controllers.flatMap((c) => this.models.get(c) ?? []);
  }

  /** The player `name` as the thinking worker builds it (a model's bytes loaded). */
  async agentFor(name: Controller): Promise<AgentRequest> {
    const m = this.models.get(name);
    if (!m) {
      if (name.startsWith(MODEL)) throw new Error('that model is not in the library');
      const form = this.settingsForms.get(name);
      return { game: this.info.id, player: name, settings: form ? form.read() : null, model: null, learners: playerNeedsLearners(this.info, name) };
    }
    if (!m.bytes) {
      if (m.ready) {
        m.bytes = await readyBytes(m.ready);
      } else {
        const lib = await this.library;
        m.bytes = await lib.bytes(m.libraryId!);
      }
    }
    const form = this.settingsForms.get(MODEL_SETTINGS);
    return {
      game: this.info.id,
      player: 'model',
      settings: form ? form.read() : null,
      model: { key: m.key, bytes: m.bytes },
      // The thinker finds out from the model (modules.ts).
      learners: false,
    };
  }

  /**
   * The move of the ready-made model `name` in `position` that needs no
   * file: its opening from the manifest, when `position` is the start
   * position it was asked in and its settings are the defaults. Null
   * otherwise.
   */
  openingFor(name: Controller, position: string): string | null {
    const opening = this.models.get(name)?.ready?.opening;
    if (!opening || opening.position !== position) return null;
    const form = this.settingsForms.get(MODEL_SETTINGS);
    if (form && JSON.stringify(form.read()) !== JSON.stringify(form.defaults())) return null;
    return opening.move;
  }

  /** Calls `f` when the models that can play, or the players, change. */
  onModels(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  /** Tells the listeners of `onModels` that the models or the players changed. */
  changed(): void {
    for (const f of this.listeners) f();
  }

  /**
   * Reads the library (and follows it), then checks the models the address
   * named: one this browser does not have is `missing` (its side waits for
   * it); a ready-made one the page does not have, or one that plays only the
   * other side, gives its side to a person, with a notice.
   */
  async start(): Promise<void> {
    // Followed before the first read, so that a model saved while the
    // ready-made list is still loading reaches the lists too.
    const lib = await this.library;
    if (this.destroyed) return;
    this.unsubscribe = lib.onChange(() => void this.refresh());
    const [ready] = await Promise.all([readyGame(this.info.id), this.refresh()]);
    this.ready = ready;
    this.readyRead = true;
    for (const r of ready?.models ?? []) {
      const name = `${READY}${r.id}`;
      this.models.set(name, { name, label: r.name, side: r.side, key: name, bytes: null, libraryId: null, ready: r });
    }
    // The ready-made agents in the game come down now, beside the engine,
    // not once it is their turn: on a slow link that turn comes sooner. One
    // that moves first with its opening (the manifest's) is fetched when it
    // plays that: until then its file would only hold the engine back.
    for (const [side, c] of this.controllers.entries()) {
      const m = this.models.get(c);
      if (m?.ready && !(side === 0 && m.ready.opening)) void readyBytes(m.ready).then((b) => (m.bytes ??= b), () => undefined);
    }
    for (const side of [0, 1] as const) {
      const c = this.controllers[side];
      const isReady = c.startsWith(READY);
      if (!c.startsWith(MODEL) && !isReady) continue;
      const what = isReady ? 'ready-made agent' : 'model';
      const m = this.models.get(c);
      if (!m && isReady) {
        showNotice(
          ready
            ? `The link names a ready-made agent this page does not have (${c.slice(READY.length)}); a person plays ${this.info.sides[side]} instead.`
            : `The link names a ready-made agent, but the list of ready-made agents could not be read (offline for the first time?); a person plays ${this.info.sides[side]} instead.`,
        );
        this.controllers[side] = HUMAN;
      } else if (!m) {
        this.missing = c;
      } else if (m.side !== null && m.side !== side) {
        showNotice(`The ${what} named in the link plays ${this.info.sides[m.side]}, not ${this.info.sides[side]}; a person plays ${this.info.sides[side]} instead.`);
        this.controllers[side] = HUMAN;
      }
    }
    this.fill();
  }

  /** Reads the library's models of this game into the player lists. */
  refresh(): Promise<void> {
    this.latestRead = this.read(++this.refreshes);
    return this.latestRead;
  }

  /** Read number `seq` of the library; a read overtaken by a later one waits for that one instead. */
  private async read(seq: number): Promise<void> {
    let metas: ModelMeta[] = [];
    try {
      metas = await (await this.library).list(this.info.id);
    } catch (e) {
      showNotice(messageOf(e));
    }
    // A later read has begun: its list is the newer one, and it is done when that one is.
    if (seq !== this.refreshes) return this.latestRead;
    // Library models first, then the runs' (which stay until the view closes).
    const fromRuns = [...this.models.values()].filter((m) => m.libraryId === null);
    this.models.clear();
    for (const meta of metas) {
      const name = `${MODEL}${meta.id}`;
      this.models.set(name, { name, label: meta.name, side: meta.side ?? null, key: `${name}@${meta.modified}`, bytes: null, libraryId: meta.id });
    }
    for (const m of fromRuns) this.models.set(m.name, m);
    if (!this.destroyed) {
      this.fill();
      this.changed();
    }
  }

  /** The model `name` can play. */
  hasModel(name: Controller): boolean {
    return this.models.has(name);
  }

  /** A run's model, with its bytes, becomes a player (until the view closes). */
  addRunModel(name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array): void {
    this.models.set(name, { name, label, side, key: `${name}#${++this.runModels}`, bytes, libraryId: null });
  }

  /** The model `name` if it can play, or null. */
  model(name: Controller): ModelPlayer | null {
    return this.models.get(name) ?? null;
  }

  /** New players for both sides, shown in the lists; the listeners are told. */
  setBoth(pair: [Controller, Controller]): void {
    this.controllers = pair;
    this.fill();
    this.changed();
  }

  /** `c` plays `side` (the visitor's pick, or an imported model); the settings shown follow. */
  set(side: 0 | 1, c: Controller): void {
    this.controllers[side] = c;
    this.showSettings();
  }

  /** The sides the missing model of the address should play (none once it is imported or replaced). */
  missingSides(): (0 | 1)[] {
    return ([0, 1] as const).filter((side) => this.missing !== null && this.controllers[side] === this.missing);
  }

  /** The missing model's name, while a side waits for it. */
  get missingModel(): Controller | null {
    return this.missing;
  }

  /** No side waits for the missing model any more. */
  forgetMissing(): void {
    this.missing = null;
  }

  /** The player lists and what each chosen player does, as the players are now. */
  showChoices(): void {
    for (const [i, sel] of this.selects.entries()) {
      const c = this.controllers[i];
      sel.value = c;
      // The player's first setting (a search's level) is in its line, not only in the settings box.
      const setting = this.firstSetting(c);
      const side = i as 0 | 1;
      const about = aboutPlayer(c, this.player(c), this.models.get(c), this.rated(c, side), this.unrated(c, side));
      // Redrawn only when it changes: an explanation opened on it stays open while the game goes on.
      const drawn = `${setting?.text ?? ''}|${aboutText(about)}`;
      if (this.aboutDrawn[i] === drawn) continue;
      this.aboutDrawn[i] = drawn;
      this.abouts[i].replaceChildren(
        ...(setting ? [el('span', { className: 'player-setting', 'data-testid': `player-setting-${i}`, title: `Set under “${setting.player}: settings”` }, setting.text), ' '] : []),
        // The sentence with the game's words explained; the measures short, their meaning in a tooltip.
        ...about.flatMap((part, k) => [
          ...(k > 0 ? [' '] : []),
          ...(part.meaning ? [term(part.text, part.meaning), '.'] : pageGlossed(part.text)),
          ...(part.more ? moreText(part.more, i) : []),
        ]),
      );
    }
  }

  /** The settings form of the player `c` plays with, if it has one. */
  private formOf(c: Controller): { id: string; form: FieldForm } | null {
    const id = this.models.has(c) ? MODEL_SETTINGS : this.player(c)?.id;
    const form = id === undefined ? undefined : this.settingsForms.get(id);
    return id !== undefined && form ? { id, form } : null;
  }

  /** "Level 10": the first setting of the player `c`, as set now. */
  private firstSetting(c: Controller): { player: string; text: string } | null {
    const f = this.formOf(c);
    const field = f?.form.fields[0];
    if (!f || !field) return null;
    const player = this.models.has(c) ? modelPlayerInfo(this.info).label : (this.player(c)?.label ?? '');
    return { player, text: settingText(field.label, f.form.shown(field.id)) };
  }

  /**
   * The settings of the players in the game that differ from their defaults,
   * for the address ("search.level" → "10").
   */
  addressSettings(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const c of this.controllers) {
      const f = this.formOf(c);
      if (!f) continue;
      for (const field of f.form.fields) {
        const text = f.form.text(field.id);
        const v = parseField(field, text);
        if (v === null || v !== field.default) out[`${f.id}.${field.id}`] = text;
      }
    }
    return out;
  }

  /** The address's settings of player `p`; a value that is not one of a field's is said and left at its default. */
  private linkSettingsOf(p: PlayerInfo): Settings {
    const out: Settings = {};
    for (const f of p.settings) {
      const text = this.linkSettings[`${p.id}.${f.id}`];
      if (text === undefined) continue;
      const v = parseField(f, text);
      if (v === null) showNotice(`The link’s ${p.label} ${f.label} “${text.slice(0, 20)}” is not one of its values; it stays at ${String(f.default)}.`);
      else setPath(out, f.id, v);
    }
    return out;
  }

  destroy(): void {
    this.destroyed = true;
    this.unsubscribe?.();
    for (const s of this.settingsSets.values()) s.destroy();
  }

  /** Who `c` is on the ladder: a game's player at its settings as set now (the defaults before its form is made), or a ready-made model. */
  private who(c: Controller): Who | null {
    const m = this.models.get(c);
    if (m) return m.ready ? { model: m.ready.id } : null;
    const p = this.player(c);
    if (!p) return null;
    const form = this.settingsForms.get(p.id);
    // A field being edited: no rating until it holds a value.
    const linked = (f: PlayerInfo['settings'][number]) => {
      const text = this.linkSettings[`${p.id}.${f.id}`];
      return (text === undefined ? null : parseField(f, text)) ?? f.default;
    };
    const settings = form ? form.peek() : Object.fromEntries(p.settings.map((f) => [f.id, linked(f)]));
    return settings ? { player: p.id, settings } : null;
  }

  /** The rating of player `c` playing `side` on the game's ladder, or null when it has none (as it is set now). */
  rated(c: Controller, side: 0 | 1): RatingOf | null {
    const ladder = this.ready?.ladder;
    const who = this.who(c);
    if (!ladder || !who) return null;
    const seat = seatOf(ladder, who, side);
    if (!seat) return null;
    const label = (s: LadderSeat) => this.seatLabel(s);
    return { seat, figures: ratingFigures(ladder, seat), word: ratingWord(seat.elo, ladder, side), meaning: ratingWords(ladder, side, label) };
  }

  /** A seat as people name it: a ready-made model by its short name and stage, else its name in the ladder. */
  private seatLabel(s: LadderSeat): string {
    const r = s.model ? this.ready?.models.find((m) => m.id === s.model) : undefined;
    return r ? `${r.short}, ${compactCount(r.games)} games` : s.name;
  }

  /** Why player `c` has no rating on `side`, where it could have one: a setting the ladder did not rate, or a model from the library. */
  unrated(c: Controller, side: 0 | 1): string {
    const ladder = this.ready?.ladder;
    if (!ladder || c === HUMAN || this.rated(c, side)) return '';
    const p = this.player(c);
    if (p) {
      const at = ladder.seats.filter((s) => s.player === p.id && s.model === undefined && (s.side === null || s.side === side) && s.settings);
      const field = p.settings[0];
      if (at.length === 0 || !field) return '';
      const levels = at.map((s) => `${String(s.settings?.[field.id])}: ${s.elo}`).join(', ');
      return `Not rated at this ${field.label.toLowerCase()}; the ladder rates ${field.label.toLowerCase()} ${levels}.`;
    }
    const m = this.models.get(c);
    return m && !m.ready ? 'Not rated: add it to the Ladder tab to rate it against the others.' : '';
  }

  /**
   * The computer players of a side from weakest to strongest, each with its
   * rating on the game's ladder (one scale for all, from games against each
   * other: the fixed players, a searching player at the level set now, the
   * ready-made models); the players not rated as set now after them.
   */
  private ranked(side: 0 | 1): HTMLOptionElement[] {
    const rows: { value: string; text: string; title: string; rank: number }[] = [];
    // Short, so that no list is cut off: the word for the strength is in the line under the list.
    const measured = (c: Controller): { text: string; rank: number } => {
      const r = this.rated(c, side);
      return r ? { text: ` · Elo ${r.seat.elo}`, rank: r.seat.elo } : { text: '', rank: 1e9 };
    };
    for (const p of this.info.players) {
      if (!p.sides[side]) continue;
      const m = measured(p.id);
      rows.push({ value: p.id, text: p.label + m.text, title: p.searches ? `${p.description}; as strong as its level` : p.description, rank: m.rank });
    }
    for (const mp of this.models.values()) {
      if (!mp.ready || (mp.side !== null && mp.side !== side)) continue;
      const m = measured(mp.name);
      // "Net vs MSB, 100k": its games of learning, short, so that no list is cut off (the line under it says them whole).
      rows.push({ value: mp.name, text: `${mp.ready.short}, ${compactCount(mp.ready.games)}${m.text}`, title: `${mp.label} (ready-made): ${mp.ready.about}`, rank: m.rank });
    }
    // A stable sort: equal ratings keep the engine's order.
    rows.sort((a, b) => a.rank - b.rank);
    return rows.map((r) => el('option', { value: r.value, title: r.title }, r.text));
  }

  /** Who plays `side` when the player named is not there (a ready-made model this page does not ship): the game's first computer player that is not random, or a person. */
  private fallback(side: 0 | 1): Controller {
    if (!this.controllers[side].startsWith(READY)) return HUMAN;
    return this.info.players.find((p) => p.sides[side] && p.id !== 'random')?.id ?? HUMAN;
  }

  /** The choices of each side: a person, the game's players and ready-made models from weakest to strongest, the library's and runs' models. */
  fill(): void {
    for (const side of [0, 1] as const) {
      const select = this.selects[side];
      const options = [el('option', { value: HUMAN }, 'Human'), ...this.ranked(side)];
      for (const m of this.models.values()) {
        if (m.ready) continue;
        if (m.side === null || m.side === side) options.push(el('option', { value: m.name, title: 'a trained model from the library' }, `${m.label} (model)`));
      }
      // A model still loading from the library, or a ready-made one while the list of them is read, keeps its place.
      const c = this.controllers[side];
      if (!options.some((o) => o.value === c)) {
        if (c === this.missing) options.push(el('option', { value: c }, 'Link’s model (missing)'));
        else if (c.startsWith(MODEL)) options.push(el('option', { value: c }, 'a model from the library'));
        else if (c.startsWith(READY) && !this.readyRead) options.push(el('option', { value: c }, 'a ready-made model'));
        else this.controllers[side] = this.fallback(side);
      }
      select.replaceChildren(...options);
      select.value = this.controllers[side];
    }
    this.showSettings();
  }

  /** The settings of the computer players in the game, each once, under the player lists. */
  private showSettings(): void {
    const shown = new Set<string>();
    const boxes: HTMLElement[] = [];
    for (const c of this.controllers) {
      const p = this.models.has(c) ? modelPlayerInfo(this.info) : this.player(c);
      if (!p || p.settings.length === 0 || shown.has(p.id)) continue;
      shown.add(p.id);
      let form = this.settingsForms.get(p.id);
      if (!form) {
        form = new FieldForm(p.settings, `player-${p.id}`, () => {
          this.showChoices();
          this.onSettings();
        });
        form.fill(this.linkSettingsOf(p));
        this.settingsForms.set(p.id, form);
        if (p.savesSettings) this.settingsSets.set(p.id, new SettingsSets(this.info, p, form, this.engine, this.library));
      }
      // The same box each time, so that it stays open while the lists change.
      let box = this.settingsBoxes.get(p.id);
      if (!box) {
        const sets = this.settingsSets.get(p.id);
        box = el('details', { className: 'player-settings-box', 'data-player': p.id }, el('summary', {}, `${p.label}: settings`), form.element, ...(sets ? [sets.element] : []));
        this.settingsBoxes.set(p.id, box);
      }
      boxes.push(box);
    }
    this.playerSettings.replaceChildren(...boxes);
  }
}
