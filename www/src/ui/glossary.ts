// Words of the page's texts explained where they stand: a word of the
// glossary is underlined with dots; pointing at it shows its meaning (its
// `title`), and focusing it (Tab) or tapping it opens a small box with the
// meaning, which Escape, a second tap or leaving it closes. Screen readers
// hear the meaning as the word's description. The common words are here;
// a game's own come from its plug-in.

import { el } from '../core/dom';
import type { GlossaryTerm } from '../games/plugin';

/** Words every game's texts may use. */
export const COMMON_TERMS: GlossaryTerm[] = [
  {
    words: ['greedy', 'greedily'],
    meaning: 'Always plays the move it values highest, with no random moves to explore. Curves measure agents playing greedily.',
  },
  {
    words: ['softmax'],
    meaning:
      'A way of choosing moves at random but not evenly: a move’s chance grows with its value, P(a) ∝ exp(β·Q(s, a)). With a small β every move is about as likely; with a large β the best move almost always.',
  },
  {
    words: ['plies', 'ply'],
    meaning: 'A ply is one move by one side; two plies make a full round, one move each.',
  },
  {
    words: ['hashed table', 'hash table'],
    meaning:
      'A table that keeps only the positions the learner has met, found by a number worked out from the position (its hash), instead of a place for every possible position.',
  },
  {
    words: ['curve points', 'curve point'],
    meaning: 'One measurement of a learning curve: after so many learning games the agent plays test games greedily, and its result is one point of the curve.',
  },
  {
    words: ['Q-learning'],
    meaning: 'Learning the value Q(s, a) of each move a in each position s from the agent’s own games: after each move, the value moves a step toward what came next.',
  },
  {
    words: ['TD(0)', 'TD(λ)', 'temporal-difference learning', 'TD learning'],
    meaning:
      'Temporal-difference learning: after a game, the value of each position moves a step toward the value of the position after it (the last one toward the result), so what is learned at the end flows back to the opening. TD(0) looks at the next position only; TD(λ) mixes in the rest of the game.',
  },
  {
    words: ['Elo'],
    meaning: 'A rating scale from chess: the difference between two ratings says how often one player beats the other (200 points more: about 3 games in 4).',
  },
  {
    words: ['α'],
    meaning: 'α (alpha), the step size: how far each update moves a value toward its target, from 0 (not at all) to 1 (all the way).',
  },
  {
    words: ['γ'],
    meaning: 'γ (gamma), the discount: what a reward one move later is worth now, from 0 (nothing) to 1 (as much). It makes quick wins worth more than slow ones.',
  },
  {
    words: ['ε'],
    meaning: 'ε (epsilon), the exploration rate: the chance of a random move instead of the best one while training, so that the agent also tries moves it does not yet rate.',
  },
  {
    words: ['alpha-beta'],
    meaning:
      'A way of searching the moves ahead: every line of play is followed to a fixed depth and scored, each side assumed to pick its best reply; lines that cannot change the choice are cut off early, so it looks as deep as plain search in far less time.',
  },
  {
    words: ['genetic algorithm'],
    meaning:
      'Tuning numbers the way breeders do: a population of variants (here, sets of weights) plays a tournament, the best are kept, changed a little at random and mixed, and the next generation plays again.',
  },
  {
    words: ['n-tuple', 'n-tuples', 'N-tuple'],
    meaning:
      'A learned evaluation made of small patterns of squares (tuples): every filling of each pattern has a weight of its own, and a position’s value is the sum of the weights of the fillings it shows. Learning changes the weights of the fillings seen.',
  },
  {
    words: ['workers', 'worker'],
    meaning:
      'A background worker: a part of the page that runs beside it on its own, so that training never slows the board or the buttons. Each run trains in a worker of its own; a computer with several cores runs several at once.',
  },
  {
    words: ['checkpoints', 'checkpoint'],
    meaning:
      'A copy of a run’s learning so far, kept in this browser every few seconds: a run stopped by a failure, a reload or a closed tab goes on from its last checkpoint.',
  },
  {
    words: ['λ'],
    meaning: 'λ (lambda) of TD(λ): how much a position learns from the rest of its game too, not only from the next position; 0 is the next position alone.',
  },
];

