// The page: a header with the games and one view at a time, chosen by the
// address (#/ for the list, #/othello?first=human&second=mvb&seed=7 for a game).

import './style.css';
import { el } from './dom';
import { Engine } from './engine';
import { GAMES, gameInfo } from './games';
import { messageOf, showNotice } from './notices';
import { gameView, type View } from './views/game';
import { landingView } from './views/landing';

window.addEventListener('error', (e) => {
  // The browser's note that a resize was delivered a frame later is not a failure.
  if (e.message.startsWith('ResizeObserver loop')) return;
  showNotice(`Something went wrong: ${e.message}`);
});
window.addEventListener('unhandledrejection', (e) => showNotice(`Something went wrong: ${messageOf(e.reason)}`));

const engine = new Engine();

const nav = el('nav', { 'aria-label': 'Games' });
const header = el(
  'header',
  { className: 'site-header' },
  el('a', { href: '#/', className: 'brand' }, 'Selfplay'),
  nav,
);
const outlet = el('div', { className: 'outlet' });
document.body.append(header, outlet);

function renderNav(active: string | null): void {
  nav.replaceChildren(
    ...GAMES.map((g) =>
      g.built
        ? el('a', { href: `#/${g.id}`, 'aria-current': g.id === active ? 'page' : undefined }, g.title)
        : el('span', { className: 'soon', title: `${g.title} is coming soon` }, g.title, el('small', {}, 'soon')),
    ),
  );
}

let view: View | null = null;

function route(): void {
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?');
  const params = new URLSearchParams(query ?? '');
  const game = gameInfo(path);
  view?.destroy();
  view = game && game.built ? gameView(game, engine, params) : landingView();
  renderNav(game && game.built ? game.id : null);
  outlet.replaceChildren(view.element);
  // A new view starts at its top (a hash change keeps the old scroll position).
  window.scrollTo(0, 0);
  document.title = game && game.built ? `${game.title} · Selfplay` : 'Selfplay';
}

window.addEventListener('hashchange', route);
route();
