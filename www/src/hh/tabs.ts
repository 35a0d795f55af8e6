// Hare and Hounds' additions to its game page: the hints under the Play
// controls and the Experiments tab.

import type { BoardView } from '../boards/board';
import { HareHoundsBoard } from '../boards/hare_hounds';
import type { Engine } from '../engine';
import type { Tab } from '../views/game';
import { ExperimentsPanel } from './experiments';
import { HintsPanel } from './hints';

export function hareHoundsTabs(engine: Engine, board: BoardView, playElement: HTMLElement): Tab[] {
  if (!(board instanceof HareHoundsBoard)) return [];
  const hints = new HintsPanel(engine, board);
  playElement.append(hints.element);
  let experiments: ExperimentsPanel | null = null;
  const host = document.createElement('div');
  return [
    {
      id: 'experiments',
      label: 'Experiments',
      element: host,
      shown() {
        // Built when first shown: the charts need a visible box to size.
        if (!experiments) {
          experiments = new ExperimentsPanel(board);
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
