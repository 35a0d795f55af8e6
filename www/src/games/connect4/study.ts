// The studies behind the game's page (study.json: their facts, texts and
// the figures the texts quote, with the commands that measure them), and
// the game's own words for the glossary.

import type { GlossaryTerm } from '../plugin';
import { studiesOf } from '../study-data';
import data from './study.json';

export const studies = studiesOf(data);

export const glossary: GlossaryTerm[] = [
  {
    words: ['stupid'],
    meaning: 'The study’s name for the player that always drops into the leftmost column that is not full.',
  },
];
