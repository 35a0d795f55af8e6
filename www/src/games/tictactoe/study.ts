// The studies behind the game's page: study.json holds their facts, texts
// and the figures the texts quote, with the commands that measure them.

import { studiesOf } from '../study-data';
import data from './study.json';

export const studies = studiesOf(data);
