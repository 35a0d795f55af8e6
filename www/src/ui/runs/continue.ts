// The Train tab's box that continues training a model of the library
// (from the Models tab): how many further games, and the kind's settings
// for a continued run; the run goes on from the saved model exactly.

import { el } from '../../core/dom';
import { messageOf, showNotice } from '../../core/notices';
import type { RunKindInfo } from '../../core/protocol';
import type { ModelMeta } from '../../core/storage';
import { FieldForm } from '../fields';

/** Further games offered when a saved model continues. */
const DEFAULT_MORE_GAMES = 10_000;
const MAX_MORE_GAMES = 100_000_000;

export interface ContinueHost {
  /** Starts the continued run (a new card); rejects with the engine's message when it cannot. */
  start(meta: ModelMeta, bytes: Uint8Array, total: number, settings: Record<string, unknown>, kind: string): Promise<void>;
  /** What was done, for the panel's status line. */
  said(text: string): void;
}

export class ContinueBox {
  readonly element = el('fieldset', { className: 'continue-box', 'data-testid': 'continue-box', hidden: true });
  private continuing: { meta: ModelMeta; bytes: Uint8Array; kind: RunKindInfo; form: FieldForm; games: HTMLInputElement; start: HTMLButtonElement } | null = null;

  constructor(private readonly host: ContinueHost) {}

  /** Offers to continue a model of the library (from the Models tab). */
  open(meta: ModelMeta, bytes: Uint8Array, kind: RunKindInfo): void {
    const form = new FieldForm(kind.continueFields, 'continue');
    const games = el('input', {
      id: 'continue-games',
      type: 'number',
      min: 1,
      max: MAX_MORE_GAMES,
      step: 1,
      inputMode: 'numeric',
      value: String(DEFAULT_MORE_GAMES),
      'data-testid': 'continue-games',
    });
    const start = el('button', { type: 'button', className: 'primary', 'data-testid': 'continue-start' }, 'Continue training');
    const cancel = el('button', { type: 'button', 'data-testid': 'continue-cancel' }, 'Cancel');
    start.addEventListener('click', () => void this.start());
    cancel.addEventListener('click', () => this.close());
    this.element.replaceChildren(
      el('legend', {}, 'Continue training a saved model'),
      el('p', { 'data-testid': 'continue-text' }, `“${meta.name}”, ${meta.gamesTrained.toLocaleString('en-US')} learning games so far.`),
      el('div', { className: 'field' }, el('label', { htmlFor: 'continue-games' }, 'Further learning games'), games),
      form.element,
      el('div', { className: 'controls' }, start, cancel),
      el('p', { className: 'hint' }, 'The run goes on from the saved model, its games and curve (with its saved random stream, exactly as if it had not stopped). Saving it adds a new model; the saved one stays as it is.'),
    );
    this.element.onkeydown = (e) => {
      if (e.key === 'Escape') this.close();
      if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
        e.preventDefault();
        void this.start();
      }
    };
    this.continuing = { meta, bytes, kind, form, games, start };
    this.element.hidden = false;
    games.focus();
    games.select();
  }

  private close(): void {
    this.continuing = null;
    this.element.hidden = true;
    this.element.replaceChildren();
  }

  private async start(): Promise<void> {
    const c = this.continuing;
    // Once only, however often Enter is pressed while the worker answers.
    if (!c || c.start.disabled) return;
    const more = Number(c.games.value);
    if (!Number.isInteger(more) || more < 1 || more > MAX_MORE_GAMES) {
      showNotice(`The number of further games must be a whole number from 1 to ${MAX_MORE_GAMES.toLocaleString('en-US')}.`);
      c.games.focus();
      return;
    }
    let settings: Record<string, unknown>;
    try {
      settings = c.form.read();
    } catch (e) {
      showNotice(messageOf(e));
      return;
    }
    c.start.disabled = true;
    try {
      await this.host.start(c.meta, c.bytes, c.meta.gamesTrained + more, settings, c.meta.continuesAs ? c.kind.id : '');
    } catch (e) {
      // The engine's message says what is wrong ("this model cannot continue training: …").
      showNotice(`Continue training: ${messageOf(e)}`);
      c.start.disabled = false;
      return;
    }
    this.close();
    this.host.said(`Continuing ${c.meta.name} from ${c.meta.gamesTrained.toLocaleString('en-US')} games for ${more.toLocaleString('en-US')} more.`);
  }
}
