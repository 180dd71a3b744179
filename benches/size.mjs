// Sizes of what go-score ships: the wasm modules (the full one and the widget's scoring core;
// raw, gzip -9, brotli q11) and the page's total transfer on a first visit. The page's files are found statically: www/index.html,
// the stylesheets, icons, scripts and images it loads, the ES modules reachable from its scripts by `import`, the wasm package and
// the service worker. (tests/e2e prints the same transfer as Chromium actually fetches it.)
//
//   node benches/size.mjs [--json out.json]      (after scripts/build.sh)
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('../', import.meta.url));
const www = join(root, 'www');
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

function sizes(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

/** The page's files: HTML links and scripts, then static and dynamic imports, transitively. */
function pageFiles() {
  const files = new Set(['index.html']);
  const queue = [];
  const html = readFileSync(join(www, 'index.html'), 'utf8');
  // What the browser fetches by itself: <link href>, <script src>, <img src>; not <a href>.
  const fetched = /<(?:link|script|img)\b[^>]*?\b(?:src|href)="([^"#?:]+)"/g;
  for (const [, ref] of html.matchAll(fetched)) queue.push(normalize(ref));
  if (existsSync(join(www, 'sw.js'))) queue.push('sw.js');
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file) || !existsSync(join(www, file))) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(join(www, file), 'utf8');
    const refs = [
      ...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g),
      ...text.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
      // wasm-bindgen's loader fetches its module next to itself.
      ...text.matchAll(/new URL\('([^']+\.wasm)', import\.meta\.url\)/g),
    ];
    for (const [, ref] of refs) queue.push(relative(www, join(www, dirname(file), ref)));
  }
  return [...files].sort();
}

const wasmFile = join(www, 'pkg', 'go_score_bg.wasm');
const coreFile = join(www, 'pkg-core', 'go_score_bg.wasm');
if (!existsSync(wasmFile) || !existsSync(coreFile)) throw new Error('www/pkg or www/pkg-core is missing: run scripts/build.sh first');
const wasm = sizes(wasmFile);
const core = sizes(coreFile);
const page = pageFiles().map((file) => ({ file, ...sizes(join(www, file)) }));
const total = page.reduce(
  (sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }),
  { raw: 0, gzip: 0, brotli: 0 },
);

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`.padStart(11);
console.log('\nSize                                 raw       gzip -9   brotli q11');
console.log(`wasm module (go_score_bg.wasm) ${kb(wasm.raw)}${kb(wasm.gzip)}${kb(wasm.brotli)}`);
console.log(`scoring core (pkg-core)       ${kb(core.raw)}${kb(core.gzip)}${kb(core.brotli)}`);
console.log(`page, first visit (${String(page.length).padStart(2)} files)  ${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}`);
for (const f of page) console.log(`  ${f.file.padEnd(29)}${kb(f.raw)}${kb(f.gzip)}${kb(f.brotli)}`);

if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ wasm, core, page, total }, null, 2));
