// The service worker's shell (www/sw.js) is what the page works offline with: it must name
// every file the page and the lesson load (each of www/js, every language's catalogue, the
// pages, their styles, both wasm modules) and nothing that does not exist. A file added to
// www/js, or a language added to i18n.js's LANGUAGES, fails here until sw.js caches it.
//
//   scripts/build.sh && node --test tests/node/service_worker.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../../www/js/i18n.js';

const www = fileURLToPath(new URL('../../www/', import.meta.url));

/** The paths listed in sw.js's SHELL array. */
function shell() {
  const source = readFileSync(join(www, 'sw.js'), 'utf8');
  const list = source.match(/const SHELL = \[([^\]]*)\]/);
  assert.ok(list, 'sw.js declares its SHELL');
  return [...list[1].matchAll(/'([^']*)'/g)].map(([, path]) => path);
}

test("the service worker caches every script, catalogue and page the site loads", () => {
  const cached = new Set(shell());
  const scripts = readdirSync(join(www, 'js')).filter((f) => f.endsWith('.js')).map((f) => `js/${f}`);
  const catalogues = LANGUAGES.map(([code]) => `js/i18n/${code}.js`);
  const pages = readdirSync(www).filter((f) => /\.(html|css)$/.test(f));
  for (const path of [...scripts, ...catalogues, ...pages, 'pkg/go_score_bg.wasm', 'pkg-core/go_score_bg.wasm']) {
    assert.ok(cached.has(path), `sw.js caches ${path}`);
  }
});

test('every language has its catalogue, and no catalogue is left out of LANGUAGES', () => {
  const files = readdirSync(join(www, 'js', 'i18n')).filter((f) => f.endsWith('.js')).sort();
  assert.deepEqual(files, LANGUAGES.map(([code]) => `${code}.js`).sort());
});

test('every path the service worker caches exists in the built site', () => {
  for (const path of shell().filter((p) => p !== './')) {
    assert.ok(existsSync(join(www, path)), `${path} exists`);
  }
});
