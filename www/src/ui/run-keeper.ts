// The page's training runs, of every game, kept while the visitor moves
// between games: a game's Train panel (its run cards, charts and form) is
// made once and lent to that game's view each time it opens, so its runs go
// on training while another game is played or looked at. The header shows
// how many runs train, with a list: each run, a way back to its game's Train
// tab, and Resume for a paused run or an unfinished one (one whose
// checkpoint is stored but that no card holds: the page was reloaded or
// closed while it trained).

import { el } from '../core/dom';
import { openLibrary } from '../core/models';
import { messageOf, showNotice } from '../core/notices';
import { onRunsChanged, runsElsewhere } from '../core/run-locks';
import type { Checkpoint } from '../core/storage';
import { resumeRunLabel, runText } from '../core/text';

/** One run as the header lists it. */
export interface RunSummary {
  id: string;
  /** "Run 3". */
  name: string;
  /** Its kind of run's id ('' before it is known). */
  kind: string;
  /** The run's own name, in the study's words ("QL1-H40 sigmoid self-play, seed 1"). */
  label: string;
  status: 'starting' | 'running' | 'paused' | 'stopped' | 'finished' | 'crashed';
  games: number;
  total: number;
}

/** A game's Train panel as the keeper holds it. */
export interface KeptPanel {
  readonly element: HTMLElement;
  /** Its runs now. */
  runs(): RunSummary[];
  /** Goes on with a run: a paused one, a crashed one, or one from its stored checkpoint. */
  resume(runId: string): Promise<void>;
}

/** A row of the list: a run held by a panel, or an unfinished one from storage. */
interface Row {
  game: string;
  id: string;
  text: string;
  /** The run's name in the study's words, for the tooltip. */
  study: string;
  status: RunSummary['status'] | 'unfinished';
  games: number;
  resumable: boolean;
}

const STATUS_WORDS: Record<Row['status'], string> = {
  starting: 'starting',
  running: 'training',
  paused: 'paused',
  stopped: 'stopped',
  finished: 'finished',
  crashed: 'stopped by a failure',
  unfinished: 'not finished (stopped, or cut off when the page was closed or reloaded)',
};

const count = (n: number) => n.toLocaleString('en-US');


export class RunKeeper {
  /** The header's part: a button with the counts and the list it opens. */
  readonly element: HTMLElement;
  private readonly button = el('button', {
    type: 'button',
    className: 'run-keeper-button',
    'data-testid': 'runs-indicator',
    'aria-expanded': 'false',
    'aria-controls': 'run-keeper-list',
  });
  private readonly list = el('div', { className: 'run-keeper-list', id: 'run-keeper-list', 'data-testid': 'runs-list', hidden: true });
  private readonly panels = new Map<string, KeptPanel>();
  private readonly waiting = new Map<string, ((p: KeptPanel) => void)[]>();
  /** The open game view's way to show its Train tab. */
  private open: { game: string; showTrain: () => void } | null = null;
  private titles = new Map<string, string>();
  /** Each game's kinds of run, by id: their titles, in the page's words. */
  private kinds = new Map<string, Map<string, string>>();
  private unfinished: Checkpoint[] = [];
  private renderQueued = false;
  /** The rows the open list shows (their ids and buttons), to update it in place. */
  private listed = '';
  private refreshTicket = 0;
  private listening = false;

