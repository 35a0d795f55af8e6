// Where tic-tac-toe's learner comes from, for the "About the studies" view.
// The project records the textbook's authors and chapter only.

import type { Study } from '../plugin';

export const studies: Study[] = [
  {
    name: 'The textbook’s first example',
    authors: 'Sutton and Barto',
    published: 'Their reinforcement-learning textbook, chapter 1',
    did:
      'Introduces learning from experience with tic-tac-toe: a table holds, for each position after the learner’s ' +
      'move, its chance of winning from there (0.5 at first); the learner plays the move to the highest value, now and ' +
      'then a random one to explore, and after each ordinary move moves the value of its previous position a step ' +
      'toward the new one.',
    reproduces:
      'That learner, by self-play (α 0.1, ε 0.1, 50,000 games), against a random player and against the perfect ' +
      'player. From seed 1 the self-play table loses no game of 200 per side to the perfect player after 50,000 games.',
    adds:
      'A perfect player from all 5,478 positions, curves against it and against a random player as X and as O, and a ' +
      'game small enough to copy: it is the template for adding a game to the playground.',
  },
];
