// "Available offline": registers the page's service worker (public/sw.js),
// asks it to copy what it has not yet (the ready-made agents, the ladders,
// the learners' module) and shows in the header how far the copy is —
// "Saving for offline use: 12 of 30 files", then "Available offline". Loaded
// once the engine has started, so that the copies never slow the first view.

import { el } from '../core/dom';

interface OfflineState {
  kind: 'offline';
  state: 'saving' | 'ready' | 'partial';
  done: number;
  total: number;
  bytes: { install: number; later: number };
}

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** The header's line for a state of the copy. */
export function offlineWords(s: OfflineState): { text: string; short: string; title: string } {
  const size = `${MB(s.bytes.install + s.bytes.later)} in all (the page and first engine ${MB(s.bytes.install)}, the ready-made agents and the learners’ engine ${MB(s.bytes.later)})`;
  switch (s.state) {
    case 'ready':
      return { text: 'Available offline', short: 'Offline ✓', title: `Every game, its ready-made agents and training work without a connection: this browser keeps a copy, ${size}.` };
    case 'saving':
      return { text: `Saving for offline use: ${s.done} of ${s.total}`, short: `Saving ${s.done}/${s.total}`, title: `Copying the files every game needs without a connection, ${size}.` };
    case 'partial':
      return { text: 'Offline copy incomplete', short: 'Offline: partial', title: `The connection went before every file was copied (${s.done} of ${s.total}); the copy goes on at the next visit online.` };
  }
}

/** Registers the service worker and shows the state of the offline copy in `header`. */
export async function registerOffline(header: HTMLElement): Promise<void> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('./sw.js');
  } catch {
    // A browser that refuses service workers still plays online.
    return;
  }
  const badge = el('span', { className: 'offline-state', 'data-testid': 'offline-state', role: 'status', hidden: true });
  header.append(badge);
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<OfflineState>) => {
    if (e.data?.kind !== 'offline') return;
    const words = offlineWords(e.data);
    badge.hidden = false;
    badge.dataset.state = e.data.state;
    badge.replaceChildren(el('span', { className: 'offline-full' }, words.text), el('span', { className: 'offline-short' }, words.short));
    badge.title = words.title;
  });
  const ready = await navigator.serviceWorker.ready;
  (ready.active ?? registration.active)?.postMessage({ kind: 'fill' });
}
