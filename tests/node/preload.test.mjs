// The pages' preload hints match what they load: every module of a page's static import
// graph (and the wasm glue, which the page imports at start) is a `modulepreload`, no hint
// names a file the page does not load, and the wasm module itself is preloaded the way
// wasm-bindgen's loader fetches it (`as="fetch"` with CORS, or the browser fetches it twice).
// A module added to or dropped from a page's imports fails here until its HTML says so.
//
//   node --test tests/node/preload.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const www = fileURLToPath(new URL('../../www/', import.meta.url));
const PAGES = ['index.html', 'lesson.html'];

/** The `<link>` and `<script>` tags of an HTML file's head, as attribute maps. */
function tags(html, name) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attrs]) =>
    Object.fromEntries([...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? ''])),
  );
}

/**
 * The modules a module script brings in before it runs: its static imports, transitively,
 * plus the wasm glue in pkg/ when it imports that dynamically (the page loads it at start).
 * wasm-bindgen's snippets (pkg/snippets/<crate hash>/) are left out: their folder's name
 * is the build's, and the glue names them.
 */
function importGraph(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(www, file), 'utf8');
    const refs = [
      ...text.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/gm),
      ...text.matchAll(/\bimport\(\s*'(\.{1,2}\/pkg\/[^']+)'\s*\)/g),
    ];
    for (const [, ref] of refs) {
      const path = normalize(join(dirname(file), ref));
      if (!path.startsWith('pkg/snippets/')) queue.push(path);
    }
  }
  seen.delete(entry);
  return seen;
}

for (const page of PAGES) {
  test(`${page}: a modulepreload for each module it imports, and none other`, () => {
    const html = readFileSync(join(www, page), 'utf8');
    const scripts = tags(html, 'script').filter((s) => s.type === 'module' && s.src);
    assert.equal(scripts.length, 1, `${page} has one module script`);
    const expected = importGraph(normalize(scripts[0].src));
    const hinted = tags(html, 'link').filter((l) => l.rel === 'modulepreload').map((l) => normalize(l.href));
    assert.equal(new Set(hinted).size, hinted.length, `${page} names a module twice`);
    assert.deepEqual([...hinted].sort(), [...expected].sort(), `${page}'s modulepreload hints against its import graph`);
  });

  test(`${page}: the wasm module is preloaded as wasm-bindgen fetches it`, () => {
    const html = readFileSync(join(www, page), 'utf8');
    const wasm = tags(html, 'link').filter((l) => l.rel === 'preload' && l.href?.endsWith('.wasm'));
    assert.equal(wasm.length, 1, `${page} preloads one .wasm`);
    const [hint] = wasm;
    assert.equal(hint.href, 'pkg/go_score_bg.wasm');
    assert.equal(hint.as, 'fetch', 'a fetch() is what init() does');
    assert.ok('crossorigin' in hint, 'fetch() is a CORS request: without crossorigin the preload is not reused');
    const glue = readFileSync(join(www, 'pkg', 'go_score.js'), 'utf8');
    assert.match(glue, /new URL\('go_score_bg\.wasm', import\.meta\.url\)/, 'the glue fetches go_score_bg.wasm next to itself');
    assert.ok(existsSync(join(www, hint.href)), `${hint.href} is built`);
  });
}
