// A game's page, the same shape for every game: the board, and a side panel
// with the tabs Play, Train (when the engine has runs for the game), Models
// and Ladder (when the game has a rating ladder), then a text for students.
// The title, sides, players and runs come from the engine's game list; the
// board, the text and a few hooks from the game's plug-in. On a wide screen
// the board's column is lent, while the board is idle, to a chart that asks
// for it (board-place.ts); the board comes back for the Play tab, a watched
// run, a narrow screen, or when the view goes.

import { LendableBoard } from '../boards/lend';
import { BoardPlace } from '../core/board-place';
import { el, markOnce } from '../core/dom';
import type { Engine } from '../core/engine';
import { openLibrary } from '../core/models';
import { messageOf, placeNotices, showNotice } from '../core/notices';
import type { GameInfo } from '../core/protocol';
import type { ModelMeta } from '../core/storage';
import { Thinker } from '../core/thinker';
import type { GamePlugin, Section } from '../games/plugin';
import type { ModelsPanel } from './models-panel';
import { MODEL, PlayPanel } from './play-panel';
import { RecordSection } from './record-section';
import { SolveSection, solverOf } from './solve-section';
import type { RunsPanel } from './runs/panel';
import { readGameAddress } from './address';
import { COMMON_TERMS, glossed, studyLinks, useTerms } from './glossary';
import { keeper } from './run-keeper';
import { START } from '../core/start';

/** The tab each game was left on, by game: a visitor who comes back finds it again (for this tab of the browser). */
const TAB_KEY = 'selfplay-tab-';

function keptTab(game: string): string | null {
  try {
    return sessionStorage.getItem(TAB_KEY + game);
  } catch {
    return null;
  }
}

function keepTab(game: string, tab: string): void {
  try {
    sessionStorage.setItem(TAB_KEY + game, tab);
  } catch {
    // Without storage the tab is not kept.
  }
}

/** Board and side panel side by side: the same breakpoint as style.css's `.game-view` columns. */
const WIDE = '(min-width: 761px)';

/** One tab of the side panel. */
interface Tab {
  id: string;
  label: string;
  element: HTMLElement;
  /** Called when the tab becomes visible; done when its panel is built and shown. */
  shown?(): Promise<void> | void;
  destroy?(): void;
}

export interface View {
  element: HTMLElement;
  destroy(): void;
}

/** A panel of a tab. */
interface Panel {
  element: HTMLElement;
  shown(): void;
  destroy(): void;
}

/**
 * A tab's panel built, and its code fetched, when it is first needed (shown
 * or used), so that the page starts with the Play tab's code only and draws
 * its board sooner.
 */
class LazyPanel<P extends Panel> {
  readonly element = el('div', { className: 'lazy-panel', 'aria-busy': 'true' }, el('p', { className: 'loading' }, 'Loading…'));
  private panel: Promise<P> | null = null;
  private destroyed = false;

  constructor(private readonly make: () => Promise<P>) {}

  /** The panel, loading it the first time. */
  get(): Promise<P> {
    this.panel ??= this.make().then(
      (p) => {
        if (this.destroyed) p.destroy();
        else {
          this.element.replaceChildren(p.element);
          this.element.removeAttribute('aria-busy');
        }
        return p;
      },
      (e: unknown) => {
        this.panel = null;
        this.element.replaceChildren(el('p', {}, `This panel could not load: ${messageOf(e)}. Reload the page to try again.`));
        throw e;
      },
    );
    return this.panel;
  }

  shown(): Promise<void> {
    return this.get().then(
      (p) => p.shown(),
      (e: unknown) => void showNotice(messageOf(e)),
    );
  }

  destroy(): void {
    this.destroyed = true;
    void this.panel?.then((p) => p.destroy()).catch(() => {});
  }
}

