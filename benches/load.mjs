// First-visit load time of the page (www/index.html) and the lesson (www/lesson.html, five
// `<go-score>` widgets) in Debian Chromium through playwright-core, on throttled networks.
// Every run is a cold visit: a fresh browser context (empty HTTP cache, no service worker).
// The site is served by scripts/serve.mjs with the build's brotli and gzip copies, as a
// static host serves it.
//
// Measured per run, in the page: the time from navigation start to the first scored board
// (a total of the score table filled in, in the document or in a widget's shadow root), to
// the visit complete (the lesson: every board scored, each table on the page filled in; the
// page: `data-ready` on its body, set once the full module has come after the scoring core
// and the example's suggested dead stones are drawn), and the compressed bytes of every response that had finished by then (Resource Timing's
// encodedBodySize, the HTML included); on the server: the bytes of every response body sent
// during the visit, until the network has been quiet for two seconds (the service worker's
// precaching included). Prints the median of the runs, with the fastest and slowest.
//
// Networks, as the DevTools protocol's Network.emulateNetworkConditions applies them: each
// response waits `latency` ms, then arrives at the download rate.
//   fast3g  1.6 Mbit/s down, 750 kbit/s up, 150 ms    (WebPageTest's "3G Fast" figures;
//                                                     --chrome-presets: Chrome's own
//                                                     preset, 562.5 ms and 90 % of the rates,
//                                                     to fold packet overhead into them)
//   4g      9 Mbit/s down, 1.5 Mbit/s up, 60 ms       (Chrome's "Fast 4G"; its preset: 165 ms,
//                                                     90 % of the rates)
//   none    no throttling (loopback)
// The CPU is not slowed unless --cpu N says so (Emulation.setCPUThrottlingRate).
//
//   node benches/load.mjs [--runs N] [--quick] [--profiles fast3g,4g,none] [--pages index,lesson]
//                         [--cpu N] [--chrome-presets] [--json out.json]
//   (after scripts/build.sh; scripts/bench.sh --load builds and runs it)
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressTree } from '../scripts/compress.mjs';
import { startServer } from '../scripts/serve.mjs';
import { median, root } from './common.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const quick = args.includes('--quick');
const runs = Number(option('--runs', quick ? 3 : 5));
const cpu = Number(option('--cpu', 1));
const chromePresets = args.includes('--chrome-presets');
const jsonOut = option('--json', null);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number of runs, at least 1');
if (!(cpu >= 1)) throw new Error('--cpu wants a slowdown factor of 1 or more');

/** Mbit/s → bytes per second, as the DevTools protocol takes throughput. */
const rate = (mbit) => (mbit * 1e6) / 8;
const PROFILES = {
  fast3g: { label: 'Fast 3G', latency: 150, down: rate(1.6), up: rate(0.75) },
  '4g': { label: '4G', latency: 60, down: rate(9), up: rate(1.5) },
  none: { label: 'none', latency: 0, down: -1, up: -1 },
};
// Chrome's presets fold packet overhead in: latency × 3.75 (3G) or × 2.75 (4G), rates × 0.9.
const CHROME_LATENCY_FACTOR = { fast3g: 3.75, '4g': 2.75 };
const PAGES = {
  index: { label: 'page (index.html)', path: 'index.html', ready: true },
  lesson: { label: 'lesson (lesson.html)', path: 'lesson.html', ready: false },
};
const profiles = option('--profiles', 'fast3g,4g,none').split(',');
const pages = option('--pages', 'index,lesson').split(',');
for (const name of profiles) if (!PROFILES[name]) throw new Error(`unknown profile ${name}; known: ${Object.keys(PROFILES).join(', ')}`);
for (const name of pages) if (!PAGES[name]) throw new Error(`unknown page ${name}; known: ${Object.keys(PAGES).join(', ')}`);

/** The conditions sent to Network.emulateNetworkConditions for a profile, or null (none). */
function conditions(name) {
  const p = PROFILES[name];
  if (p.down < 0) return null;
  const factor = chromePresets ? CHROME_LATENCY_FACTOR[name] : 1;
  const share = chromePresets ? 0.9 : 1;
  return { offline: false, latency: p.latency * factor, downloadThroughput: p.down * share, uploadThroughput: p.up * share };
}

const www = join(root, 'www');
if (!existsSync(join(www, 'pkg', 'go_score_bg.wasm'))) throw new Error('www/pkg is missing: run scripts/build.sh first');
// The copies the server sends: fresh for whatever changed since the last build.
compressTree(www);

let served = [];
const server = await startServer({
  root: www,
  port: 0,
  onServe: ({ path, sent, encoding }) => served.push({ path, sent, encoding, at: Date.now() }),
});

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});