/** The words of the view on screen (the common ones, and its game's), for the generic forms' help. */
let pageTerms: GlossaryTerm[] = COMMON_TERMS;

/** Sets the words the generic parts of the view explain (a game view: the common ones and its game's). */
export function useTerms(terms: GlossaryTerm[]): void {
  pageTerms = terms;
}

/** `text` with the view's words explained (see `glossed`). */
export function pageGlossed(text: string): (Node | string)[] {
  return glossed(text, pageTerms);
}

let next = 0;
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word with its meaning: `title`, an accessible description, and a box that opens on focus or a tap. */
export function term(word: string, meaning: string): HTMLElement {
  const id = `term-${++next}`;
  const tip = el('span', { id, role: 'tooltip', className: 'term-tip', hidden: true }, meaning);
  const word_ = el('span', { className: 'term', tabIndex: 0, title: meaning, 'aria-describedby': id, 'data-term': word }, word);
  let open = false;
  const show = (on: boolean) => {
    open = on;
    tip.hidden = !on;
    if (!on) return;
    // Kept inside the window: moved left as far as it would pass the right edge.
    tip.style.left = '0px';
    const over = tip.getBoundingClientRect().right - (document.documentElement.clientWidth - 8);
    if (over > 0) tip.style.left = `${-over}px`;
  };
  word_.addEventListener('focus', () => show(true));
  word_.addEventListener('blur', () => show(false));
  // A press focuses the word (which opens the box) before its click: the click toggles what was there before the press.
  let before = false;
  word_.addEventListener('pointerdown', () => (before = open));
  word_.addEventListener('click', () => show(!before));
  word_.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') show(false);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      show(!open);
    }
  });
  return el('span', { className: 'term-wrap' }, word_, tip);
}

/** A glossary word found in a text: where, as written there, and its term. */
export interface GlossaryMatch {
  index: number;
  word: string;
  term: GlossaryTerm;
}

/**
 * The first use of each glossary word in `text`: whole words, in any case,
 * the longest form first. A word followed by a hyphen and a lower-case word
 * is part of that word ("Q" in "Q-learning"); followed by a hyphen and a
 * capital or a digit it names a kind of the same thing and is found ("QL1"
 * in "QL1-H40"). A word after a hyphen is never found.
 */
export function glossaryMatches(text: string, terms: GlossaryTerm[]): GlossaryMatch[] {
  const forms = terms.flatMap((t) => t.words.map((w) => ({ w, t }))).sort((a, b) => b.w.length - a.w.length);
  if (forms.length === 0) return [];
  const re = new RegExp(`(?<![\\w-])(${forms.map((f) => escape(f.w)).join('|')})(?!\\w)`, 'gi');
  const out: GlossaryMatch[] = [];
  const done = new Set<GlossaryTerm>();
  for (const m of text.matchAll(re)) {
    const after = m.index + m[0].length;
    if (text[after] === '-' && /^[a-z]/.test(text.slice(after + 1, after + 2))) continue;
    const found = forms.find((f) => f.w.toLowerCase() === m[0].toLowerCase());
    if (!found || done.has(found.t)) continue;
    done.add(found.t);
    out.push({ index: m.index, word: m[0], term: found.t });
  }
  return out;
}

/** `text` with the first use of each glossary word in it explained (see `glossaryMatches`). */
export function glossed(text: string, terms: GlossaryTerm[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of glossaryMatches(text, terms)) {
    out.push(text.slice(last, m.index), term(m.word, m.term.meaning));
    last = m.index + m.word.length;
  }
  out.push(text.slice(last));
  return out.filter((p) => p !== '');
}

/** `parts` with each "the study" (or "the … study’s", "the studies") in their text a link to `href`. */
export function studyLinks(parts: (Node | string)[], href: string): (Node | string)[] {
  const re = /\b(?:the (?:[A-Z][\w-]* )?(?:study|studies)(?:’s|'s)?)/g;
  return parts.flatMap((p) => {
    if (typeof p !== 'string') return [p];
    const out: (Node | string)[] = [];
    let last = 0;
    for (const m of p.matchAll(re)) {
      out.push(p.slice(last, m.index), el('a', { href, className: 'study-link' }, m[0]));
      last = m.index + m[0].length;
    }
    out.push(p.slice(last));
    return out.filter((x) => x !== '');
  });
}
