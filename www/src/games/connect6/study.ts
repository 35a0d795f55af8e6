// The papers behind Connect6's page, for the "About the studies" view: the
// game's (as docs/connect6.md cites it) and the study of its learned
// evaluation (Advances in Computer Games 13, Lecture Notes in Computer
// Science 7168, pages 121–133).

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
      'and alpha-beta over the best stones (levels 1–6) that also defends against wins by double and single ' +
      'threats — the Threats section, which marks each side’s threats and looks for a forced win, and the Connect6 ' +
      'engine protocol in the command line.',
  },
  {
    name: 'The Connect6 learning study',
    title: 'Temporal Difference Learning for Connect6',
    authors: 'I-Chen Wu, Hsin-Ti Tsai, Hung-Hsuan Lin, Yi-Shan Lin, Chieh-Min Chang and Ping-Hung Lin',
    year: '2012 (conference held in 2011)',
    institution: 'National Chiao Tung University, Taiwan',
    published: 'Advances in Computer Games 13 (ACG 2011, Tilburg)',
    did:
      'Learned the weights of the pattern evaluation of the program NCTU6 by TD(0) in self-play, starting from its ' +
      'hand-set weights, and tried refinements: an update between positions two turns apart, steps divided by the ' +
      'size of the feature vector, separate weights for the opening, middle game and endgame, and threat-space search ' +
      'while learning to remove moves that win or lose by force.',
    found:
      'The best learned weights won about 58% (57.95%) of their games against the original program; the threat-space ' +
      'search during learning kept the threat weights from growing too large.',
    reproduces:
      'The 492 pattern features, the hand-set weights and the TD(0) learner with its refinements, each a preset of ' +
      'the Train tab (and of `selfplay connect6 train`), with the score against the hand-set weights as the curve.',
    adds: 'A fixed, shipped set of openings on which anyone can measure learned weights against the hand-set ones.',
  },
];
