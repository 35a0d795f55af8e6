// The page: a header with the games and one view at a time, chosen by the
// address (#/ for the list, #/othello?first=human&second=mvb&seed=7 for a
// game). The game list and the start positions come with the page's code
// (core/start.ts), so the frame, the games and a board are drawn at once;
// the engine's module downloads after that (its progress on the board's
// status), in a worker: it is never compiled on the page's thread.

import './style.css';
import { el, markOnce } from './core/dom';
import { Engine } from './core/engine';
import { clearNotices, messageOf, placeNotices, showNotice } from './core/notices';
import type { GameInfo } from './core/protocol';
import { START } from './core/start';
import { pluginOf } from './games';
import type { View } from './ui/game-view';
import { landingView } from './ui/landing';
import { boundedParam, splitHash } from './ui/address';

window.addEventListener('error', (e) => {
  // The browser's note that a resize was delivered a frame later is not a failure.
  if (e.message.startsWith('ResizeObserver loop')) return;
  showNotice(`Something went wrong: ${e.message}`);
});
window.addEventListener('unhandledrejection', (e) => showNotice(`Something went wrong: ${messageOf(e.reason)}`));

// The view decides where it starts (the top, or what a visitor needs next);
// a reload must not put the page back where an old scroll left it.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';


// The engine's silence limit: 15 s, or `?silenceMs=` (1 to 60 s) for tests.
const engine = new Engine(boundedParam(location.hash, 'silenceMs', 1_000, 60_000, 15_000));

const nav = el('nav', { 'aria-label': 'Games' });
const header = el('header', { className: 'site-header' }, el('a', { href: '#/', className: 'brand' }, 'Selfplay'), nav);
const outlet = el('div', { className: 'outlet' });
// The notices' place when the view has none of its own (a game's view keeps them under its tabs).
const noticeHome = el('div', { className: 'notice-home' });
document.body.append(header, noticeHome, outlet);
placeNotices(noticeHome);

/** A game the page can play: the engine plays it and the page has its plug-in. */
const playable = (g: GameInfo) => g.built && pluginOf(g.id) !== undefined;

/**
 * A game's link in the header: its title, and on a phone its short name
 * where it has one, so that every name is whole.
 */
function gameLink(g: GameInfo, active: string | null): HTMLElement {
  const short = pluginOf(g.id)?.shortTitle;
  const current = g.id === active ? 'page' : undefined;
  if (!short) return el('a', { href: `#/${g.id}`, 'aria-current': current }, g.title);
  return el(
    'a',
    { href: `#/${g.id}`, 'aria-current': current, 'aria-label': g.title, title: g.title },
    el('span', { className: 'title-full', 'aria-hidden': 'true' }, g.title),
    el('span', { className: 'title-short', 'aria-hidden': 'true' }, short),
  );
}

function renderNav(games: GameInfo[], active: string | null): void {
  nav.replaceChildren(
    ...games.map((g) =>
      playable(g)
        ? gameLink(g, active)
        : el('span', { className: 'soon', title: `${g.title} is coming soon` }, g.title, el('small', {}, 'soon')),
    ),
  );
}

/** Scrolls the games' bar (it scrolls sideways on a narrow screen) so that the open game's name is in view. */
function showCurrentGame(): void {
  const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current) {
    nav.scrollLeft = 0;
    return;
  }
  const bar = nav.getBoundingClientRect();
  const link = current.getBoundingClientRect();
  if (link.right > bar.right) nav.scrollLeft += link.right - bar.right;
  else if (link.left < bar.left) nav.scrollLeft -= bar.left - link.left;
}

let view: View | null = null;

// A game's view (board, panels) is loaded when a game is first opened — at
// once when the address names one — so that the landing view starts with
// less code.
let gameViews: Promise<typeof import('./ui/game-view')> | null = null;
const loadGameView = () => (gameViews ??= import('./ui/game-view'));
/** The path of "About the studies" (`#/about`, `#/about?study=<game>`). */
const ABOUT = 'about';
const gamePath = () => splitHash(location.hash);

let routes = 0;

async function route(games: GameInfo[]): Promise<void> {
  const ticket = ++routes;
  const [path, query] = gamePath();
  const params = new URLSearchParams(query ?? '');
  const game = games.find((g) => g.id === path && playable(g));
  const plugin = game && pluginOf(game.id);
  const views = game && plugin ? await loadGameView() : null;
  const studies = path === ABOUT ? await import('./ui/studies') : null;
  // A later change of address has its own view.
  if (ticket !== routes) return;
  view?.destroy();
  // What was said about the last game stays with it.
  if (view) clearNotices();
  placeNotices(noticeHome);
  view =
    game && plugin && views
      ? views.gameView(game, plugin, games, engine, params)
      : studies
        ? studies.studiesView(
            games.filter(playable).map((info) => ({ info, plugin: pluginOf(info.id)! })),
            params.get('study'),
          )
        : landingView(games, playable);
  renderNav(games, game ? game.id : null);
  outlet.replaceChildren(view.element);
  showCurrentGame();
  if (!game)
    requestAnimationFrame(() => {
      markOnce('first-view');
      // The landing view has nothing more to start.
      markOnce('started');
    });
  // A new view starts at its top (a hash change keeps the old scroll position).
  window.scrollTo(0, 0);
  document.title = game ? `${game.title} · Selfplay` : studies ? 'About the studies · Selfplay' : 'Selfplay';
}

async function boot(): Promise<void> {
  const games = START.games;
  const go = () =>
    route(games).catch((e: unknown) => {
      gameViews = null;
      showNotice(`The page could not load: ${messageOf(e)}`);
    });
  window.addEventListener('hashchange', () => void go());
  // The engine's download starts with the first view's code: on a slow link
  // the module is most of what comes, and the view's code is small.
  engine.start();
  await go();
  // Offline after the first visit, and installable (public/sw.js,
  // public/manifest.webmanifest); registered once the engine has loaded, so
  // that the copies for offline use never slow the first start.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const off = engine.onLoading((loaded) => {
      if (loaded !== null) return;
      queueMicrotask(() => off());
      void import('./ui/offline').then((m) => m.registerOffline(header), () => undefined);
    });
  }
  // The header's list of training runs (of every game; unfinished ones after a reload), loaded after the first view.
  void import('./ui/run-keeper').then(
    ({ keeper }) => {
      header.append(keeper.element);
      keeper.setGames(games.filter(playable));
    },
    () => undefined,
  );
}

void boot();