export function gameView(info: GameInfo, plugin: GamePlugin, games: GameInfo[], engine: Engine, params: URLSearchParams): View {
  // The words the view's forms explain: the common ones and the game's.
  const terms = [...COMMON_TERMS, ...(plugin.glossary ?? [])];
  useTerms(terms);
  const address = readGameAddress(params);
  // The Play tab's board, lent to the Train tab while a run is watched.
  const lendable = new LendableBoard(plugin.board(info));
  const board = lendable.shared;
  // What a chart shows in the board's place goes in `place`, the board hidden meanwhile.
  const place = el('div', { className: 'board-place', 'data-testid': 'board-place', hidden: true });
  const boardArea = el('div', { className: 'board-area' }, board.element, place);
  const element = el('main', { className: 'game-view', 'data-game': info.id });
  const boardPlace = new BoardPlace(element, matchMedia(WIDE), {
    slot: place,
    show(borrowed) {
      boardArea.classList.toggle('board-away', borrowed);
      place.hidden = !borrowed;
    },
    // The stylesheet shows the buttons that ask for the place only where it is offered.
    offer(on) {
      if (on) element.dataset.boardPlace = 'offered';
      else delete element.dataset.boardPlace;
    },
    // A watched run's games leave the board (the run goes back to full speed).
    free: () => lendable.takeBack(),
  });
  const library = openLibrary();
  const thinker = new Thinker();
  let showTab: (id: string) => void = () => {};

  const moveWords = plugin.moveWords ?? ((move: string) => move);
  const play = new PlayPanel(info, engine, thinker, board, library, plugin.sideMarkers, {
    moveWords,
    controllers: address.controllers ?? plugin.defaultPlayers,
    seed: address.seed,
    moves: address.moves,
    at: address.at,
    settings: address.settings,
    start: START.starts[info.id] ? { state: START.starts[info.id], wasmBytes: START.wasmBytes.first } : undefined,
    // A model the address names that this browser lacks is imported as in the Models tab.
    importModels: (files) => models.get().then((m) => m.importFiles(files, false)),
  });
  const restoring = engine.onRestart(() => void play.restore());
  // A computer plays: its worker starts with the view, not at its first move.
  if ((address.controllers ?? plugin.defaultPlayers ?? []).some((c) => c !== 'human')) thinker.prepare();
  const boardDrawn = play
    .start()
    // The first board of the visit is on screen: `performance.mark` lets a
    // test (and the browser's performance panel) time the page's start.
    .then(
      () =>
        // The other tabs' code is not fetched ahead: compiling it on the page's
        // thread while a game is played could hold up a move.
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            markOnce('first-board');
            resolve();
          }),
        ),
    )
    .catch((e: unknown) => void showNotice(messageOf(e)));
  play.element.append(new RecordSection(info, plugin.record, play).element);
  const sections: Section[] = plugin.playSections?.({ info, thinker, play }) ?? [];
  // A game whose engine solves positions exactly gets "Solve exactly".
  const solver = solverOf(info);
  if (solver) sections.push(new SolveSection(info, solver, play, plugin.scoreWords));
  for (const s of sections) play.element.append(s.element);

  const playAgainst = async (name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null) => {
    await play.playAgainst(name, label, side, bytes);
    showTab('play');
    // The board is at the top of the view on every screen: show it whole.
    window.scrollTo(0, 0);
  };
  const match = async (first: string, second: string) => {
    await play.playMatch(first, second);
    showTab('play');
    window.scrollTo(0, 0);
  };
  const tabs: Tab[] = [
    {
      id: 'play',
      label: 'Play',
      element: play.element,
      destroy() {
        restoring();
        for (const s of sections) s.destroy?.();
        play.destroy();
      },
    },
  ];
  let runs: LazyPanel<{ element: HTMLElement; panel: RunsPanel; shown(): void; destroy(): void }> | null = null;
  if (info.runs.length > 0) {
    const r = new LazyPanel(async () => {
      const { RunsPanel } = await import('./runs/panel');
      const host = {
        info,
        moveWords,
        engine,
        library,
        hooks: plugin.runHooks?.({ info, board, showTab: (id: string) => showTab(id), showBoard: () => boardPlace.recall() }) ?? null,
        lendBoard: (taken: () => void) => {
          boardPlace.recall();
          return lendable.lend(taken);
        },
        boardArea,
        playAgainst: (name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null) => playAgainst(name, label, side, bytes),
        match: (first: string, second: string) => match(first, second),
        weights: (bytes: Uint8Array) => thinker.weights(bytes),
      };
      // The game's runs belong to the page: the panel made at the game's first
      // visit is lent to this view, and only left (its runs go on) when the view goes.
      const panel = keeper.panel(info.id, () => new RunsPanel(host));
      panel.attach(host);
      return { element: panel.element, panel, shown: () => panel.shown(), destroy: () => panel.leave() };
    });
    runs = r;
    tabs.push({ id: 'train', label: 'Train', element: r.element, shown: () => r.shown(), destroy: () => r.destroy() });
  }
  const models: LazyPanel<ModelsPanel> = new LazyPanel(async () => {
    const { ModelsPanel } = await import('./models-panel');
    return new ModelsPanel({
      info,
      titles: new Map(games.map((g) => [g.id, g.title])),
      engine,
      library,
      playAgainst: (meta: ModelMeta) => playAgainst(`${MODEL}${meta.id}`, meta.name, meta.side ?? null, null),
      playReady: (name, label, side) => playAgainst(name, label, side, null),
      async continueTraining(meta, bytes) {
        if (!runs) throw new Error(`${info.title} has no training runs`);
        showTab('train');
        (await runs.get()).panel.continueFrom(meta, bytes);
      },
      weights: (bytes) => thinker.weights(bytes),
    });
  });
  tabs.push({ id: 'models', label: 'Models', element: models.element, shown: () => models.shown(), destroy: () => models.destroy() });
  // A game with a rating ladder gets the Ladder tab.
  if (info.ladderOpenings > 0) {
    const ladder = new LazyPanel(async () => {
      const { LadderPanel } = await import('./ladder/panel');
      const panel = new LadderPanel({ info, library });
      await panel.start();
      return panel;
    });
    tabs.push({ id: 'ladder', label: 'Ladder', element: ladder.element, shown: () => ladder.shown(), destroy: () => ladder.destroy() });
  }

  const tablist = el('div', { className: 'tabs', role: 'tablist', 'aria-label': `${info.title} panels` });
  const panels = el('div', { className: 'tab-panels' });
  // The game's notices go under its tabs, in the page's flow: they push the
  // panel down rather than cover it.
  const notices = el('div', { className: 'notice-slot' });
  placeNotices(notices);
  const buttons: HTMLButtonElement[] = [];
  const select = (i: number, focus: boolean) => {
    // The Play tab plays on the board: it comes back.
    if (tabs[i].id === 'play') boardPlace.recall();
    tabs.forEach((t, j) => {
      const on = i === j;
      buttons[j].setAttribute('aria-selected', String(on));
      buttons[j].tabIndex = on ? 0 : -1;
      t.element.hidden = !on;
    });
    if (focus) buttons[i].focus();
    keepTab(info.id, tabs[i].id);
    return tabs[i].shown?.();
  };
  // Where the panels are under the board (a narrow screen), a tab other than
  // the first brings its panel up: the tabs just under the header, the
  // panel's first controls (a preset and Start) on screen.
  const bringUp = (i: number) => {
    if (i > 0 && boardArea.getBoundingClientRect().bottom <= tablist.getBoundingClientRect().top) tablist.scrollIntoView({ block: 'start' });
  };
  tabs.forEach((t, i) => {
    const b = el('button', { type: 'button', role: 'tab', id: `tab-${t.id}`, 'aria-controls': `panel-${t.id}` }, t.label);
    b.addEventListener('click', () => {
      void select(i, false);
      bringUp(i);
    });
    b.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (d) {
        e.preventDefault();
        void select((i + d + tabs.length) % tabs.length, true);
      }
    });
    buttons.push(b);
    tablist.append(b);
    t.element.id = `panel-${t.id}`;
    t.element.setAttribute('role', 'tabpanel');
    t.element.setAttribute('aria-labelledby', `tab-${t.id}`);
    panels.append(t.element);
  });
  showTab = (id) => {
    const i = tabs.findIndex((t) => t.id === id);
    if (i >= 0) void select(i, false);
  };
  keeper.viewOf(info.id, () => {
    showTab('train');
    window.scrollTo(0, 0);
  });
  // A game whose runs are kept opens its Train panel at once, so its cards are ready.
  if (runs && keeper.holds(info.id)) void runs.get().catch(() => undefined);
  // The tab the address names; else, for the game's bare address, the one
  // the visitor left this game on (a link with a game in it opens Play).
  const bare = [...params.keys()].length === 0;
  const first = Math.max(0, tabs.findIndex((t) => t.id === (address.tab ?? (bare ? keptTab(info.id) : null))));
  const tabShown = select(first, false);
  // The view's start is over once the first board is drawn and the tab shown
  // has its panel: the page marks `started` (tests then wait for it to be idle).
  // A view opened on another tab than Play (a link, the tab the visitor
  // left) brings that panel up, as choosing it would.
  void Promise.all([boardDrawn, tabShown]).then(() => {
    if (element.isConnected && window.scrollY === 0) bringUp(first);
    markOnce('started');
  });

  // The game's text for students, its words explained, and the studies it follows.
  const studiesAt = `#/about?study=${encodeURIComponent(info.id)}`;
  const about = el(
    'section',
    { className: 'about' },
    el('h2', {}, `About ${info.title}`),
    ...plugin.about.map((p) => el('p', {}, ...(plugin.studies?.length ? studyLinks(glossed(p, terms), studiesAt) : glossed(p, terms)))),
    ...(plugin.studies?.length
      ? [el('p', {}, el('a', { href: studiesAt, 'data-testid': 'about-study' }, plugin.studies.length > 1 ? 'About the studies' : `About ${plugin.studies[0].name.replace(/^The /, 'the ')}`))]
      : []),
  );
  element.append(boardArea, el('aside', { className: 'side-panel' }, el('h1', {}, info.title), tablist, notices, panels, about));
  return {
    element,
    destroy() {
      keeper.viewOf(null);
      // A chart in the board's place goes back to its panel, which outlives the view.
      boardPlace.destroy();
      for (const t of tabs) t.destroy?.();
      lendable.board.destroy();
      thinker.terminate();
    },
  };
}
