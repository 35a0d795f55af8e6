// The page's service worker: after the first visit the playground works
// offline, every game with its ready-made agents. Installing it copies the
// build (offline.json's `install` list: the page, its code, the first wasm
// module, the manifest of the ready-made agents); then, when the page asks
// (`fill`), it copies the rest in the background (`later`: the ready-made
// models, the ladders' tables, the learners' module), and tells the page
// how far it is, so that the page can say when it is available offline.
//
// Pages are fetched from the network first, so a new version is used as
// soon as it is online, and the cache answers when it is not; so are the
// ready-made models and their list (ready/: fixed names, rebuilt in place).
// Every other file of this site comes from the cache when it is there
// (their names carry a hash of their content).
const CACHE = 'selfplay-v2';

/** The lists of offline.json, read once per run of the worker. */
let lists = null;
async function offlineLists() {
  lists ??= (await fetch('./offline.json', { cache: 'no-store' })).json();
  return lists;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const { install } = await offlineLists();
      const cache = await caches.open(CACHE);
      await cache.addAll(['./', ...install]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Tells every page how far the copies for offline use are. */
async function tell(state) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage({ kind: 'offline', ...state });
}

/** The copy of the rest under way, if one is. */
let filling = null;

/** Copies what `later` lists and the cache lacks, telling the pages as each file arrives. */
async function fill() {
  const { install, later, bytes } = await offlineLists();
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const url of [...install, ...later]) if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
  const total = missing.length;
  let done = 0;
  await tell({ state: total === 0 ? 'ready' : 'saving', done, total, bytes });
  for (const url of missing) {
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      // Offline again: the next visit goes on from here.
      await tell({ state: 'partial', done, total, bytes });
      return;
    }
    done++;
    await tell({ state: done === total ? 'ready' : 'saving', done, total, bytes });
  }
}

self.addEventListener('message', (event) => {
  if (event.data?.kind !== 'fill') return;
  filling ??= fill().finally(() => (filling = null));
  event.waitUntil(filling);
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (request.mode === 'navigate') {
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put('./', response.clone());
          return response;
        } catch {
          return (await cache.match('./', { ignoreVary: true })) ?? Response.error();
        }
      }
      if (new URL(request.url).pathname.includes('/ready/')) {
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put(request, response.clone());
          return response;
        } catch {
          return (await cache.match(request, { ignoreVary: true })) ?? Response.error();
        }
      }
      // Files were cached without the Origin header that module requests carry: ignore Vary.
      const hit = await cache.match(request, { ignoreVary: true });
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
