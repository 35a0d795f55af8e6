// "About the studies": for every game, the studies its players and runs
// follow — title, authors, year, institution and where it appeared as far
// as the project records them, what each did and found, what the
// playground reproduces and what it adds — and the glossary of the page's
// words. The texts are the games' own (their plug-ins); `#/about?study=<game>`
// opens at that game's studies.

import { el } from '../core/dom';
import type { GameInfo } from '../core/protocol';
import type { GamePlugin, GlossaryTerm, Study } from '../games/plugin';
import type { View } from './game-view';
import { COMMON_TERMS, glossed } from './glossary';

/** The address of the studies of `game` (or of all of them). */
export function studiesHref(game?: string): string {
  return game ? `#/about?study=${encodeURIComponent(game)}` : '#/about';
}

function studySection(s: Study, terms: GlossaryTerm[]): HTMLElement {
  const title = s.original && s.title ? `${s.original} (“${s.title}”)` : (s.title ?? s.original);
  const facts: [string, string | undefined][] = [
    ['Title', title],
    ['Authors', s.authors],
    ['Kind of work', s.kind],
    ['Institution', s.institution],
    ['Year', s.year],
    ['Published in', s.published],
    ['Cited here as', s.cite],
  ];
  const known = facts.filter((f): f is [string, string] => f[1] !== undefined);
  const part = (heading: string, text: string | undefined) =>
    text === undefined ? [] : [el('h4', {}, heading), el('p', {}, ...glossed(text, terms))];
  return el(
    'section',
    { className: 'study', 'data-testid': 'study' },
    el('h3', {}, s.name),
    known.length > 0
      ? el('dl', { className: 'study-facts' }, ...known.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]))
      : el('p', { className: 'study-facts-missing' }, 'Known here by its methods and results; its title, authors and year are not listed.'),
    ...part('What it did', s.did),
    ...part('What it found', s.found),
    ...part('What the playground reproduces', s.reproduces),
    ...part('What the playground adds', s.adds),
  );
}

export function studiesView(games: { info: GameInfo; plugin: GamePlugin }[], focus: string | null): View {
  const sections = games
    .filter((g) => (g.plugin.studies?.length ?? 0) > 0)
    .map(({ info, plugin }) => {
      const terms = [...COMMON_TERMS, ...(plugin.glossary ?? [])];
      return el(
        'section',
        { className: 'studies-game', id: `study-${info.id}`, 'data-game': info.id, tabIndex: -1 },
        el('h2', {}, info.title, ' ', el('a', { href: `#/${info.id}`, className: 'study-play' }, `Play ${info.title}`)),
        ...plugin.studies!.map((s) => studySection(s, terms)),
      );
    });
  const words = new Map<string, string>();
  for (const t of [...COMMON_TERMS, ...games.flatMap((g) => g.plugin.glossary ?? [])]) words.set(t.words.join(', '), t.meaning);
  const glossary = el(
    'section',
    { className: 'glossary', id: 'glossary' },
    el('h2', {}, 'Words used on these pages'),
    el('dl', {}, ...[...words].flatMap(([w, m]) => [el('dt', {}, w), el('dd', {}, m)])),
  );
  const element = el(
    'main',
    { className: 'landing studies', 'data-testid': 'studies' },
    el('h1', {}, 'About the studies'),
    el(
      'p',
      { className: 'lead' },
      'Each game’s players and training runs follow a study: its fixed strategies are the ones the study compared, its ' +
        'presets the study’s settings. Here is what each study did and found, what the playground reproduces, with the ' +
        'numbers it measures, and what it adds.',
    ),
    ...sections,
    glossary,
  );
  const target = focus ? sections.find((s) => s.dataset.game === focus) : undefined;
  if (target) requestAnimationFrame(() => {
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  });
  return { element, destroy() {} };
}
