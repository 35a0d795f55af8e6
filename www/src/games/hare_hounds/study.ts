// The study behind Hare and Hounds' page, for the "About the studies" view
// (the figures are the README's and docs/hare_hounds.md's, with the commands
// that measure them). The project does not record the study's title,
// authors, year or institution, so none are given.

import type { Study } from '../plugin';

export const studies: Study[] = [
  {
    name: 'The Hare and Hounds study',
    did:
      'Taught the hounds of the French Military Game by tabular Q-learning, in four experiments: the learning rate α ' +
      'and the discount γ against a random hare (300,000 games), the exploration rate ε, learning against a simple ' +
      'fixed hare (it steps to the free neighbouring point with the lowest number), and how three Q-values settle. It ' +
      'proposed a fifth — hounds and hare both learning — without running it.',
    found:
      'Only α = 0.1 with γ = 0.9 stayed above 90% wins against the random hare; ε = 0.5 reached a stable 90% fastest; ' +
      'against the simple hare every game was won within about 5,000 games; the Q-values settle, +1 for a winning move ' +
      'and below 0 for a losing one.',
    reproduces:
      'All four experiments as presets of the Train tab, over 5 seeds: the α × γ result in 5 of 5 seeds; ε = 0.5 ' +
      'fastest in 3 of 5 (ε = 0.1 in the other 2); against the simple hare every game won from 130–470 learning games; ' +
      'the three Q-values as the study says (a trap move 1.000, a move that lets the hare escape −0.935).',
    adds:
      'The game’s exact solution (the hounds win from the start in 23 plies) with a Perfect player and hints from it; ' +
      'the share of perfect moves as a curve; the fifth experiment, in which the hounds end up beating the perfect hare ' +
      'in 500 of 500 games; learned hares as well as hounds.',
  },
];
