// Experiment 4 samples the Q-values of three state–action pairs as the
// hounds learn. Its preset shows the pairs (the engine's defaults) in the
// Train tab, each editable by hand or picked on the board: reach a position
// with the hounds to move, press “Pick on the board”, make a hound move —
// the pair takes that position and move, and the move is not played. The
// pairs go into the run's configuration before it starts.

import { el } from '../../core/dom';
import { showNotice } from '../../core/notices';
import type { RunConfig } from '../../core/protocol';
import type { RunHooks, RunsContext, Section } from '../plugin';

/** The preset whose runs sample Q-values. */
const PROBE_PRESET = '4';
const HOUNDS = 0;

interface Probe {
  position: string;
  action: string;
}

interface PairInputs {
  position: HTMLInputElement;
  action: HTMLInputElement;
  moves: HTMLDataListElement;
  pick: HTMLButtonElement;
}

function probesOf(config: RunConfig | undefined): Probe[] {
  const p = config?.probes;
  if (!Array.isArray(p)) return [];
  return (p as unknown[]).filter((x): x is Probe => {
    const o = x as { position?: unknown; action?: unknown } | null | undefined;
    return typeof o?.position === 'string' && typeof o?.action === 'string';
  });
}

class ProbeSection implements Section {
  readonly element: HTMLElement;
  private pairs: PairInputs[] = [];
  private status = el('p', { className: 'hint', 'aria-live': 'polite' });

  constructor(
    private readonly ctx: RunsContext,
    probes: Probe[],
  ) {
    this.element = el('fieldset', { className: 'probes' }, el('legend', {}, 'State–action pairs whose Q-values are sampled'));
    probes.forEach((p, i) => {
      const moves = el('datalist', { id: `probe-moves-${i}` });
      const position = el('input', { type: 'text', value: p.position, size: 30, 'aria-label': `Pair ${i + 1}: position`, 'data-testid': `probe-pos-${i}` });
      const action = el('input', { type: 'text', value: p.action, size: 5, 'aria-label': `Pair ${i + 1}: hound move`, 'data-testid': `probe-move-${i}` });
      action.setAttribute('list', moves.id);
      const pick = el(
        'button',
        { type: 'button', 'aria-pressed': 'false', 'data-testid': `probe-pick-${i}`, title: 'Take the position on the board (hounds to move) and the hound move you make there' },
        'Pick on the board',
      );
      pick.addEventListener('click', () => this.pickFromBoard(i));
      this.pairs.push({ position, action, moves, pick });
      this.element.append(el('div', { className: 'probe' }, `${i + 1}. `, position, ' ', action, moves, ' ', pick));
    });
    this.element.append(
      el(
        'p',
        { className: 'hint' },
        'Reach a position with the hounds to move on the board (play it in the Play tab), press “Pick on the board”, then move a hound there by clicking, tapping or the keyboard: the pair takes that position and that move, and the move is not played. Press the button again to cancel.',
      ),
      this.status,
    );
  }

  probes(): Probe[] {
    return this.pairs.map((p) => ({ position: p.position.value.trim(), action: p.action.value.trim() }));
  }

  private stopPicking(): void {
    this.ctx.board.captureMove?.(HOUNDS, null);
    for (const p of this.pairs) p.pick.setAttribute('aria-pressed', 'false');
  }

  /** Takes pair `i` from the board: its position, and the hound move made there next. */
  private pickFromBoard(i: number): void {
    const inputs = this.pairs[i];
    const wasPicking = inputs.pick.getAttribute('aria-pressed') === 'true';
    this.stopPicking();
    if (wasPicking) return;
    const done = (move: string) => {
      const now = this.ctx.board.state!;
      // The position the move was made in, without whose move it is (the hounds').
      const position = now.position.replace(/\s*move=\S+/, '');
      inputs.moves.replaceChildren(...now.legal.map((m) => el('option', { value: m.text })));
      inputs.pick.setAttribute('aria-pressed', 'false');
      inputs.position.value = position;
      inputs.action.value = move;
      this.status.textContent = `Pair ${i + 1}: ${position} · ${move}.`;
    };
    // The move is picked on the board: it comes back from under a chart in its place.
    this.ctx.showBoard();
    if (!this.ctx.board.captureMove?.(HOUNDS, done)) {
      showNotice('The board must show a position with the hounds to move: play to one in the Play tab first.', 'info');
      return;
    }
    inputs.pick.setAttribute('aria-pressed', 'true');
    this.status.textContent = `Pair ${i + 1}: move a hound on the board (the move is taken, not played).`;
  }

  destroy(): void {
    this.stopPicking();
  }
}

export function probeHooks(ctx: RunsContext): RunHooks {
  let section: ProbeSection | null = null;
  return {
    presetSection(_kind, preset, configs) {
      section?.destroy();
      section = preset.id === PROBE_PRESET ? new ProbeSection(ctx, probesOf(configs[0])) : null;
      return section;
    },
    adjustRuns(_kind, preset, configs) {
      if (preset.id !== PROBE_PRESET || !section) return configs;
      const probes = section.probes();
      if (probes.some((p) => !p.position || !p.action)) throw new Error('every state–action pair needs a position and a hound move');
      return configs.map((c) => ({ ...c, probes }));
    },
    destroy() {
      section?.destroy();
    },
  };
}