  constructor() {
    this.element = el('div', { className: 'run-keeper', hidden: true }, this.button, this.list);
    this.button.addEventListener('click', () => this.toggle(this.button.getAttribute('aria-expanded') !== 'true'));
    this.element.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !this.list.hidden) {
        this.toggle(false);
        this.button.focus();
      }
    });
    document.addEventListener('pointerdown', (e) => {
      if (!this.list.hidden && e.target instanceof Node && !this.element.contains(e.target)) this.toggle(false);
    });
  }

  /** The games' titles; starts watching the stored checkpoints. */
  setGames(games: { id: string; title: string; runs?: { id: string; title: string }[] }[]): void {
    this.titles = new Map(games.map((g) => [g.id, g.title]));
    this.kinds = new Map(games.map((g) => [g.id, new Map((g.runs ?? []).map((k) => [k.id, k.title]))]));
    if (!this.listening) {
      this.listening = true;
      onRunsChanged(() => void this.refresh());
    }
    void this.refresh();
  }

  /** The game's kept panel, made by `make` the first time. */
  panel<P extends KeptPanel>(game: string, make: () => P): P {
    let p = this.panels.get(game) as P | undefined;
    if (!p) {
      p = make();
      this.panels.set(game, p);
      for (const f of this.waiting.get(game) ?? []) f(p);
      this.waiting.delete(game);
    }
    return p;
  }

  /** Whether the game's panel is kept (it was opened in this visit). */
  holds(game: string): boolean {
    return this.panels.has(game);
  }

  /** A game view opened (`showTrain` shows its Train tab) or, with null, closed. */
  viewOf(game: string | null, showTrain?: () => void): void {
    this.open = game && showTrain ? { game, showTrain } : null;
    // A Resume that waited for another game's panel is given up: the visitor went elsewhere.
    for (const g of [...this.waiting.keys()]) if (g !== game) this.waiting.delete(g);
  }

  /** Runs changed (progress, status): the header follows; `stored`: checkpoints may have changed too. */
  changed(stored = false): void {
    if (stored) void this.refresh();
    if (this.renderQueued) return;
    this.renderQueued = true;
    setTimeout(() => {
      this.renderQueued = false;
      this.render();
    }, 250);
  }

  /** Reads the stored checkpoints of runs no panel holds. */
  async refresh(): Promise<void> {
    const ticket = ++this.refreshTicket;
    let cps: Checkpoint[];
    let elsewhere: Set<string>;
    try {
      [cps, elsewhere] = await Promise.all([(await openLibrary()).checkpoints(), runsElsewhere()]);
    } catch {
      // Storage that cannot be read: the Train tab says why.
      return;
    }
    if (ticket !== this.refreshTicket) return;
    this.unfinished = cps.filter((c) => this.titles.has(c.game) && c.gamesPlayed < c.gamesTotal && !elsewhere.has(c.runId)).sort((a, b) => a.savedAt - b.savedAt);
    this.render();
  }

  private rows(): Row[] {
    const rows: Row[] = [];
    const held = new Set<string>();
    for (const [game, panel] of this.panels) {
      for (const r of panel.runs()) {
        held.add(r.id);
        if (r.status === 'finished' || r.status === 'stopped') continue;
        rows.push({
          game,
          id: r.id,
          text: runText(r.name, this.kinds.get(game)?.get(r.kind), r.label),
          study: r.label,
          status: r.status,
          games: r.games,
          resumable: r.status === 'paused' || r.status === 'crashed',
        });
      }
    }
    for (const cp of this.unfinished) {
      if (held.has(cp.runId)) continue;
      const s = (cp.settings ?? {}) as { label?: unknown };
      const label = typeof s.label === 'string' ? s.label : '';
      rows.push({
        game: cp.game,
        id: cp.runId,
        text: runText('', this.kinds.get(cp.game)?.get(cp.algorithm), label),
        study: label,
        status: 'unfinished',
        games: cp.gamesPlayed,
        resumable: true,
      });
    }
    return rows;
  }

  private render(): void {
    const rows = this.rows();
    const training = rows.filter((r) => r.status === 'running' || r.status === 'starting').length;
    const waiting = rows.length - training;
    this.element.hidden = rows.length === 0;
    if (rows.length === 0) this.toggle(false);
    const d = this.button.dataset;
    d.training = String(training);
    d.waiting = String(waiting);
    // On a phone the numbers only (the words come back in the list).
    const part = (n: number, words: string) => [el('span', {}, String(n)), el('span', { className: 'run-keeper-words' }, ` ${words}`)];
    this.button.replaceChildren(
      el('span', { className: training > 0 ? 'run-keeper-dot on' : 'run-keeper-dot', 'aria-hidden': 'true' }),
      ...(training > 0 ? part(training, 'training') : []),
      ...(training > 0 && waiting > 0 ? [' · '] : []),
      ...(waiting > 0 ? part(waiting, 'to resume') : []),
    );
    this.button.setAttribute(
      'aria-label',
      `Training runs: ${training} training${waiting > 0 ? `, ${waiting} paused or unfinished` : ''}. Show the list.`,
    );
    this.button.title = 'The page’s training runs, in every game: they go on while you play or look at another game.';
    if (!this.list.hidden) this.fillList(rows);
  }

  private fillList(rows: Row[]): void {
    // While the list is open, progress only changes its words: the rows and
    // their buttons stay, so focus and a finger on a button are kept.
    const shape = rows.map((r) => `${r.game}/${r.id}/${r.resumable}/${this.open?.game === r.game}`).join('|');
    if (shape === this.listed && !this.list.hidden) {
      const items = this.list.querySelectorAll<HTMLElement>('li[data-testid="kept-run"]');
      rows.forEach((r, i) => {
        const li = items[i];
        if (!li) return;
        li.dataset.status = r.status;
        li.dataset.games = String(r.games);
        const hint = li.querySelector('.hint');
        if (hint) hint.textContent = this.hint(r);
      });
      return;
    }
    this.listed = shape;
    this.list.replaceChildren(el('h2', {}, 'Training runs'));
    const ul = el('ul', {});
    for (const r of rows) {
      const title = this.titles.get(r.game) ?? r.game;
      const go = el('button', { type: 'button', 'data-testid': 'kept-run-open' }, this.open?.game === r.game ? 'Show' : `Open ${title}`);
      go.addEventListener('click', () => void this.goTo(r.game));
      const buttons: HTMLElement[] = [go];
      if (r.resumable) {
        const resume = el('button', { type: 'button', className: 'primary', 'data-testid': 'kept-run-resume', 'aria-label': resumeRunLabel(title, r.text) }, 'Resume');
        resume.addEventListener('click', () => {
          resume.disabled = true;
          void this.resume(r.game, r.id);
        });
        buttons.unshift(resume);
      }
      ul.append(
        el(
          'li',
          { 'data-testid': 'kept-run', 'data-game': r.game, 'data-status': r.status, 'data-games': String(r.games) },
          el('p', { title: r.study ? `The run in the study’s words: ${r.study}` : '' }, el('strong', {}, title), ` · ${r.text}`),
          el('p', { className: 'hint' }, this.hint(r)),
          el('div', { className: 'controls' }, ...buttons),
        ),
      );
    }
    this.list.append(ul);
  }

  private hint(r: Row): string {
    const games = r.status === 'unfinished' ? `${count(r.games)} games at its last checkpoint` : `${count(r.games)} games`;
    return `${STATUS_WORDS[r.status]} · ${games}`;
  }

  private toggle(open: boolean): void {
    const opening = open && this.list.hidden;
    this.list.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
    if (opening) this.listed = '';
    if (open) this.fillList(this.rows());
  }

  /** Shows the game's Train tab: at once if its view is open, else by opening the game. */
  private goTo(game: string): Promise<KeptPanel> {
    this.toggle(false);
    if (this.open?.game === game) {
      this.open.showTrain();
    } else {
      location.hash = `#/${game}?tab=train`;
    }
    const held = this.panels.get(game);
    if (held) return Promise.resolve(held);
    return new Promise((resolve) => this.waiting.set(game, [...(this.waiting.get(game) ?? []), resolve]));
  }

  private async resume(game: string, runId: string): Promise<void> {
    try {
      const panel = this.panels.get(game) ?? (await this.goTo(game));
      await panel.resume(runId);
    } catch (e) {
      showNotice(`The run could not resume: ${messageOf(e)}`);
    }
    this.changed(true);
  }
}

/** The page's one keeper. */
export const keeper = new RunKeeper();
