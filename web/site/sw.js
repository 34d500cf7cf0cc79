/* Qipan's service worker (dist/site/sw.js). tools/site.cjs writes the
 * line above this comment: self.QIPAN_PRECACHE = {version, files}, the
 * version being a hash of every precached file, so any change to the page
 * makes a new worker with a cache of its own.
 *
 * Ours rather than workbox: the site is a handful of files known at build
 * time and the whole job is "precache them, serve them, drop the old
 * cache", which is forty lines without a dependency or a generated
 * runtime to audit. */
'use strict';

const { version, files } = self.QIPAN_PRECACHE;
const CACHE = 'qipan-' + version;

self.addEventListener('install', (event) => {
  // cache: 'reload' skips the HTTP cache, so the new cache never holds an old file.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(files.map((f) => new Request(f, { cache: 'reload' })))));
  // No skipWaiting here: a new version waits until the page's player
  // chooses to reload (the page says it is ready), so a game is never cut.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('qipan-') && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

/* The cached answer for a request of ours: a page's address (the folder,
 * or any #fragment or ?query) is the page. */
function cached(request) {
  const url = new URL(request.url);
  if (request.mode === 'navigate' || url.pathname.endsWith('/')) {
    return caches.match('index.html', { cacheName: CACHE });
  }
  return caches.match(request, { cacheName: CACHE, ignoreSearch: true });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(cached(request).then((hit) => hit || fetch(request)));
});
