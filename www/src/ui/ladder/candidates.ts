// The Ladder tab's lists of players a visitor can add: the game's own
// players (one with a level gets a level box beside it), the models of the
// library, and the ready-made agents (folded). Each row says whether its
// player is in the ladder already; the focus stays on its row when the
// lists are drawn again.

import { el } from '../../core/dom';
import { freeName, tableName } from '../../core/ladder';
import type { FieldSpec, GameInfo, PlayerInfo } from '../../core/protocol';
import type { ReadyModel } from '../../core/ready';
import type { LadderPlayer, ModelMeta } from '../../core/storage';

/** The model id of a ready-made model in a ladder player. */
export const READY_MODEL = 'ready:';

/** A player a visitor can add: the game's own (at a setting) or a model. */
interface Candidate {
  /** Its name in the ladder, before a clash is settled. */
  name: string;
  what: string;
  player: LadderPlayer;
  group: 'players' | 'library' | 'ready';
}

/** What the lists are drawn from. */
export interface CandidateSource {
  info: GameInfo;
  /** The library's models that can join. */
  models: ModelMeta[];
  ready: ReadyModel[];
  players: LadderPlayer[];
  /** Players who cannot play any more, by name. */
  missing: Map<string, string>;
}

/** The first field of a player's settings, when it is a whole number the visitor picks (a level). */
function levelField(p: PlayerInfo): (FieldSpec & { type: 'int' }) | null {
  const f = p.settings[0];
  return f && f.type === 'int' ? f : null;
}

/** What a library model's contents are known by: a rename keeps it, a save of other contents changes it. */
export function versionOf(m: ModelMeta): string {
  return `${m.gamesTrained}:${m.size}`;
}

export class LadderCandidates {
  readonly element = el('div', { className: 'ladder-add-lists', 'data-testid': 'ladder-candidates' });
  /** The level picked beside each player that has one, by player id. */
  private levels = new Map<string, number>();
  private readyOpen = false;

  /** `add` adds a player; `fallbackFocus` takes the focus when its row went. */
  constructor(
    private readonly add: (p: LadderPlayer) => void,
    private readonly fallbackFocus: () => HTMLElement,
  ) {}

  private list(s: CandidateSource): Candidate[] {
    const out: Candidate[] = [];
    const perSide = s.info.ladderPerSide;
    for (const p of s.info.players) {
      const sides = ([0, 1] as const).filter((side) => p.sides[side]);
      // A player with a level is one candidate, its level picked beside it;
      // where the sides differ, one for each side it plays.
      const seats: (0 | 1 | null)[] = perSide ? sides : sides.length === 2 ? [null] : sides;
      for (const side of seats) {
        const name = perSide && side !== null && sides.length === 2 ? `${p.label} as ${s.info.sides[side]}` : p.label;
        out.push({ name, what: p.description, player: { name, player: p.id, settings: null, model: null, side }, group: 'players' });
      }
    }
    for (const m of s.models) out.push({ name: tableName(m.name), what: m.description ?? m.summary, player: { name: tableName(m.name), player: 'model', settings: null, model: m.id, version: versionOf(m), side: m.side ?? null }, group: 'library' });
    for (const r of s.ready) out.push({ name: tableName(r.name), what: r.about, player: { name: tableName(r.name), player: 'model', settings: null, model: `${READY_MODEL}${r.id}`, side: r.side }, group: 'ready' });
    return out;
  }

