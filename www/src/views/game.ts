// A game's page: the board, and a side panel with tabs. Every game has the
// same shape. Tabs are a list: Play now; Train, Experiments and Models add
// themselves to `tabsFor` when they exist (no empty tabs are shown).

import { createBoard } from '../boards';
import type { BoardView } from '../boards/board';
import { el } from '../dom';
import type { Engine } from '../engine';
import type { GameInfo } from '../games';
import { messageOf, showNotice } from '../notices';
import { ModelLibrary } from '../storage';
import { ModelsPanel } from './models';
import { PlayPanel } from './play';
import { TrainPanel } from './train';
import { hareHoundsTabs } from '../hh/tabs';

/** One tab of the side panel. */
export interface Tab {
  id: string;
  label: string;
  element: HTMLElement;
  /** Called when the tab becomes visible. */
  shown?(): void;
  destroy?(): void;
}

export interface View {
  element: HTMLElement;
  destroy(): void;
}

/**
 * Loads the library model `name` ("net:<id>") as a player with the link's
 * players and seed; if it is not in this browser's library, says so and
 * starts the game with the other players.
 */
async function loadLinkedNet(
  libraryOpening: Promise<ModelLibrary>,
  play: PlayPanel,
  name: string,
  players: [string, string],
  seed: number | undefined,
): Promise<void> {
  try {
    const library = await libraryOpening;
    const id = name.slice('net:'.length);
    const [meta, bytes] = await Promise.all([library.meta(id), library.bytes(id)]);
    await play.addNetPlayer(name, meta.name, bytes, players, seed);
  } catch (e) {
    showNotice(`The network named in the link could not be loaded (${messageOf(e)}); it has been replaced by a human player.`);
    await play.start();
  }
}

/** The tabs of a game's side panel, in order. */
function tabsFor(
  game: GameInfo,
  engine: Engine,
  board: BoardView,
  params: URLSearchParams,
  showTab: (id: string) => void,
): Tab[] {
  const first = params.get('first');
  const second = params.get('second');
  const players: [string, string] | undefined = first && second ? [first, second] : undefined;
  const seedParam = Number(params.get('seed'));
  const seed = Number.isInteger(seedParam) && seedParam >= 0 && params.has('seed') ? seedParam : undefined;
  const play = new PlayPanel(game, engine, board, { controllers: players && [...players], seed });
  const restoring = engine.onRestart(() => void play.restore());
  // A link (or a reload) naming a network from the library as a player
  // ("net:<model id>") loads that network before the first game.
  const library = game.id === 'othello' ? ModelLibrary.open() : null;
  const linked = players?.find((c) => c.startsWith('net:'));
  const starting = library && players && linked ? loadLinkedNet(library, play, linked, players, seed) : play.start();
  starting.catch((e: unknown) => showNotice(messageOf(e)));
  const tabs: Tab[] = [
    {
      id: 'play',
      label: 'Play',
      element: play.element,
      destroy() {
        restoring();
        play.destroy();
      },
    },
  ];
  if (game.id === 'hare_hounds') tabs.push(...hareHoundsTabs(engine, board, play.element, showTab));
  // Training and the model library exist for the Othello Q-network so far.
  if (!library) return tabs;
  const playAgainst = async (name: string, label: string, bytes: Uint8Array) => {
    await play.addNetPlayer(name, label, bytes);
    showTab('play');
  };
  const train = new TrainPanel({ engine, library, playAgainst });
  const models = new ModelsPanel({
    game: game.id,
    engine,
    library,
    playAgainst,
    async continueTraining(bytes, gamesTrained) {
      showTab('train');
      await train.continueFrom(bytes, gamesTrained);
    },
  });
  tabs.push(
    { id: 'train', label: 'Train', element: train.element, shown: () => train.shown(), destroy: () => train.destroy() },
    { id: 'models', label: 'Models', element: models.element, shown: () => models.shown(), destroy: () => models.destroy() },
  );
  return tabs;
}

export function gameView(game: GameInfo, engine: Engine, params: URLSearchParams): View {
  const board = createBoard(game.id);
  if (!board) {
    const element = el('main', { className: 'coming' }, el('h1', {}, game.title), el('p', {}, `${game.title} is coming soon.`));
    return { element, destroy() {} };
  }
  let showTab: (id: string) => void = () => {};
  const tabs = tabsFor(game, engine, board, params, (id) => showTab(id));

  const tablist = el('div', { className: 'tabs', role: 'tablist', 'aria-label': `${game.title} panels` });
  const panels = el('div', { className: 'tab-panels' });
  const buttons: HTMLButtonElement[] = [];
  const select = (i: number, focus: boolean) => {
    tabs.forEach((t, j) => {
      const on = i === j;
      buttons[j].setAttribute('aria-selected', String(on));
      buttons[j].tabIndex = on ? 0 : -1;
      t.element.hidden = !on;
    });
    if (focus) buttons[i].focus();
    tabs[i].shown?.();
  };
  tabs.forEach((t, i) => {
    const b = el('button', { type: 'button', role: 'tab', id: `tab-${t.id}`, 'aria-controls': `panel-${t.id}` }, t.label);
    b.addEventListener('click', () => select(i, false));
    b.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (d) {
        e.preventDefault();
        select((i + d + tabs.length) % tabs.length, true);
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
    if (i >= 0) select(i, false);
  };
  const initial = tabs.findIndex((t) => t.id === params.get('tab'));
  select(Math.max(0, initial), false);

  const about = el(
    'section',
    { className: 'about' },
    el('h2', {}, `About ${game.title}`),
    ...game.about.map((p) => el('p', {}, p)),
  );
  const element = el(
    'main',
    { className: 'game-view', 'data-game': game.id },
    el('div', { className: 'board-area' }, board.element),
    el('aside', { className: 'side-panel' }, el('h1', {}, game.title), tablist, panels, about),
  );
  return {
    element,
    destroy() {
      for (const t of tabs) t.destroy?.();
      board.destroy();
    },
  };
}
