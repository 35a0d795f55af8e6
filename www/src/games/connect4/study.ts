// The study behind Connect Four's page, for the "About the studies" view
// (the figures are the README's, with the commands that measure them). The
// project does not record the study's title, authors, year or institution,
// so none are given.

import type { GlossaryTerm, Study } from '../plugin';

export const studies: Study[] = [
  {
    name: 'The Connect Four study',
    did:
      'Taught Connect Four by tabular Q-learning, in two methods: survive a “stupid” player that always fills the ' +
      'leftmost column (method 1, 0–5% exploring moves, 300,000 games), and beat a random player (method 2, 0–30% ' +
      'exploring moves, 1,000,000 games). It proposed, without trying it, to blend the table with a short search.',
    found:
      'Method 1: about a quarter of a move lost per percent of exploring, and a ceiling near 25 moves a game. Method 2: ' +
      '0–4% exploring learns best, 10–30% clearly worse. Its table after a million games took 2.5 GB (in Java).',
    reproduces:
      'Both methods as presets of the Train tab. Method 2’s order holds (95.9% wins in the last 10,000 games at 0%, ' +
      '82.2% at 30%). Method 1’s ceiling does not: our learner, playing first, learns to fill the whole board without ' +
      'a four against the leftmost-column player (42 moves at 0%), and loses about 1.5 moves per percent of exploring.',
    adds:
      'An exact solver (the Perfect player with a strength setting, exact hints, “Solve exactly”); a hashed table of ' +
      'at most 514,752 cells (12.6 MB) instead of gigabytes; the share of the learner’s moves the solver rates optimal, ' +
      'as a curve; and the blend the study proposed: a learned table that looks a move or two ahead when it plays.',
  },
];

export const glossary: GlossaryTerm[] = [
  {
    words: ['stupid'],
    meaning: 'The study’s name for the player that always drops into the leftmost column that is not full.',
  },
];