  render(s: CandidateSource): void {
    // The focus stays on the row it was on (the list is drawn again).
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && this.element.contains(active) ? active.closest<HTMLElement>('[data-name]')?.dataset.name : undefined;
    const all = this.list(s);
    const list = (group: Candidate['group']) => el('ul', { className: 'ladder-candidates' }, ...all.filter((c) => c.group === group).map((c) => this.row(c, s)));
    const library = all.some((c) => c.group === 'library')
      ? [el('h4', {}, 'Your models'), list('library')]
      : [el('p', { className: 'hint' }, 'Models you train or import (Train and Models tabs) are listed here too.')];
    const ready = all.filter((c) => c.group === 'ready').length;
    // The ready-made agents stay folded, and stay open once opened.
    const readyGroup = el('details', { className: 'ladder-ready', open: this.readyOpen }, el('summary', {}, `Ready-made agents (${ready})`), list('ready'));
    readyGroup.addEventListener('toggle', () => (this.readyOpen = readyGroup.open));
    this.element.replaceChildren(el('h4', {}, `${s.info.title}’s players`), list('players'), ...library, ...(ready > 0 ? [readyGroup] : []));
    if (focused !== undefined) {
      const row = [...this.element.querySelectorAll<HTMLElement>('[data-name]')].find((r) => r.dataset.name === focused);
      const target = row?.querySelector<HTMLElement>('button:not(:disabled), input') ?? this.fallbackFocus();
      target.focus();
    }
  }

  private row(c: Candidate, s: CandidateSource): HTMLElement {
    const has = (name: string) => s.players.some((p) => p.name === name);
    const info = c.player.model === null ? s.info.players.find((p) => p.id === c.player.player) : undefined;
    const f = info ? levelField(info) : null;
    const add = el('button', { type: 'button', 'data-testid': 'ladder-add' }, 'Add');
    const row = el(
      'li',
      { className: 'ladder-candidate', 'data-testid': 'ladder-candidate', 'data-name': c.name },
      el('span', { className: 'candidate-text' }, el('span', { className: 'candidate-name' }, c.name), el('span', { className: 'candidate-what' }, c.what)),
    );
    const actions = el('span', { className: 'candidate-actions' });
    if (f && info) {
      const id = `ladder-level-${info.id}${c.player.side === null || c.player.side === undefined ? '' : `-${c.player.side}`}`;
      const level = el('input', { type: 'number', id, min: f.min, max: f.max, step: 1, value: String(this.levels.get(info.id) ?? f.default), 'data-testid': 'ladder-level', className: 'ladder-level' });
      const picked = (): number | null => {
        const v = Number(level.value);
        return level.value.trim() !== '' && Number.isInteger(v) && v >= f.min && v <= f.max ? v : null;
      };
      // As the shipped ladder names it ("Search, level 3", "… as Hare").
      const suffix = c.name.startsWith(info.label) ? c.name.slice(info.label.length) : '';
      const name = (v: number) => `${info.label}, ${f.label.toLowerCase()} ${v}${suffix}`;
      const update = () => {
        const v = picked();
        if (v !== null) this.levels.set(info.id, v);
        const inLadder = v !== null && has(name(v));
        add.disabled = v === null || inLadder;
        add.textContent = inLadder ? 'In the ladder' : 'Add';
        add.setAttribute('aria-label', v === null ? `Add ${info.label}: pick a ${f.label.toLowerCase()} from ${f.min} to ${f.max}` : inLadder ? `${name(v)} is in the ladder` : `Add ${name(v)}`);
      };
      level.addEventListener('input', update);
      add.addEventListener('click', () => {
        const v = picked();
        if (v !== null) this.add({ name: name(v), player: info.id, settings: { [f.id]: v }, model: null, side: c.player.side ?? null });
      });
      actions.append(el('label', { className: 'candidate-level', htmlFor: id, title: f.help }, f.label), level);
      update();
    } else {
      const model = c.player.model;
      // A model is in the ladder while a player of it still plays (a version saved since may join again).
      const inLadder = model ? s.players.some((p) => p.model === model && !s.missing.has(p.name)) : has(c.name);
      add.disabled = inLadder;
      add.textContent = inLadder ? 'In the ladder' : 'Add';
      add.setAttribute('aria-label', inLadder ? `${c.name} is in the ladder` : `Add ${c.name}`);
      add.addEventListener('click', () => this.add({ ...c.player, name: freeName(c.name, has) }));
    }
    actions.append(add);
    row.append(actions);
    return row;
  }
}
