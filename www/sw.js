// Offline support: every same-origin GET goes to the network first (so a new version is
// seen at once) and falls back to the last copy cached, so the page works offline once loaded.

const CACHE = 'go-score-page-v10';
const SHELL = [
  './',
  'index.html',
  'style.css',
  'favicon.svg',
  'js/main.js',
  'js/controller.js',
  'js/state.js',
  'js/goban.js',
  'js/panel.js',
  'js/engine.js',
  'js/line.js',
  'js/history.js',
  'js/example.js',
  'lesson.html',
  'lesson.css',
  'js/lesson.js',
  'js/go-score-element.js',
  'js/count-view.js',
  'js/count-words.js',
  'js/suggest.js',
  'js/diagram.js',
  'js/i18n.js',
  'js/i18n/en.js',
  'js/i18n/ja.js',
  'js/i18n/ko.js',
  'js/i18n/zh-Hans.js',
  'js/i18n/zh-Hant.js',
  'js/i18n/fr.js',
  'js/i18n/de.js',
  'js/i18n/es.js',
  'js/i18n/ru.js',
  'pkg/go_score.js',
  'pkg/go_score_bg.wasm',
  'pkg-core/go_score.js',
  'pkg-core/go_score_bg.wasm',
];
/** The wasm glues, whose JS snippets are cached too. */
const GLUES = ['pkg/go_score.js', 'pkg-core/go_score.js'];

/** The shell, then the JS snippets the wasm modules' glues import (wasm-bindgen names their
 *  folder with a hash, so they are found in the glue rather than listed). */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  for (const path of GLUES) {
    const glue = await (await cache.match(path)).text();
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const snippets = [...glue.matchAll(/from '\.\/(snippets\/[^']+)'/g)].map(([, file]) => folder + file);
    await cache.addAll(snippets);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((cached) => cached ?? Response.error())),
  );
});
