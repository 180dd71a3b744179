// Tests of the npm package as users get it: packs it (scripts/pack.sh), installs the tarball
// into a scratch project under target/npm/scratch (with vite and typescript, cached there
// between runs), then: imports it from Node (ESM and CommonJS) and scores; type-checks a
// typed example with tsc; builds a Vite app that imports it and runs it in Chromium; loads
// the <go-score> widget from a plain HTML page under a strict CSP and click-scores a
// position; runs the `go-score` command with npx (tests/npm/cli.mjs). Prints each result and
// a final `N passed, N failed` line.
//
//   node tests/npm/run.mjs            all tests (packs with --no-build when builds exist)
//   node tests/npm/run.mjs widget     tests whose name contains "widget"
//   node tests/npm/run.mjs cli:       the command's tests

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { LANGUAGES } from '../../www/js/i18n.js';
import { registerCliTests } from './cli.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const out = path.join(root, 'target', 'npm');
const scratch = path.join(out, 'scratch');
const artifacts = path.join(root, 'artifacts');
const VERSIONS = { vite: '7.3.8', typescript: '5.9.3' };
const filter = process.argv[2] ?? '';

function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

/** A scratch-project file written from text. */
function write(relative, text) {
  const file = path.join(scratch, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// ---- Pack and install ----

const built = ['www/pkg/go_score.js', 'www/pkg/go_score_bg.wasm', 'pkg/node/go_score.js'].every((f) => existsSync(path.join(root, f)));
let tarball;
try {
  tarball = path.resolve(root, run(path.join(root, 'scripts', 'pack.sh'), built ? ['--no-build'] : [], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').pop());
  mkdirSync(scratch, { recursive: true });
  // The scratch project is kept between runs (vite and typescript stay installed); the
  // package itself is removed and installed afresh from the new tarball every run.
  write('package.json', JSON.stringify({
    name: 'go-score-scratch',
    private: true,
    type: 'module',
    dependencies: { 'go-score': `file:${tarball}` },
    devDependencies: VERSIONS,
  }, null, 2));
  rmSync(path.join(scratch, 'node_modules', 'go-score'), { recursive: true, force: true });
  rmSync(path.join(scratch, 'package-lock.json'), { force: true });
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--cache', path.join(out, 'npm-cache')], { cwd: scratch });
} catch (error) {
  console.error(`packing or installing failed: ${error.stderr ?? ''}${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const installed = path.join(scratch, 'node_modules', 'go-score');

/** The 7×5 position of the widget and Node tests: a lone black stone (5,1) inside White's area. */
const ROWS = ['.X.O...', '.X.O.X.', '.X.O...', '.X.O...', '.X.O...'];

/** Runs a script in the scratch project with Node and returns what it printed as JSON. */
function nodeJson(file, text) {
  write(file, text);
  return JSON.parse(run(process.execPath, [file], { cwd: scratch }));
}

// ---- Tests ----

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('package: only what users need, and the Node entry exports what the browser entry does', async () => {
  const files = run('tar', ['-tzf', tarball]).trim().split('\n').map((f) => f.replace(/^package\//, '')).sort();
  // The JS snippet the wasm exports import, in wasm-bindgen's own layout.
  const snippets = files.filter((f) => /^pkg(-core)?\/snippets\/go-score-[0-9a-f]+\/js\/boundary\.js$/.test(f));
  assert.equal(snippets.length, 2, 'one JS snippet for each module');
  const expected = [
    'LICENSE', 'README.md', 'package.json',
    'pkg/go_score.js', 'pkg/go_score.d.ts', 'pkg/go_score_bg.wasm', 'pkg/go_score_bg.wasm.d.ts', ...snippets,
    // The widget's scoring core (scripts/build.sh): its first boards need no more.
    'pkg-core/go_score.js', 'pkg-core/go_score_bg.wasm',
    'node/go_score.js', 'node/go_score.d.ts', 'node/index.mjs', 'node/package.json',
    'js/go-score-element.js', 'js/go-score-element.d.ts', 'js/controller.js', 'js/goban.js', 'js/panel.js', 'js/state.js',
    'js/engine.js', 'js/line.js', 'js/history.js',
    'js/count-view.js', 'js/count-words.js', 'js/suggest.js', 'js/diagram.js', 'js/i18n.js',
    ...LANGUAGES.map(([code]) => `js/i18n/${code}.js`),
    'bin/go-score.mjs', 'cli/main.mjs', 'cli/output.mjs', 'cli/score.mjs', 'cli/walk.mjs', 'cli/worker.mjs',
  ].sort();
  assert.deepEqual(files, expected);
  const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.name, 'go-score');
  assert.match(readFileSync(path.join(root, 'Cargo.toml'), 'utf8'), new RegExp(`^version = "${manifest.version}"`, 'm'));
  const names = nodeJson('exports.mjs', `
    const web = await import('go-score/pkg/go_score.js'.replace('go-score/', './node_modules/go-score/'));
    const node = await import('go-score');
    console.log(JSON.stringify({ web: Object.keys(web).sort(), node: Object.keys(node).sort() }));
  `);
  assert.deepEqual(names.node, names.web);
  console.log(`  tarball ${path.basename(tarball)}: ${readFileSync(tarball).length} bytes`);
});

test('node: import (ESM) scores synchronously, no init needed', async () => {
  const got = nodeJson('node-esm.mjs', `
    import { scoreBoard, classifyRegions, Game, scoreSgf } from 'go-score';
    const rows = ${JSON.stringify(ROWS)};
    const plain = scoreBoard({ board: rows });
    const marked = scoreBoard({ board: rows, dead: [[5, 1]], rules: 'japanese' });
    const regions = classifyRegions({ board: rows, dead: [[5, 1]] });
    const game = new Game({ width: 5 });
    game.play(2, 2);
    let error = null;
    try { scoreBoard({ board: ['XX', 'X'] }); } catch (e) { error = { isError: e instanceof Error, message: e.message }; }
    const sgf = scoreSgf('(;SZ[5]KM[0.5];B[cc];W[])');
    console.log(JSON.stringify({ plain, marked, regions: regions.regions.length, board: game.board, error, sgf: sgf.result }));
  `);
  // Japanese rules: Black's column 0 (5 points); before the mark, White's side holds a black
  // stone and is nobody's; marked dead, it is White's 15 points + 1 prisoner; komi 6.5.
  assert.equal(got.plain.territory.black.territory, 5);
  assert.equal(got.plain.territory.white.territory, 0);
  assert.equal(got.plain.result, 'W+1.5');
  assert.equal(got.marked.territory.white.territory, 15);
  assert.equal(got.marked.territory.white.prisoners, 1);
  assert.equal(got.marked.result, 'W+17.5');
  assert.ok(got.regions >= 3);
  assert.equal(got.board[2][2], 1);
  assert.deepEqual(got.error, { isError: true, message: got.error.message });
  // Rows are zero-based, as vertices are.
  assert.equal(got.error.message, 'board row 1 has 1 points, expected 2');
  // One black stone alone on 5×5, White passed, Japanese rules by default: Black's 24 points
  // of territory against komi 0.5.
  assert.equal(got.sgf, 'B+23.5');
});

test('readme: the three-line example runs as printed', async () => {
  const readme = readFileSync(path.join(installed, 'README.md'), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(readme)[1];
  assert.equal(example.trim().split('\n').length, 3);
  const expected = /\/\/ '([^']+)'/.exec(example)[1];
  write('readme-example.mjs', example);
  assert.equal(run(process.execPath, ['readme-example.mjs'], { cwd: scratch }).trim(), expected);
});

test('node: require (CommonJS) and the browser-shaped await init() agree', async () => {
  const got = nodeJson('node-cjs.cjs', `
    const { scoreBoard } = require('go-score');
    console.log(JSON.stringify(scoreBoard({ board: ${JSON.stringify(ROWS)}, dead: [[5, 1]] })));
  `);
  const esm = nodeJson('node-init.mjs', `
    import init, { scoreBoard } from 'go-score';
    await init();
    console.log(JSON.stringify(scoreBoard({ board: ${JSON.stringify(ROWS)}, dead: [[5, 1]] })));
  `);
  assert.deepEqual(got, esm);
  assert.equal(got.result, 'W+17.5');
});

test('types: tsc --noEmit over the typed example (strict; wrong uses must fail)', async () => {
  cpSync(path.join(here, 'example.ts'), path.join(scratch, 'ts', 'example.ts'));
  write('ts/tsconfig.json', JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler',
      lib: ['es2022', 'esnext.disposable', 'dom', 'dom.iterable'], types: [], skipLibCheck: false,
    },
    files: ['example.ts'],
  }, null, 2));
  try {
    run(path.join(scratch, 'node_modules', '.bin', 'tsc'), ['-p', 'ts'], { cwd: scratch });
  } catch (error) {
    throw new Error(`tsc failed:\n${error.stdout}${error.stderr}`);
  }
  // No `any` in what users call: every public declaration but wasm-bindgen's raw InitOutput.
  const declarations = readFileSync(path.join(installed, 'pkg', 'go_score.d.ts'), 'utf8');
  const publicPart = declarations.replace(/export interface InitOutput \{[\s\S]*?\n\}/, '');
  const anys = publicPart.split('\n').filter((line) => /\bany\b/.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//'));
  assert.deepEqual(anys, []);
});

let browser = null;
async function launch() {
  const { chromium } = await import('playwright-core');
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return browser;
}

/** A page on `url` whose page errors, console errors and CSP violations are collected. */
async function open(url) {
  const context = await (await launch()).newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Failed requests are reported with their URL below; the console's copy has none.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(url);
  return { context, page, problems };
}

test('vite: a Vite 7 app that imports the package builds and scores in Chromium', async () => {
  cpSync(path.join(here, 'vite-app'), path.join(scratch, 'vite-app'), { recursive: true });
  try {
    run(path.join(scratch, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(scratch, 'vite-app') });
  } catch (error) {
    throw new Error(`vite build failed:\n${error.stdout}${error.stderr}`);
  }
  const server = await startServer({ root: path.join(scratch, 'vite-app', 'dist'), port: 0 });
  try {
    const { context, page, problems } = await open(server.url);
    await page.waitForFunction(() => document.body.dataset.result || document.body.dataset.error, null, { timeout: 20_000 });
    const body = await page.evaluate(() => ({ ...document.body.dataset }));
    assert.equal(body.error, undefined);
    assert.equal(body.result, 'W+17.5');
    // The widget came along in the bundle and scored its own position, with the lone black
    // stone suggested dead (Score mode suggests by default).
    await page.waitForFunction(() => document.body.dataset.widget, null, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.widget), 'W+17.5');
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test('widget: plain <script type="module"> page, strict CSP, click-score, boards independent', async () => {
  cpSync(path.join(here, 'plain'), path.join(scratch, 'plain'), { recursive: true });
  const server = await startServer({ root: scratch, port: 0 });
  try {
    const base = server.url;
    const { context, page, problems } = await open(new URL('plain/index.html', base).href);
    await page.waitForFunction(() => window.events?.length >= 3, null, { timeout: 20_000 });
    const first = await page.evaluate(() => window.events.map(({ id, result }) => ({ id, result: result.result })));
    assert.deepEqual(first.map((e) => e.id).sort(), ['lesson', 'other', 'suggesting']);
    // suggest="off": the position as it stands; by default the lone black stone is suggested
    // dead, and the score shown (and sent) counts it so, labelled as suggested.
    assert.equal(first.find((e) => e.id === 'lesson').result, 'W+1.5');
    assert.equal(first.find((e) => e.id === 'suggesting').result, 'W+17.5');
    const suggesting = await page.evaluate(() => {
      const element = document.getElementById('suggesting');
      const shadow = element.shadowRoot;
      return {
        suggestions: element.suggestions,
        rings: Number(shadow.querySelector('.suggested-mark')?.getAttribute('data-points') ?? 0),
        crosses: shadow.querySelectorAll('.dead-cross').length,
        sentence: shadow.querySelector('.result').textContent,
        accept: !shadow.querySelector('button[data-action="accept"]').hidden,
        lessonRings: document.getElementById('lesson').shadowRoot.querySelectorAll('.suggested-mark').length,
      };
    });
    assert.deepEqual(suggesting, {
      suggestions: [[5, 1]], rings: 1, crosses: 0, sentence: 'Suggested: White wins by 17.5 points (W+17.5), Japanese rules, territory counting.',
      accept: true, lessonRings: 0,
    });

    // Mark the lone black stone dead with a click on it.
    await page.locator('#lesson circle.stone[data-point="12"]').click();
    await page.waitForFunction(() => window.events.filter((e) => e.id === 'lesson').length >= 2, null, { timeout: 10_000 });
    const events = await page.evaluate(() => window.events);
    const last = events[events.length - 1];
    assert.equal(last.id, 'lesson');
    const expected = nodeJson('widget-expected.mjs', `
      import { scoreBoard } from 'go-score';
      console.log(JSON.stringify(scoreBoard({ board: ${JSON.stringify(ROWS)}, dead: [[5, 1]], rules: 'japanese', komi: 6.5,
        handicap: 0, captures: { black: 0, white: 0 }, passes: { black: 0, white: 0 } })));
    `);
    assert.deepEqual(last.result, expected);
    const dom = await page.locator('#lesson').evaluate(({ shadowRoot: shadow, result }) => ({
      sentence: shadow.querySelector('.result').textContent,
      whiteTotal: shadow.querySelector('[data-score="territory.white.total"]').textContent,
      deadCrosses: shadow.querySelectorAll('.dead-cross').length,
      whiteTerritory: Number(shadow.querySelector('.territory-white')?.getAttribute('data-points') ?? 0),
      property: result.result,
    }));
    assert.match(dom.sentence, /White wins by 17\.5 points \(W\+17\.5\)/);
    assert.equal(dom.whiteTotal, '22.5');
    assert.equal(dom.deadCrosses, 1);
    assert.equal(dom.whiteTerritory, 15);
    assert.equal(dom.property, 'W+17.5');

    // The other board (play mode) did not move; a move there changes only its own score.
    assert.equal(events.filter((e) => e.id === 'other').length, 1);
    await page.locator('#other').evaluate((el) => el.scrollIntoView());
    const box = await page.locator('#other svg.goban').boundingBox();
    // 9×9 without coordinates: the viewBox is -0.75 … 8.75, so point (4, 4) is the centre.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.events.filter((e) => e.id === 'other').length >= 2, null, { timeout: 10_000 });
    const after = await page.evaluate(() => ({
      lesson: document.getElementById('lesson').result.result,
      otherStones: document.getElementById('other').shadowRoot.querySelectorAll('.stone-black').length,
      otherStatus: document.getElementById('other').shadowRoot.querySelector('.status').textContent,
    }));
    assert.deepEqual(after, { lesson: 'W+17.5', otherStones: 1, otherStatus: 'White to play' });

    // Attributes apply to the position shown: rules change the count, not the marks.
    await page.evaluate(() => document.getElementById('lesson').setAttribute('rules', 'chinese'));
    await page.waitForFunction(() => window.events.at(-1).result.rules === 'chinese', null, { timeout: 10_000 });
    const chinese = await page.evaluate(() => window.events.at(-1));
    assert.equal(chinese.id, 'lesson');
    assert.equal(chinese.result.method, 'area');
    assert.equal(chinese.result.komi, 6.5);
    assert.equal(chinese.result.area.white.territory, 15);
    // Keyboard, inside the shadow root: the cursor stands where the last click was, (5, 1);
    // Enter there takes the dead mark back.
    await page.locator('#lesson svg.goban').focus();
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
    assert.equal(await page.evaluate(() => document.getElementById('lesson').shadowRoot.querySelector('.cursor').getAttribute('visibility')), 'visible');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.events.at(-1).result.territory.white.territory === 0, null, { timeout: 10_000 });
    assert.deepEqual(await page.evaluate(() => document.getElementById('lesson').scoreInput().dead), []);

    // Another language from the installed catalogues, live, under the strict CSP.
    await page.evaluate(() => document.getElementById('other').setAttribute('lang', 'ko'));
    await page.waitForFunction(() => document.getElementById('other').shadowRoot.querySelector('.status').textContent === '백 차례', null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.getElementById('other').shadowRoot.querySelector('[data-action="pass"]').textContent), '패스');
    await page.evaluate(() => document.getElementById('other').removeAttribute('lang'));
    await page.waitForFunction(() => document.getElementById('other').language === 'en', null, { timeout: 10_000 });

    // Set-up mode: a click on an empty point places the selected colour.
    await page.evaluate(() => document.getElementById('other').setAttribute('mode', 'setup'));
    await page.locator('#other button[data-action="white"]').click();
    const setupBox = await page.locator('#other svg.goban').boundingBox();
    await page.mouse.click(setupBox.x + setupBox.width / 2 + setupBox.width / 9.5, setupBox.y + setupBox.height / 2);
    await page.waitForFunction(() => document.getElementById('other').shadowRoot.querySelectorAll('.stone-white').length === 1, null, { timeout: 10_000 });
    assert.deepEqual(await page.evaluate(() => document.getElementById('other').scoreInput().board[4]), [0, 0, 0, 0, 1, -1, 0, 0, 0]);

    // A mode added to MODES by the page draws its own board and fills its own area.
    await page.evaluate(() => document.getElementById('other').setAttribute('mode', 'demo'));
    const demo = await page.locator('#other').evaluate(({ shadowRoot: shadow }) => ({
      area: shadow.querySelector('.mode-area').textContent,
      black: shadow.querySelectorAll('.stone-black').length,
      white: shadow.querySelectorAll('.stone-white').length,
      panelHidden: shadow.querySelector('.panel').hidden,
    }));
    assert.deepEqual(demo, { area: `demo: ${await page.evaluate(() => document.getElementById('other').result.result)} in 1 regions`, black: 0, white: 1, panelHidden: true });

    // A bad attribute is reported in the element, not thrown at the page.
    const bad = await page.evaluate(() => document.getElementById('bad').shadowRoot.querySelector('.error').textContent);
    assert.match(bad, /an attribute is wrong: position: board row 1 has 1 points, expected 2/);
    // Themeable: a custom property set on the host reaches the board inside the shadow root.
    const wood = await page.evaluate(() => getComputedStyle(document.getElementById('other').shadowRoot.querySelector('.wood-mid')).stopColor);
    assert.equal(wood, 'rgb(0, 128, 0)');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'npm-widget.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

registerCliTests(test, { scratch, installed, root });

// ---- Runner ----

let passed = 0;
let failed = 0;
for (const { name, fn } of tests) {
  if (!name.includes(filter)) continue;
  const start = Date.now();
  try {
    await fn();
    passed++;
    console.log(`ok   ${name} (${Date.now() - start} ms)`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n${String(error.stack ?? error).replace(/^/gm, '     ')}`);
  }
}
await browser?.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
