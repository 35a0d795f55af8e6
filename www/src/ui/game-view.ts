// A game's page, the same shape for every game: the board, and a side panel
// with the tabs Play, Train (when the engine has runs for the game) and
// Models, then a text for students. The title, sides, players and runs come
// from the engine's game list; the board, the text and a few hooks from the
// game's plug-in.

import { el } from '../core/dom';
import type { Engine } from '../core/engine';
import { openLibrary } from '../core/models';
import { messageOf, showNotice } from '../core/notices';
import type { GameInfo } from '../core/protocol';
import type { ModelMeta } from '../core/storage';
import { Thinker } from '../core/thinker';
import type { GamePlugin, Section } from '../games/plugin';
import { ModelsPanel } from './models-panel';
import { MODEL, PlayPanel } from './play-panel';
import { RecordSection } from './record-section';
import { RunsPanel } from './runs-panel';

/** One tab of the side panel. */
interface Tab {
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

function playersOf(params: URLSearchParams): [string, string] | undefined {
  const first = params.get('first');
  const second = params.get('second');
  return first && second ? [first, second] : undefined;
}

function seedOf(params: URLSearchParams): number | undefined {
  const v = Number(params.get('seed'));
  return params.has('seed') && Number.isInteger(v) && v >= 0 ? v : undefined;
}

export function gameView(info: GameInfo, plugin: GamePlugin, games: GameInfo[], engine: Engine, params: URLSearchParams): View {
  const board = plugin.board(info);
  const library = openLibrary();
  const thinker = new Thinker();
  let showTab: (id: string) => void = () => {};

  const play = new PlayPanel(info, engine, thinker, board, library, plugin.sideMarkers, {
    controllers: playersOf(params),
    seed: seedOf(params),
    moves: params.get('moves')?.split(' ').filter(Boolean),
    at: params.has('at') ? Number(params.get('at')) : undefined,
    // A model the address names that this browser lacks is imported as in the Models tab.
    importModels: (files) => models.importFiles(files, false),
  });
  const restoring = engine.onRestart(() => void play.restore());
  play.start().catch((e: unknown) => showNotice(messageOf(e)));
  play.element.append(new RecordSection(info, plugin.record, play).element);
  const sections: Section[] = plugin.playSections?.({ info, thinker, play }) ?? [];
  for (const s of sections) play.element.append(s.element);

  const playAgainst = async (name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null) => {
    await play.playAgainst(name, label, side, bytes);
    showTab('play');
    // The board is at the top of the view on every screen: show it whole.
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
  let runs: RunsPanel | null = null;
  if (info.runs.length > 0) {
    const r = new RunsPanel({
      info,
      engine,
      library,
      hooks: plugin.runHooks?.({ info, board, showTab: (id) => showTab(id) }) ?? null,
      playAgainst: (name, label, side, bytes) => playAgainst(name, label, side, bytes),
    });
    runs = r;
    tabs.push({ id: 'train', label: 'Train', element: r.element, shown: () => r.shown(), destroy: () => r.destroy() });
  }
  const models = new ModelsPanel({
    info,
    titles: new Map(games.map((g) => [g.id, g.title])),
    engine,
    library,
    playAgainst: (meta: ModelMeta) => playAgainst(`${MODEL}${meta.id}`, meta.name, meta.side ?? null, null),
    async continueTraining(meta, bytes) {
      if (!runs) throw new Error(`${info.title} has no training runs`);
      showTab('train');
      runs.continueFrom(meta, bytes);
    },
  });
  tabs.push({ id: 'models', label: 'Models', element: models.element, shown: () => models.shown(), destroy: () => models.destroy() });

  const tablist = el('div', { className: 'tabs', role: 'tablist', 'aria-label': `${info.title} panels` });
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
  select(Math.max(0, tabs.findIndex((t) => t.id === params.get('tab'))), false);

  const about = el('section', { className: 'about' }, el('h2', {}, `About ${info.title}`), ...plugin.about.map((p) => el('p', {}, p)));
  const element = el(
    'main',
    { className: 'game-view', 'data-game': info.id },
    el('div', { className: 'board-area' }, board.element),
    el('aside', { className: 'side-panel' }, el('h1', {}, info.title), tablist, panels, about),
  );
  return {
    element,
    destroy() {
      for (const t of tabs) t.destroy?.();
      board.destroy();
      thinker.terminate();
    },
  };
}
