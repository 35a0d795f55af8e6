// The landing view: every game of the engine's list, those the page cannot
// play yet marked as coming.

import { el } from '../core/dom';
import type { GameInfo } from '../core/protocol';
import type { View } from './game-view';

export function landingView(games: GameInfo[], playable: (g: GameInfo) => boolean): View {
  const list = el('ul', { className: 'game-cards' });
  for (const g of games) {
    const body = [el('h2', {}, g.title), el('p', {}, g.blurb)];
    const open = playable(g);
    list.append(
      el(
        'li',
        { className: open ? 'card' : 'card coming' },
        open
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
      'Agents that learn board games from their own play, right here in your browser. Play against them, the ',
      el('a', { href: '#/about' }, 'studies’'),
      ' fixed strategies and perfect solvers; train your own and watch its learning curves grow; keep what it learned in your ' +
        'library, download it as a file, and share it — anyone can import the file and play against it. Nothing to install: ' +
        'the rules, players and learners are Rust compiled to WebAssembly, running in background workers.',
    ),
    el('p', { className: 'landing-links' }, el('a', { href: '#/about', 'data-testid': 'about-studies' }, 'About the studies'), ' — what each game’s study did and found, and what the playground reproduces and adds.'),
    list,
  );
  return { element, destroy() {} };
}
