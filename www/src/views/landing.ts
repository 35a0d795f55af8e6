// The landing view: the four games, those not built yet marked as coming.

import { el } from '../dom';
import { GAMES } from '../games';
import type { View } from './game';

export function landingView(): View {
  const list = el('ul', { className: 'game-cards' });
  for (const g of GAMES) {
    const body = [el('h2', {}, g.title), el('p', {}, g.blurb)];
    list.append(
      el(
        'li',
        { className: g.built ? 'card' : 'card coming' },
        g.built
          ? el('a', { href: `#/${g.id}`, 'data-testid': `open-${g.id}` }, ...body, el('span', { className: 'badge play' }, 'Play'))
          : el('div', { 'aria-disabled': 'true' }, ...body, el('span', { className: 'badge' }, 'Coming soon')),
      ),
    );
  }
  const element = el(
    'main',
    { className: 'landing' },
    el('h1', {}, 'Board-game agents that teach themselves'),
    el(
      'p',
      { className: 'lead' },
      'Play classic board games against the fixed strategies that learning agents are measured against. ' +
        'Everything runs in your browser: the rules and players are Rust compiled to WebAssembly, in a background worker.',
    ),
    list,
  );
  return { element, destroy() {} };
}