/**
 * Runs in the page before its scripts: records `window.__scoredAt` (ms since navigation
 * start) at the first frame where a score table shows a total, in the document or in any
 * open shadow root (the widgets'), and `window.__completeAt` at the first frame where every
 * board's table does (the lesson's five widgets; the page has one table) and, with `ready`,
 * the body says `data-ready`.
 */
function watchForScore(ready) {
  const cells = '[data-score="territory.black.total"]';
  const scored = (root) => [...root.querySelectorAll(cells)].some((cell) => /\d/.test(cell.textContent));
  const check = () => {
    const roots = [document, ...[...document.querySelectorAll('*')].filter((el) => el.shadowRoot).map((el) => el.shadowRoot)];
    const tables = roots.filter((root) => root.querySelector(cells));
    const done = tables.filter(scored).length;
    if (done && window.__scoredAt === undefined) window.__scoredAt = performance.now();
    const isReady = !ready || document.body?.dataset.ready === 'true';
    if (done && done === tables.length && document.readyState !== 'loading' && isReady) {
      window.__completeAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Waits until the server has sent nothing for `quietMs`. */
async function quiet(quietMs) {
  for (;;) {
    const last = served.length ? served[served.length - 1].at : 0;
    const wait = last + quietMs - Date.now();
    if (wait <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function visit(pageName, profileName) {
  served = [];
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const network = conditions(profileName);
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.addInitScript(watchForScore, PAGES[pageName].ready);
  await page.goto(server.url + PAGES[pageName].path, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__completeAt !== undefined, null, { timeout: 120_000, polling: 100 });
  const before = await page.evaluate(() => {
    const at = window.__scoredAt;
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    const done = entries.filter((e) => e.responseEnd <= at);
    return { at, complete: window.__completeAt, bytes: done.reduce((n, e) => n + e.encodedBodySize, 0), files: done.length };
  });
  await quiet(2000);
  await context.close();
  if (problems.length) throw new Error(`${pageName} on ${profileName}: ${problems.join('; ')}`);
  const wasm = served.find((r) => r.path.endsWith('.wasm'));
  return {
    ms: before.at,
    completeMs: before.complete,
    bytesBefore: before.bytes,
    filesBefore: before.files,
    bytesAll: served.reduce((n, r) => n + r.sent, 0),
    filesAll: served.length,
    wasmEncoding: wasm?.encoding ?? 'none',
  };
}

// Interleaved: run i of every page and profile before run i + 1, so a change in the
// machine's load spreads over all of them.
const results = new Map();
for (let i = 0; i < runs; i++) {
  for (const pageName of pages) {
    for (const profileName of profiles) {
      const key = `${pageName}/${profileName}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push(await visit(pageName, profileName));
    }
  }
}
await browser.close();
await server.close();

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const network = chromePresets ? "Chrome's presets (latency × 3.75 / × 2.75, rates × 0.9)" : 'nominal figures';
console.log(`\nFirst visit, cold cache: median of ${runs} runs (fastest–slowest); networks as ${network}; CPU ${cpu > 1 ? `slowed ${cpu}×` : 'not slowed'}`);
console.log('page                   network   first scored board                     complete   bytes before    files   bytes in all   files');
const rows = [];
for (const pageName of pages) {
  for (const profileName of profiles) {
    const list = results.get(`${pageName}/${profileName}`);
    const ms = list.map((r) => r.ms);
    const row = {
      page: pageName,
      network: profileName,
      ms: median(ms),
      completeMs: median(list.map((r) => r.completeMs)),
      msMin: Math.min(...ms),
      msMax: Math.max(...ms),
      bytesBefore: median(list.map((r) => r.bytesBefore)),
      filesBefore: median(list.map((r) => r.filesBefore)),
      bytesAll: median(list.map((r) => r.bytesAll)),
      filesAll: median(list.map((r) => r.filesAll)),
      wasmEncoding: list[0].wasmEncoding,
      runs: list,
    };
    rows.push(row);
    const time = `${(row.ms / 1000).toFixed(2)} s (${(row.msMin / 1000).toFixed(2)}–${(row.msMax / 1000).toFixed(2)})`;
    console.log(
      `${PAGES[pageName].label.padEnd(22)} ${PROFILES[profileName].label.padEnd(9)} ${time.padEnd(28)} ${`${(row.completeMs / 1000).toFixed(2)} s`.padStart(18)} ${kib(row.bytesBefore).padStart(14)} ${String(row.filesBefore).padStart(7)} ${kib(row.bytesAll).padStart(14)} ${String(row.filesAll).padStart(7)}`,
    );
  }
}
console.log(`wasm modules sent as: ${[...new Set(rows.map((r) => r.wasmEncoding))].join(', ')}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ runs, cpu, chromePresets, profiles: PROFILES, rows }, null, 2));
