// What a first visit fetches before the first scored board, checked on the built site.
// - Preload hints match what the pages load: every module of a page's static import graph
//   (and the wasm glue, which the page imports at start) is a `modulepreload`, no hint names
//   a file the page does not load, and the wasm module the page starts with is preloaded the
//   way wasm-bindgen's loader fetches it (`as="fetch"` with CORS, or the browser fetches it
//   twice); a module it loads next may be preloaded too, at low priority. A module added to or dropped from a page's imports fails here until its HTML
//   says so.
// - Size budgets (sizes are deterministic; timings are benches/load.mjs's): each wasm module
//   gzip -9, and each page's bytes before its first score as served (brotli q11): the HTML,
//   its stylesheet, its module graph with the glue's snippets, and its first wasm module.
//   A budget is today's size with a little room: growth past it is a decision, made by
//   raising the figure here and saying why in the commit.
//
//   scripts/build.sh && node --test tests/node/first_visit.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const www = fileURLToPath(new URL('../../www/', import.meta.url));
/**
 * Each page, the wasm module it initialises first (the scoring core) and those it preloads at
 * low priority for later (the page's full module, for its suggestions, moves and SGF).
 */
const PAGES = {
  'index.html': { start: 'pkg-core/go_score_bg.wasm', later: ['pkg/go_score_bg.wasm'] },
  'lesson.html': { start: 'pkg-core/go_score_bg.wasm', later: [] },
};

/** KiB, gzip -9, per wasm module. */
const MODULE_BUDGETS = { 'pkg/go_score_bg.wasm': 261, 'pkg-core/go_score_bg.wasm': 82 };
/** KiB, brotli q11, per page, of what it fetches before its first score. */
const PAGE_BUDGETS = { 'index.html': 140, 'lesson.html': 129 };

const KIB = 1024;
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;

/** The `<link>` and `<script>` tags of an HTML file's head, as attribute maps. */
function tags(html, name) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attrs]) =>
    Object.fromEntries([...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? ''])),
  );
}

/**
 * The modules a module script brings in before it runs: its static imports, transitively,
 * plus the wasm glue in pkg/ when it imports that dynamically (the page loads it at start).
 * wasm-bindgen's snippets (pkg/snippets/<crate hash>/, pkg-core/…) are left out unless
 * `snippets` asks for them: their folder's name
 * is the build's, and the glue names them.
 */
function importGraph(entry, { snippets = false } = {}) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(www, file), 'utf8');
    const refs = [
      ...text.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/gm),
      ...text.matchAll(/\bimport\(\s*'(\.{1,2}\/pkg[^/']*\/[^']+)'\s*\)/g),
    ];
    for (const [, ref] of refs) {
      const path = normalize(join(dirname(file), ref));
      if (snippets || !/^pkg[^/]*\/snippets\//.test(path)) queue.push(path);
    }
  }
  seen.delete(entry);
  return seen;
}

for (const [page, { start: module, later }] of Object.entries(PAGES)) {
  test(`${page}: a modulepreload for each module it imports, and none other`, () => {
    const html = readFileSync(join(www, page), 'utf8');
    const scripts = tags(html, 'script').filter((s) => s.type === 'module' && s.src);
    assert.equal(scripts.length, 1, `${page} has one module script`);
    const expected = importGraph(normalize(scripts[0].src));
    const hinted = tags(html, 'link').filter((l) => l.rel === 'modulepreload').map((l) => normalize(l.href));
    assert.equal(new Set(hinted).size, hinted.length, `${page} names a module twice`);
    assert.deepEqual([...hinted].sort(), [...expected].sort(), `${page}'s modulepreload hints against its import graph`);
  });

  test(`${page}: the wasm module it starts with (${module}) is preloaded as wasm-bindgen fetches it`, () => {
    const html = readFileSync(join(www, page), 'utf8');
    const wasm = tags(html, 'link').filter((l) => l.rel === 'preload' && l.href?.endsWith('.wasm'));
    const first = wasm.filter((l) => l.fetchpriority !== 'low');
    assert.equal(first.length, 1, `${page} preloads one .wasm first`);
    assert.equal(first[0].href, module);
    assert.deepEqual(wasm.filter((l) => l.fetchpriority === 'low').map((l) => l.href), later, 'the modules preloaded for later');
    for (const hint of wasm) {
      assert.equal(hint.as, 'fetch', 'a fetch() is what init() does');
      assert.ok('crossorigin' in hint, 'fetch() is a CORS request: without crossorigin the preload is not reused');
      const glue = readFileSync(join(www, dirname(hint.href), 'go_score.js'), 'utf8');
      assert.match(glue, /new URL\('go_score_bg\.wasm', import\.meta\.url\)/, 'the glue fetches go_score_bg.wasm next to itself');
      assert.ok(existsSync(join(www, hint.href)), `${hint.href} is built`);
    }
  });
}

for (const [module, budget] of Object.entries(MODULE_BUDGETS)) {
  test(`${module}: at most ${budget} KiB gzip`, () => {
    const size = gzip(readFileSync(join(www, module))) / KIB;
    assert.ok(size <= budget, `${module} is ${size.toFixed(1)} KiB gzip, over its budget of ${budget} KiB`);
  });
}

for (const [page, budget] of Object.entries(PAGE_BUDGETS)) {
  test(`${page}: at most ${budget} KiB brotli before its first score`, () => {
    const html = readFileSync(join(www, page), 'utf8');
    const script = normalize(tags(html, 'script').find((s) => s.type === 'module').src);
    const styles = tags(html, 'link').filter((l) => l.rel === 'stylesheet').map((l) => normalize(l.href));
    const files = [page, ...styles, script, ...importGraph(script, { snippets: true }), PAGES[page].start];
    assert.ok(files.some((f) => /^pkg[^/]*\/snippets\//.test(f)), 'the glue\'s snippets are counted');
    const size = files.reduce((sum, file) => sum + brotli(readFileSync(join(www, file))), 0) / KIB;
    assert.ok(size <= budget, `${page} fetches ${size.toFixed(1)} KiB before its first score, over its budget of ${budget} KiB (${files.length} files)`);
  });
}
