// The box that asks for a model a shared link names and this browser does
// not have (models stay in the browser that trained or imported them): the
// side it played waits, and importing its .selfplay file here (as the Models
// tab does) lets the game go on with it. Another player chosen for the side
// closes the box.

import { el } from '../../core/dom';
import { messageOf } from '../../core/notices';
import type { GameInfo } from '../../core/protocol';
import type { ModelMeta } from '../../core/storage';
import { MODEL, type Players } from './players';

/** What importing model files gives, one result per file. */
export type ImportModels = (files: File[]) => Promise<{ meta: ModelMeta | null; message: string }[]>;

/** The turn line of a side that waits for the link's model. */
export function waitingText(info: GameInfo, side: 0 | 1): string {
  return `${info.sides[side]} to move: the link’s model is waiting for its file (below the players).`;
}

/**
 * Which of the imported models can take the waiting `sides` (one that plays
 * both sides, or the side waiting), or why none can, in words.
 */
export function fittingModel(info: GameInfo, sides: (0 | 1)[], results: { meta: ModelMeta | null; message: string }[]): { meta: ModelMeta } | { why: string } {
  const fits = results.find((r) => r.meta && sides.every((side) => r.meta!.side == null || r.meta!.side === side));
  if (fits?.meta) return { meta: fits.meta };
  const imported = results.find((r) => r.meta);
  const why = imported?.meta
    ? `“${imported.meta.name}” plays ${info.sides[imported.meta.side!]}, not ${sides.map((side) => info.sides[side]).join(' and ')}.`
    : (results[0]?.message ?? 'no file was read.');
  return { why };
}

export class MissingModel {
  readonly element: HTMLElement;
  private text = el('p', {});
  private status = el('p', { className: 'missing-status', 'data-testid': 'missing-model-status', role: 'status' });
  private file = el('input', {
    type: 'file',
    accept: '.selfplay,application/octet-stream',
    className: 'visually-hidden',
    tabIndex: -1,
    'aria-label': 'Import the model file of the link',
    'data-testid': 'missing-model-file',
  });

  /** `onImported` is called once an imported model has taken the waiting `sides`. */
  constructor(
    private readonly info: GameInfo,
    private readonly players: Players,
    private readonly importModels: ImportModels | undefined,
    private readonly onImported: (meta: ModelMeta, sides: (0 | 1)[]) => void,
  ) {
    const pick = el('button', { type: 'button', className: 'primary', 'data-testid': 'missing-model-import' }, 'Import the model file…');
    pick.addEventListener('click', () => this.file.click());
    this.file.addEventListener('change', () => {
      const files = [...(this.file.files ?? [])];
      this.file.value = '';
      if (files.length) void this.import(files);
    });
    this.element = el(
      'section',
      { className: 'missing-model', 'data-testid': 'missing-model', 'aria-labelledby': 'missing-model-title', hidden: true },
      el('h3', { id: 'missing-model-title' }, 'This game needs a model you do not have yet'),
      this.text,
      el('div', { className: 'controls' }, pick, this.file),
      this.status,
    );
  }

  /** Shows, or hides, the box, as the players are now. */
  show(): void {
    const sides = this.players.missingSides();
    if (sides.length === 0) this.players.forgetMissing();
    this.element.hidden = sides.length === 0;
    if (sides.length === 0) return;
    const who = sides.map((side) => this.info.sides[side]).join(' and ');
    this.text.textContent =
      `${who} ${sides.length > 1 ? 'were' : 'was'} played by a trained model that this browser does not have (models stay in the ` +
      `browser that trained or imported them). Import its .selfplay file — exported from the Models tab where the game was ` +
      `played — and the game goes on with it. Until then ${who} waits; or choose another player for ${who} above.`;
    this.text.title = `The link names the player ${this.players.missingModel}`;
  }

  private say(text: string, kind: 'ok' | 'error'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  /** Imports the missing model's file; a model that plays the waiting side takes it. */
  private async import(files: File[]): Promise<void> {
    const sides = this.players.missingSides();
    if (sides.length === 0 || !this.importModels) return;
    this.say('Reading the file…', 'ok');
    let results: { meta: ModelMeta | null; message: string }[];
    try {
      results = await this.importModels(files);
    } catch (e) {
      this.say(`The file could not be imported: ${messageOf(e)}`, 'error');
      return;
    }
    const fit = fittingModel(this.info, sides, results);
    if ('why' in fit) {
      this.say(`That model cannot take this side: ${fit.why}`, 'error');
      return;
    }
    const meta = fit.meta;
    await this.players.refresh();
    const name = `${MODEL}${meta.id}`;
    if (!this.players.hasModel(name)) {
      this.say('The model was imported but the library does not list it; try again.', 'error');
      return;
    }
    for (const side of sides) this.players.set(side, name);
    this.players.forgetMissing();
    this.status.textContent = '';
    this.show();
    this.players.fill();
    this.players.changed();
    this.onImported(meta, sides);
  }
}
