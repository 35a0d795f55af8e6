// Hare and Hounds' additions to its game page: the hints under the Play
// controls and the Experiments tab.

import type { BoardView } from '../boards/board';
import { HareHoundsBoard } from '../boards/hare_hounds';
import type { Engine } from '../engine';
import type { Tab } from '../views/game';
import { ModelsPanel } from '../views/models';
import { hhLibrary } from './library';
import { ExperimentsPanel } from './experiments';
import { HintsPanel } from './hints';

export function hareHoundsTabs(engine: Engine, board: BoardView, playElement: HTMLElement, showTab: (id: string) => void): Tab[] {
  if (!(board instanceof HareHoundsBoard)) return [];
  const hints = new HintsPanel(engine, board);
  playElement.append(hints.element);
  let experiments: ExperimentsPanel | null = null;
  const host = document.createElement('div');
  const models = new ModelsPanel({
    game: 'hare_hounds',
    engine,
    library: hhLibrary(),
    async playAgainst(_name, label, bytes) {
      await hints.loadBytes(bytes, label);
      showTab('play');
    },
    async continueTraining(bytes, gamesTrained) {
      // The Experiments tab offers the run (further games, which hare);
      // it is built when first shown.
      showTab('experiments');
      if (!experiments) throw new Error('the Experiments tab could not open');
      experiments.offerContinue(bytes, gamesTrained);
    },
  });
  return [
    {
      id: 'models',
      label: 'Models',
      element: models.element,
      shown: () => models.shown(),
      destroy: () => models.destroy(),
    },
    {
      id: 'experiments',
      label: 'Experiments',
      element: host,
      shown() {
        // Built when first shown: the charts need a visible box to size.
        if (!experiments) {
          experiments = new ExperimentsPanel(board, engine);
          host.append(experiments.element);
        }
      },
      destroy() {
        hints.destroy();
        experiments?.destroy();
      },
    },
  ];
}
