// The Train tab's unfinished runs: the checkpoints of this game's runs
// that no card of this tab is training (stopped, crashed, or cut off by a
// reload), each offered for Resume (with its curve so far) or Discard; a
// run another tab of this page trains is shown, not offered, until that
// tab lets go of it.

import { el } from '../../core/dom';
import { messageOf, showNotice } from '../../core/notices';
import { runsElsewhere } from '../../core/run-locks';
import type { GameInfo, RunKindInfo } from '../../core/protocol';
import { isSavedCurve, type Checkpoint, type ModelLibrary } from '../../core/storage';
import type { CardInfo } from './card';
import { keeper } from '../run-keeper';

/** What the offers need of the panel. */
export interface OffersHost {
  info: GameInfo;
  library: Promise<ModelLibrary>;
  /** The runs this tab's cards are training. */
  going(): Set<string>;
  /** Says a storage problem once. */
  tellStorage(message: string): void;
  /** Goes on with a checkpointed run. */
  resume(cp: Checkpoint): Promise<void>;
}

export class ResumeOffers {
  readonly element = el('section', { className: 'resume-list', 'data-testid': 'resume-list', 'aria-label': 'Unfinished runs' });
  private ticket = 0;

  constructor(private readonly host: OffersHost) {}

  /** Offers the checkpoints of this game's runs that are not going in this tab. */
  async refresh(): Promise<void> {
    keeper.changed(true);
    const ticket = ++this.ticket;
    let cps: Checkpoint[];
    let elsewhere: Set<string>;
    try {
      [cps, elsewhere] = await Promise.all([(await this.host.library).checkpoints(this.host.info.id), runsElsewhere()]);
    } catch (e) {
      this.host.tellStorage(messageOf(e));
      return;
    }
    // A later refresh is under way: it shows the newer list.
    if (ticket !== this.ticket) return;
    const kinds = new Set(this.host.info.runs.map((k) => k.id));
    const going = this.host.going();
    const offers = cps
      .filter((c) => c.game === this.host.info.id && kinds.has(c.algorithm) && !going.has(c.runId) && c.gamesPlayed < c.gamesTotal)
      .sort((a, b) => a.savedAt - b.savedAt);
    this.element.replaceChildren();
    // Tests wait for this, not for a fixed time, before they check that nothing is offered.
    this.element.dataset.loaded = 'true';
    if (offers.length === 0) return;
    this.element.append(el('h3', {}, 'Unfinished runs'));
    for (const cp of offers) {
      const info = cardInfo(cp, this.host.info.runs);
      const what = `${info.label}${info.preset ? ` (${info.preset.name})` : ''}`;
      if (elsewhere.has(cp.runId)) {
        // Another tab trains it: it is shown, not offered, until that tab lets go.
        this.element.append(
          el(
            'div',
            { className: 'resume-offer', 'data-testid': 'run-elsewhere', 'data-games': String(cp.gamesPlayed) },
            el('p', {}, `${what}: training in another tab of this page (${cp.gamesPlayed.toLocaleString('en-US')} of ${cp.gamesTotal.toLocaleString('en-US')} games at its last checkpoint).`),
          ),
        );
        continue;
      }
      const resume = el('button', { type: 'button', className: 'primary', 'data-testid': 'resume-run', 'aria-label': `Resume ${what}` }, 'Resume');
      const discard = el('button', { type: 'button', 'data-testid': 'discard-run', 'aria-label': `Discard ${what}` }, 'Discard');
      // Its curves as they were at its last checkpoint, without resuming it.
      const saved = isSavedCurve(cp.curve) ? cp.curve : null;
      const curve = el('button', { type: 'button', 'data-testid': 'resume-curve', 'aria-label': `Curve of ${what}`, hidden: !saved }, 'Curve');
      curve.addEventListener('click', () => {
        if (saved) void import('../curve-view').then((v) => v.openCurves(info.label, saved, curve));
      });
      const row = el(
        'div',
        { className: 'resume-offer', 'data-testid': 'resume-offer', 'data-games': String(cp.gamesPlayed) },
        el('p', {}, `${what}: ${cp.gamesPlayed.toLocaleString('en-US')} of ${cp.gamesTotal.toLocaleString('en-US')} games, saved ${new Date(cp.savedAt).toLocaleString()}.`),
        el('div', { className: 'controls' }, resume, curve, discard),
      );
      resume.addEventListener('click', () => {
        row.remove();
        void this.host.resume(cp);
      });
      discard.addEventListener('click', () => {
        resume.disabled = discard.disabled = true;
        void (async () => {
          try {
            await (await this.host.library).deleteCheckpoint(cp.runId);
            row.remove();
          } catch (e) {
            showNotice(messageOf(e));
          }
          await this.refresh();
        })();
      });
      this.element.append(row);
    }
    const free = offers.filter((c) => !elsewhere.has(c.runId));
    if (free.length > 1) {
      const all = el('button', { type: 'button', 'data-testid': 'resume-all' }, 'Resume all');
      all.addEventListener('click', () => {
        this.element.replaceChildren();
        for (const cp of free) void this.host.resume(cp);
      });
      this.element.append(el('div', { className: 'controls' }, all));
    }
  }
}

/** What a checkpoint says of its run (records of older versions have less); `kinds` name its kind of run. */
export function cardInfo(cp: Checkpoint, kinds: RunKindInfo[]): CardInfo {
  const s = (cp.settings ?? {}) as Partial<CardInfo>;
  const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n) && n > 0) : []);
  const kind = kinds.find((k) => k.id === cp.algorithm)?.title ?? 'training';
  return {
    label: typeof s.label === 'string' && s.label ? s.label : `a run of ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`,
    preset: s.preset && typeof s.preset.name === 'string' ? s.preset : null,
    continuedFrom: typeof s.continuedFrom === 'number' ? s.continuedFrom : null,
    snapshots: { at: numbers(s.snapshots?.at), taken: numbers(s.snapshots?.taken) },
    experiment: s.experiment && typeof s.experiment.id === 'string' && typeof s.experiment.name === 'string' ? s.experiment : null,
  };
}
