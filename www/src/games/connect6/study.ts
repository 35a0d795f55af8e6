// The paper behind Connect6's page, for the "About the studies" view, as
// docs/connect6.md cites it.

import type { Study } from '../plugin';

export const studies: Study[] = [
  {
    name: 'Connect6: a new family of k-in-a-row games',
    title: 'A New Family of k-in-a-row Games',
    authors: 'I-Chen Wu and Dei-Yen Huang',
    published: 'Advances in Computer Games 11',
    did:
      'Introduced Connect6 (I-Chen Wu, 2005): on a 19 × 19 board Black places one stone, then each side places two ' +
      'stones a turn; six in a row wins. It counts threats: a side has t threats when its opponent needs t stones to ' +
      'stop it winning with its next two.',
    reproduces: 'The rules and the authors’ threat count.',
    adds:
      'Players to try it against — random near the stones, greedy one stone ahead, and an engine with a threat step ' +
      'and alpha-beta over the best stones (levels 1–6) — and the Connect6 engine protocol in the command line.',
  },
];
