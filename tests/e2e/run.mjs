// End-to-end tests of the page in Debian Chromium (playwright-core, no browser download).
// Serves www/ with the strict CSP header, runs each test in a fresh browser context,
// fails a test on any page error, console error or CSP violation, saves screenshots to
// artifacts/, prints each result and a final `N passed, N failed` line.
//
//   node tests/e2e/run.mjs            # all tests
//   node tests/e2e/run.mjs keyboard   # tests whose name contains "keyboard"

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../scripts/serve.mjs';
import { tests as pageTests } from './page.test.mjs';
import { tests as countTests } from './count.test.mjs';
import { tests as suggestTests } from './suggest.test.mjs';
import { tests as i18nTests } from './i18n.test.mjs';

const tests = [...pageTests, ...countTests, ...suggestTests, ...i18nTests];

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const www = path.join(root, 'www');
const artifacts = path.join(root, 'artifacts');

if (!existsSync(path.join(www, 'pkg', 'go_score.js')) || !existsSync(path.join(www, 'pkg', 'go_score_bg.wasm'))) {
  console.error('www/pkg is missing: build it first with\n  wasm-pack build --mode no-install --release --target web --out-dir www/pkg');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  console.error('playwright-core is not installed: run npm install (or npm install --no-save playwright-core@1.65.1)');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync(artifacts, { recursive: true });
// The run command's own server (CSP on HTML, .wasm as application/wasm), so the page is
// tested as it is served; every file sent is counted for the transfer-size figures.
const stats = { bytes: 0, gzipBytes: 0, requests: [] };
const server = await startServer({
  root: www,
  port: 0,
  onServe: ({ path, file, bytes }) => {
    const gzipBytes = gzipSync(readFileSync(file)).length;
    stats.bytes += bytes;
    stats.gzipBytes += gzipBytes;
    stats.requests.push({ path, bytes, gzipBytes });
  },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});

/** Opens a fresh context (empty localStorage) whose problems are collected in `problems`. */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  // Runs before the page's own scripts; collects CSP violations the page could not see.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return { context, page, problems };
}

const filter = process.argv[2] ?? '';
const TEST_TIMEOUT_MS = 90_000;
let passed = 0;
let failed = 0;
let skipped = 0;
/** Thrown by `env.skip(reason)`: the test does not apply to this build. */
class Skip extends Error {}
for (const { name, fn } of tests) {
  if (filter && !name.includes(filter)) continue;
  const opened = [];
  const env = {
    url: server.url,
    artifacts,
    stats,
    skip(reason) {
      throw new Skip(reason);
    },
    async open(options) {
      const handle = await newPage(options);
      opened.push(handle);
      return handle;
    },
  };
  const started = Date.now();
  let timer;
  try {
    await Promise.race([
      fn(env),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${TEST_TIMEOUT_MS / 1000} s`)), TEST_TIMEOUT_MS);
      }),
    ]);
    for (const { page, problems } of opened) {
      if (!page.isClosed()) {
        const violations = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
        problems.push(...violations.map((v) => `CSP violation: ${v}`));
      }
      if (problems.length) throw new Error(problems.join('\n'));
    }
    passed++;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    if (error instanceof Skip) {
      skipped++;
      // `skip NAME # reason`: scripts/test.sh reads the name and fails the run unless
      // tests/expected-skips.txt lists it.
      console.log(`skip ${name} # ${error.message}`);
      continue;
    }
    failed++;
    console.log(`FAIL ${name}\n     ${String(error?.stack ?? error).split('\n').join('\n     ')}`);
  } finally {
    clearTimeout(timer);
    for (const { context } of opened) await context.close().catch(() => {});
  }
}

await browser.close();
await server.close();
if (skipped) console.log(`(${skipped} skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
