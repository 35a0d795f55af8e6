// Which tab owns which training run. A run that trains in one tab holds a Web
// Lock named after it for as long as its worker has it; another tab sees the
// lock, shows the run as going on elsewhere and offers no Resume, so two tabs
// never write the same checkpoint. A BroadcastChannel tells the other tabs
// when a run starts, stops or its checkpoint changes, so their lists of
// unfinished runs follow. Without Web Locks (old browsers) every run counts
// as free, as before.

const PREFIX = 'selfplay-run:';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('selfplay-runs') : null;
const listeners = new Set<() => void>();
channel?.addEventListener('message', () => {
  for (const f of listeners) f();
});

/** Releases of the locks this tab holds, by run id. */
const held = new Map<string, () => void>();

function locks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/** Tells the other tabs that runs or checkpoints changed. */
export function announceRuns(): void {
  channel?.postMessage('changed');
}

/** Calls `f` when another tab announces a change. Returns an unsubscribe. */
export function onRunsChanged(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Takes the run for this tab: false if another tab holds it. */
export async function claimRun(runId: string): Promise<boolean> {
  if (held.has(runId)) return true;
  const lm = locks();
  if (!lm) return true;
  return new Promise<boolean>((granted) => {
    const done = lm.request(PREFIX + runId, { ifAvailable: true }, (lock) => {
      if (!lock) {
        granted(false);
        return undefined;
      }
      return new Promise<void>((release) => {
        held.set(runId, release);
        granted(true);
        announceRuns();
      });
    });
    // The lock is free only once the request settles: tell the other tabs then, not at release().
    void done.then(
      () => announceRuns(),
      () => announceRuns(),
    );
  });
}

/** Lets go of a run this tab held (it stopped, finished or crashed). */
export function releaseRun(runId: string): void {
  const release = held.get(runId);
  if (!release) return;
  held.delete(runId);
  release();
}

/** The runs that other tabs hold now. */
export async function runsElsewhere(): Promise<Set<string>> {
  const lm = locks();
  if (!lm) return new Set();
  const state = await lm.query();
  const names = (state.held ?? []).map((l) => l.name ?? '').filter((n) => n.startsWith(PREFIX));
  return new Set(names.map((n) => n.slice(PREFIX.length)).filter((id) => !held.has(id)));
}
