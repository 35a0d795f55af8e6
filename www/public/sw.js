// The page's service worker: after the first visit the playground works
// offline. Installing it caches every file of the build (precache.json, made
// by vite.config.ts) but the ready-made models and the learners' module,
// which are cached when first fetched; pages are fetched from the network first, so a new
// version is used as soon as it is online, and the cache answers when it is
// not; so are the ready-made models and their list (ready/: fixed names,
// rebuilt in place). Every other file of this site comes from the cache when
// it is there (their names carry a hash of their content).
const CACHE = 'selfplay-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const list = await (await fetch('./precache.json', { cache: 'no-store' })).json();
      const cache = await caches.open(CACHE);
      await cache.addAll(['./', ...list]);
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
