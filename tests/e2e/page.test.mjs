// The page's tests. Each gets `env` with `open(options)` → `{ page, context, problems }`,
// `url`, `artifacts` and the server's `stats`. Problems (page errors, console errors, CSP
// violations) fail the test in run.mjs.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// ---- Helpers ----

/** Types `value` into the field `selector` and leaves it with Tab, as a user does (its change fires). */
async function enter(page, selector, value) {
  await page.fill(selector, value);
  await page.press(selector, 'Tab');
}

/** Loads the page (optionally with a hash) and waits for the scorer to be ready. */
export async function load(page, url, hash = '') {
  await page.goto(url + (hash ? `#${hash}` : ''));
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
}

/** Viewport coordinates of board point `[x, y]`. */
export async function pointPosition(page, x, y) {
  return page.evaluate(([px, py]) => {
    const svg = document.getElementById('goban');
    const p = new DOMPoint(px, py).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, [x, y]);
}

export async function clickPoint(page, x, y, modifiers = []) {
  const { x: cx, y: cy } = await pointPosition(page, x, y);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.click(cx, cy);
  for (const key of modifiers) await page.keyboard.up(key);
}

/** Every `[data-score]` cell of the panel as numbers (results stay text). */
export async function readScores(page) {
  const cells = await page.$$eval('[data-score]', (nodes) => nodes.map((n) => [n.dataset.score, n.textContent]));
  const scores = {};
  for (const [key, text] of cells) {
    const parts = key.split('.');
    let target = scores;
    for (const part of parts.slice(0, -1)) target = target[part] ??= {};
    const leaf = parts.at(-1);
    target[leaf] = leaf === 'result' ? text : Number(text.replace('−', '-'));
  }
  return scores;
}

/** `scoreBoard(input)` computed in the page by the same module the page uses. */
export async function scoreInPage(page, input) {
  return page.evaluate(async (inp) => {
    const module = await import('/pkg/go_score.js');
    await module.default();
    return module.scoreBoard(inp);
  }, input);
}

const FIELDS = ['territory', 'stones', 'prisoners', 'komi', 'handicapCompensation', 'passStones', 'neutralShare', 'total'];

/** Asserts that the panel shows exactly what `scoreBoard` returned. */
export function assertPanelMatches(panel, result) {
  for (const method of ['territory', 'area']) {
    for (const side of ['black', 'white']) {
      for (const field of FIELDS) {
        assert.equal(panel[method][side][field], result[method][side][field], `${method}.${side}.${field}`);
      }
    }
    assert.equal(panel[method].result, result[method].result, `${method}.result`);
    assert.equal(panel[method].margin, result[method].margin, `${method}.margin`);
  }
}

/** Stones drawn on the board: `{ point: { color, dead, suggested } }` (suggested: a suggested dead stone not yet accepted). */
export async function drawnStones(page) {
  return page.$$eval('#goban circle.stone', (nodes) =>
    Object.fromEntries(nodes.map((n) => [n.dataset.point, {
      color: n.classList.contains('stone-black') ? 1 : -1, dead: n.classList.contains('dead'), suggested: n.classList.contains('suggested'),
    }])));
}

export async function setMode(page, mode) {
  await page.check(`input[name=mode][value=${mode}]`, { force: true });
}

export async function shot(page, env, name) {
  const file = path.join(env.artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The wasm module the page loads, in Node: for the tests that run without a browser. */
async function nodeModule() {
  const module = await import('../../www/pkg/go_score.js');
  module.initSync({ module: readFileSync(new URL('../../www/pkg/go_score_bg.wasm', import.meta.url)) });
  return module;
}

const rowsToSigns = (rows) => rows.map((row) => [...row].map((ch) => (ch === 'X' ? 1 : ch === 'O' ? -1 : 0)));

// A 9×9 position set up by clicks: Black owns x < 4, White x > 5, one dead stone each.
export const KNOWN = [
  '.O..XO...',
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO...',
  '....XO.X.',
  '....XO...',
];
export const KNOWN_DEAD = [[1, 0], [7, 7]];

/**
 * Builds KNOWN on a fresh 9×9 board by clicking, then marks its dead stones by hand (Score
 * mode suggests them first; those suggestions are cleared, one undo step).
 */
async function setUpKnown(page) {
  await page.selectOption('#size', '9');
  await setMode(page, 'setup');
  await page.check('input[name=tool][value=black]', { force: true });
  for (let y = 0; y < 9; y++) await clickPoint(page, 4, y);
  await clickPoint(page, 7, 7);
  await page.check('input[name=tool][value=white]', { force: true });
  for (let y = 0; y < 9; y++) await clickPoint(page, 5, y);
  await clickPoint(page, 1, 0);
  await setMode(page, 'score');
  await page.waitForSelector('#accept-suggestions', { state: 'visible' });
  await page.click('#clear-dead');
  for (const [x, y] of KNOWN_DEAD) await clickPoint(page, x, y);
}

// ---- The stored text form (runs in Node: state.js is a plain module) ----

test('state text form: random documents round-trip; bad or hostile text is rejected with a message', async () => {
  const state = await import('../../www/js/state.js');
  const rules = (await nodeModule()).rulesets().map(({ name }) => name);
  let seed = 12345;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < 300; i++) {
    const width = 1 + random(52);
    const height = 1 + random(52);
    let doc = state.emptyDoc(width, height, rules[random(7)], (random(40) - 10) / 2);
    const stones = doc.stones.map(() => [0, 0, 1, -1][random(4)]);
    const marks = stones.map((s, p) => (s && random(5) === 0 ? p : -1)).filter((p) => p >= 0);
    const placed = stones.map((s, p) => (s ? p : -1)).filter((p) => p >= 0);
    doc = state.withChanges(doc, {
      stones,
      dead: state.normalizeDead(doc, stones, marks),
      handicap: random(Math.min(10, width * height + 1)),
      captures: { black: random(100), white: random(100) },
      passes: { black: random(4), white: random(4) },
      lastToPlay: [null, 'black', 'white'][random(3)],
      toPlay: ['black', 'white'][random(2)],
      lastMove: placed.length && random(2) ? placed[random(placed.length)] : -1,
    });
    const mode = ['setup', 'play', 'score'][random(3)];
    const back = state.parse(state.serialize(doc, mode), rules);
    assert.deepEqual(back, { doc, mode }, `document ${i} (${width}×${height})`);
  }
  const bad = [
    '', 'v=2', 'v=1&s=0x0&b=.', 'v=1&s=53x1&b=53.', 'v=1&s=2x2&b=5.', 'v=1&s=2x2&b=3.', 'v=1&s=2x2&b=4.&d=aa',
    'v=1&s=2x2&b=4.&d=zz', '&&', 'v=1&v=1', 'v=1&s=2x2&b=4.&k=6.3', 'v=1&s=2x2&b=4.&k=NaN', 'v=1&s=2x2&b=4.&k=1e9',
    'v=1&s=2x2&b=4.&c=-1,0', 'v=1&s=2x2&b=4.&c=1', 'v=1&s=2x2&b=4.&r=go', 'v=1&s=2x2&b=4.&r=__proto__', '%E0%A4%A',
    'v=1&s=2x2&b=4.&__proto__=1', 'v=1&s=2x2&b=9999999X', 'v=1&s=2x2&b=<img src=x onerror=alert(1)>',
    'v=1&s=2x2&b=4.&m=<script>', 'v=1&s=2x2&b=4.&h=5', 'v=1&s=2x2&b=X3.&ko=aa', 'v=1&s=2x2&b=4.&lm=aa', 'x'.repeat(30000),
  ];
  for (const text of bad) {
    assert.throws(() => state.parse(text, rules), (error) => error instanceof Error && error.message.length > 0, JSON.stringify(text.slice(0, 40)));
  }
});

test('Play through the controller (controller.js, line.js): captures, suicide by ruleset, simple ko, passes, undo', async () => {
  const state = await import('../../www/js/state.js');
  const { Controller } = await import('../../www/js/controller.js');
  const line = await import('../../www/js/line.js');
  const { ENGLISH } = await import('../../www/js/i18n.js');
  const api = await nodeModule();
  const said = [];
  const controller = new Controller({ tr: ENGLISH, changed: (text) => said.push(text), refused: (text) => said.push(`refused: ${text}`) });
  Object.assign(controller, { api, line, mode: 'play' });
  const start = (rows, rules = 'japanese', changes = {}) => controller.reset(state.withChanges(state.emptyDoc(rows[0].length, rows.length, rules), {
    stones: rows.join('').split('').map((c) => (c === 'X' ? 1 : c === 'O' ? -1 : 0)),
    ...changes,
  }));
  const at = (x, y) => y * controller.doc.width + x;
  /** Plays at [x, y]; returns the refusal's words, or null when the move was played. */
  const play = (x, y) => {
    const before = controller.doc;
    const n = said.length;
    controller.act(at(x, y));
    const refusal = said.length > n && said.at(-1).startsWith('refused: ') ? said.at(-1) : null;
    assert.equal(controller.doc === before, refusal !== null, 'a refused move changes nothing, a played one the document');
    return refusal;
  };
  // Black captures two white stones at the edge.
  start(['XOO.', '.XX.', '....']);
  assert.equal(play(3, 0), null);
  assert.equal(said.at(-1), 'Black played D3.');
  let { doc } = controller;
  assert.deepEqual(doc.stones.slice(0, 4), [1, 0, 0, 1]);
  assert.deepEqual(doc.captures, { black: 2, white: 0 });
  assert.equal(doc.toPlay, 'white');
  assert.equal(doc.lastToPlay, 'black');
  // Suicide of a chain: illegal under Japanese rules; under New Zealand rules the chain
  // comes off, White's prisoners. A lone stone's suicide is no move under any rules.
  const corner = ['X.O.', 'XO..', 'O...'];
  start(corner);
  assert.match(play(1, 0), /^refused: B3: .+/);
  start(corner, 'nz');
  assert.equal(play(1, 0), null);
  doc = controller.doc;
  assert.deepEqual([doc.stones[0], doc.stones[1], doc.stones[4]], [0, 0, 0]);
  assert.deepEqual(doc.captures, { black: 0, white: 3 });
  start(['.O..', 'O...'], 'nz');
  assert.match(play(0, 0), /suicide/);
  // Simple ko: White takes, Black may not retake at once, may after a move elsewhere.
  start(['.XO.', 'X.XO', '.XO.', '....'], 'japanese', { toPlay: 'white' });
  assert.equal(play(1, 1), null);
  assert.equal(controller.doc.stones[at(2, 1)], 0, 'White took the stone at [2, 1]');
  assert.match(play(2, 1), /ko/);
  assert.equal(play(0, 3), null);
  assert.equal(play(3, 3), null);
  assert.equal(play(2, 1), null);
  assert.equal(controller.doc.stones[at(1, 1)], 0, 'Black retook after the ko threat');
  // Undo takes the engine back too: the ko is again not to be retaken at once.
  for (let i = 0; i < 3; i++) assert.ok(controller.undo());
  assert.match(play(2, 1), /ko/);
  assert.ok(controller.redo());
  // Passes count and hand the turn over; an occupied point is refused.
  controller.pass();
  assert.deepEqual(controller.doc.passes, { black: 0, white: 1 });
  assert.equal(controller.doc.toPlay, 'black');
  assert.match(play(1, 0), /holds a/);
});

test('undo history: steps, coalesced typing, a limit, and a text form restored only for its position', async () => {
  const { History } = await import('../../www/js/history.js');
  const { emptyDoc, withChanges } = await import('../../www/js/state.js');
  const a = emptyDoc(9);
  const b = withChanges(a, { komi: 1 });
  const c = withChanges(b, { komi: 12 });
  const d = withChanges(c, { komi: 0.5 });
  // The app records the document being replaced: a → b ("1" typed) → c ("12") → d.
  const history = new History();
  history.record(a, 'komi');
  history.record(b, 'komi'); // typing "12" after "1": one step
  history.record(c);
  assert.equal(history.undo(d), c);
  assert.equal(history.undo(c), a, 'the typed run was one step');
  assert.equal(history.undo(a), null);
  assert.equal(history.redo(a), c);
  const limited = new History(2);
  for (const doc of [a, b, c]) limited.record(doc);
  assert.equal(limited.undo(d), c);
  assert.equal(limited.undo(c), b);
  assert.equal(limited.undo(b), null, 'only the last 2 steps are kept');
  const text = limited.toText(b, 10);
  const restored = new History();
  assert.equal(restored.restore(text, a), false, 'not for another position');
  assert.equal(restored.restore(text, b), true);
  assert.equal(restored.redo(b).komi, c.komi);
  const hostile = JSON.stringify({ current: JSON.parse(text).current, past: ['<script>'], future: [] });
  assert.throws(() => new History().restore(hostile, b), /key=value/);
});

// ---- The first page ----

test('a 19×19 board from the API; a click marks a chain dead; both scores update', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  assert.equal(await page.$$eval('#goban .grid-lines', (n) => n.length), 1);
  const viewBox = await page.getAttribute('#goban', 'viewBox');
  assert.ok(viewBox, 'the board has a viewBox');
  const stones = await drawnStones(page);
  assert.ok(Object.keys(stones).length > 40, 'the example position has stones');
  const whiteDead = [[3, 3], [3, 4], [4, 4], [2, 14]];
  // The example opens with these suggested dead (not marked); a click rejects the suggestion.
  for (const [x, y] of whiteDead) assert.ok(stones[y * 19 + x].suggested && !stones[y * 19 + x].dead, `[${x}, ${y}] is suggested`);
  const suggested = await readScores(page);
  // Hovering shows what a click would change: the chain and the other white stone in the area.
  await page.mouse.move(...Object.values(await pointPosition(page, 3, 3)));
  assert.equal(await page.$$eval('#goban .target', (n) => n.length), 4);
  await clickPoint(page, 3, 3);
  const rejected = await drawnStones(page);
  for (const [x, y] of whiteDead) assert.ok(!rejected[y * 19 + x].suggested && !rejected[y * 19 + x].dead, `[${x}, ${y}] is alive`);
  assert.match(await page.textContent('#status'), /D16: suggestion rejected, alive/);
  const before = await readScores(page);
  assert.equal(before.territory.black.prisoners, suggested.territory.black.prisoners - 4, 'the rejected stones are no prisoners');
  // The white stone at [3, 3] is dead in Black's area after all: one click marks its chain.
  await clickPoint(page, 3, 3);
  const after = await drawnStones(page);
  for (const [x, y] of whiteDead) assert.ok(after[y * 19 + x].dead, `[${x}, ${y}] is marked dead`);
  assert.ok(!after[9 * 19 + 8].dead, 'a black wall stone stays alive');
  const scores = await readScores(page);
  assert.notDeepEqual(scores.territory, before.territory, 'territory counting changed');
  assert.notDeepEqual(scores.area, before.area, 'area counting changed');
  assert.ok(scores.territory.black.prisoners >= before.territory.black.prisoners + 3, 'Black gets the dead stones as prisoners');
  assert.ok(scores.area.black.territory >= before.area.black.territory + 3, 'the points under dead stones become Black area');
  await shot(page, env, 'first-page-score-1280x800');
});

// ---- The page, feature by feature ----

test('the example game: with its dead stones marked, both counts agree and say why', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await page.click('#accept-suggestions');
  const panel = await readScores(page);
  assert.equal(panel.territory.result, panel.area.result);
  assert.equal(await page.textContent('#difference'), 'Both methods give the same margin.');
  assertPanelMatches(panel, await scoreInPage(page, {
    board: await page.evaluate(async () => (await import('/js/state.js')).scoreInput((await import('/js/example.js')).exampleDoc()).board),
    dead: [[3, 3], [2, 14], [15, 15], [15, 3]], komi: 6.5,
    captures: { black: 2, white: 3 }, passes: { black: 1, white: 1 }, lastToPlay: 'white',
  }));
});

test('a position set up by clicking scores as scoreBoard says, with the hand count', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await setUpKnown(page);
  const stones = await drawnStones(page);
  const signs = rowsToSigns(KNOWN);
  for (let y = 0; y < 9; y++) {
    for (let x = 0; x < 9; x++) assert.equal(stones[y * 9 + x]?.color ?? 0, signs[y][x], `stone at [${x}, ${y}]`);
  }
  assert.ok(stones[1].dead && stones[7 * 9 + 7].dead, 'both marked stones are dead');
  const panel = await readScores(page);
  const expected = await scoreInPage(page, {
    board: KNOWN, dead: KNOWN_DEAD, rules: 'japanese', komi: 6.5, handicap: 0,
    captures: { black: 0, white: 0 }, passes: { black: 0, white: 0 },
  });
  assertPanelMatches(panel, expected);
  // Counted by hand: Black 36 territory (the dead stone's point included) + 1 prisoner;
  // White 27 + 1 + komi 6.5. Area: 36 + 9 stones against 27 + 9 + 6.5.
  assert.equal(panel.territory.black.total, 37);
  assert.equal(panel.territory.white.total, 34.5);
  assert.equal(panel.area.black.total, 45);
  assert.equal(panel.area.white.total, 42.5);
  assert.equal(panel.territory.result, 'B+2.5');
  assert.match(await page.textContent('#result'), /Black wins by 2\.5 points \(B\+2\.5\)/);
  // Chinese rules: komi follows the ruleset, the official method is area.
  await page.selectOption('#rules', 'chinese');
  assert.equal(await page.inputValue('#komi'), '7.5');
  const chinese = await readScores(page);
  assert.equal(chinese.area.white.total, 43.5);
  assert.equal(chinese.area.result, 'B+1.5');
  assert.match(await page.textContent('#official'), /Chinese rules count by area/);
});

test('captures, passes and handicap reach the scorer; the difference is explained', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await setUpKnown(page);
  await enter(page, '#captures-black', '4');
  await enter(page, '#passes-white', '2');
  await page.selectOption('#last-to-play', 'black');
  const panel = await readScores(page);
  const expected = await scoreInPage(page, {
    board: KNOWN, dead: KNOWN_DEAD, rules: 'japanese', komi: 6.5, handicap: 0,
    captures: { black: 4, white: 0 }, passes: { black: 0, white: 2 }, lastToPlay: 'black',
  });
  assertPanelMatches(panel, expected);
  assert.equal(panel.territory.black.prisoners, 5);
  const words = await page.textContent('#difference');
  assert.match(words, /Black played last/);
  assert.match(words, /White passed 2 times more/);
});

test('undo and redo step through every action', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await setUpKnown(page);
  const marked = await readScores(page);
  await page.click('#undo');
  let stones = await drawnStones(page);
  assert.ok(!stones[7 * 9 + 7].dead, 'undo unmarks the last marked stone');
  assert.ok(stones[1].dead, 'the first mark stays');
  await page.click('#undo');
  stones = await drawnStones(page);
  assert.ok(!stones[1].dead, 'a second undo unmarks the first');
  await page.click('#undo');
  stones = await drawnStones(page);
  assert.ok(stones[1].suggested && stones[7 * 9 + 7].suggested && !stones[1].dead, 'a third undo brings back the cleared suggestions');
  await page.click('#undo');
  stones = await drawnStones(page);
  assert.equal(stones[1], undefined, 'a fourth undo takes the last stone placed off');
  await page.click('#redo');
  await page.click('#redo');
  await page.click('#redo');
  await page.keyboard.press('Control+Shift+Z');
  assert.deepEqual(await readScores(page), marked, 'redo brings every step back');
  await page.selectOption('#rules', 'aga');
  assert.equal(await page.inputValue('#komi'), '7.5');
  await page.keyboard.press('Control+Z');
  assert.equal(await page.inputValue('#rules'), 'japanese', 'undo covers settings');
  assert.equal(await page.inputValue('#komi'), '6.5');
  assert.deepEqual(await readScores(page), marked);
  // Typing a number updates the score at each key but is one step for undo.
  await page.fill('#captures-white', '');
  await page.type('#captures-white', '12');
  assert.equal((await readScores(page)).territory.white.prisoners, marked.territory.white.prisoners + 12);
  await page.focus('#goban');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await readScores(page), marked);
  assert.equal(await page.inputValue('#captures-white'), '0');
});

test('a reload keeps the position, marks, settings and mode', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await setUpKnown(page);
  await page.selectOption('#rules', 'korean');
  await enter(page, '#komi', '0.5');
  const before = await readScores(page);
  const stonesBefore = await drawnStones(page);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.deepEqual(await readScores(page), before);
  assert.deepEqual(await drawnStones(page), stonesBefore);
  assert.equal(await page.inputValue('#rules'), 'korean');
  assert.equal(await page.inputValue('#komi'), '0.5');
  assert.ok(await page.isChecked('input[name=mode][value=score]'));
  // Undo still works after the reload: the komi change comes back off.
  await page.click('#undo');
  assert.equal(await page.inputValue('#komi'), '6.5');
  await page.click('#redo');
  assert.equal(await page.inputValue('#komi'), '0.5');
  // The same without the hash: localStorage alone restores it.
  await page.goto(env.url);
  await page.waitForSelector('body[data-ready=true]');
  assert.deepEqual(await readScores(page), before);
});

test('a shared URL opens the same position in a fresh browser', async (env) => {
  const first = await env.open();
  await load(first.page, env.url);
  await setUpKnown(first.page);
  await enter(first.page, '#handicap', '2');
  const link = first.page.url();
  assert.match(link, /#v=1&/);
  const before = await readScores(first.page);
  const second = await env.open();
  await second.page.goto(link);
  await second.page.waitForSelector('body[data-ready=true]');
  assert.deepEqual(await readScores(second.page), before);
  assert.deepEqual(await drawnStones(second.page), await drawnStones(first.page));
  assert.equal(await second.page.inputValue('#handicap'), '2');
  // Opening a link where another position was saved: Undo brings that one back.
  const own = await readScores(first.page);
  const third = await first.context.newPage();
  third.on('pageerror', (error) => first.problems.push(`page error: ${error.message}`));
  await load(third, env.url, 'v=1&s=5x5&b=5.XXXXX15.&m=score');
  assert.equal((await readScores(third)).area.black.total, 25);
  assert.match(await third.textContent('#status'), /Undo goes back to your own/);
  await third.click('#undo');
  assert.deepEqual(await readScores(third), own);
});

test('keyboard only: Tab to the board, arrows and Enter mark a group dead', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  // The first visit opens the example in Score mode.
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate(() => document.activeElement?.id === 'goban')) break;
    await page.keyboard.press('Tab');
  }
  assert.ok(await page.evaluate(() => document.activeElement?.id === 'goban'), 'Tab reaches the board');
  const suggested = await readScores(page);
  // The cursor starts at the centre [9, 9]; walk to the suggested dead black stone at [15, 15].
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  assert.match(await page.textContent('#cursor-status'), /^Q4: black stone, suggested dead \(not yet accepted\)/);
  // Enter rejects the suggestion: the chain and the other black stone in White's area live.
  await page.keyboard.press('Enter');
  let stones = await drawnStones(page);
  for (const p of [15 * 19 + 15, 15 * 19 + 16, 3 * 19 + 15]) assert.ok(!stones[p].dead && !stones[p].suggested, `point ${p} is alive`);
  const before = await readScores(page);
  assert.equal(before.territory.white.prisoners, suggested.territory.white.prisoners - 3);
  // Space marks them dead.
  await page.keyboard.press('Space');
  stones = await drawnStones(page);
  assert.ok(stones[15 * 19 + 15].dead && stones[15 * 19 + 16].dead, 'the chain is dead');
  assert.ok(stones[3 * 19 + 15].dead, 'the other dead black stone in the same territory too');
  const after = await readScores(page);
  assert.equal(after.territory.white.prisoners, before.territory.white.prisoners + 3);
  assert.deepEqual(after, suggested, 'marked by hand as suggested: the same score');
  // A accepts the suggestions still waiting (the white stones in Black's area).
  assert.ok(await page.isVisible('#accept-suggestions'));
  await page.keyboard.press('a');
  stones = await drawnStones(page);
  assert.ok([[3, 3], [3, 4], [4, 4], [2, 14]].every(([x, y]) => stones[y * 19 + x].dead), 'A made the suggestions marks');
  assert.ok(await page.isHidden('#accept-suggestions'));
  assert.deepEqual(await readScores(page), suggested);
  await page.keyboard.press('Space');
  assert.deepEqual(await readScores(page), before, 'Space toggles the black stones alive again');
});

test('keyboard only: set up stones with B / W and Enter, pass with P', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, 'v=1&s=9x9&b=81.&m=setup');
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.id === 'goban')); i++) await page.keyboard.press('Tab');
  // The cursor starts at the centre [4, 4].
  await page.keyboard.press('w');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('b');
  await page.keyboard.press(' ');
  const stones = await drawnStones(page);
  assert.equal(stones[4 * 9 + 4]?.color, -1);
  assert.equal(stones[4 * 9 + 3]?.color, 1);
  await page.keyboard.press('Control+z');
  assert.equal((await drawnStones(page))[4 * 9 + 3], undefined, 'Ctrl+Z on the board undoes');
  await page.click('input[name=mode][value=play]', { force: true });
  await page.focus('#goban');
  await page.keyboard.press('p');
  assert.equal(await page.inputValue('#passes-black'), '1');
});

test('handicap stones go on their star points and White plays next', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, 'v=1&s=19x19&b=361.&m=setup');
  await page.fill('#handicap', '4');
  // Komi follows the ruleset's handicap default while it was the default.
  const handicapKomi = (await scoreInPage(page, { board: ['..'], handicap: 2 })).komi;
  assert.equal(await page.inputValue('#komi'), String(handicapKomi));
  await page.click('#place-handicap');
  const stones = await drawnStones(page);
  assert.deepEqual(Object.keys(stones).map(Number).sort((a, b) => a - b), [3 * 19 + 3, 3 * 19 + 15, 15 * 19 + 3, 15 * 19 + 15]);
  await setMode(page, 'play');
  assert.equal(await page.textContent('#to-play'), 'White to play');
  const panel = await readScores(page);
  assert.equal(panel.area.black.stones, 4);
  await page.selectOption('#rules', 'chinese');
  assert.equal((await readScores(page)).area.white.handicapCompensation, 4, 'Chinese rules give White 1 point per handicap stone');
});

test('handicap: the library places the stones (19×19, 9 stones; an 8×8 board takes the corners only); Play and Score modes', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, 'v=1&s=19x19&b=361.&m=setup');
  await page.fill('#handicap', '9');
  await page.click('#place-handicap');
  const expected = await page.evaluate(async () => (await import('/pkg/go_score.js')).handicapPoints(19, 19, 9));
  const star = (c) => [3, 9, 15].includes(c);
  assert.ok(expected.length === 9 && expected.every(([x, y]) => star(x) && star(y)), 'the nine star points');
  const stones = await drawnStones(page);
  assert.deepEqual(Object.keys(stones).map(Number).sort((a, b) => a - b), expected.map(([x, y]) => y * 19 + x).sort((a, b) => a - b));
  assert.ok(Object.values(stones).every(({ color }) => color === 1));
  await setMode(page, 'play');
  assert.equal(await page.textContent('#to-play'), 'White to play');
  await clickPoint(page, 16, 2);
  assert.equal((await drawnStones(page))[2 * 19 + 16]?.color, -1, 'White plays first');
  await shot(page, env, 'handicap-19-play');
  await setMode(page, 'score');
  const panel = await readScores(page);
  assert.equal(panel.area.black.stones, 9);
  assert.equal(panel.territory.white.komi, 0.5, 'handicap komi');
  await shot(page, env, 'handicap-19-score');
  // 8×8: no centre line, so the corners only: 4 stones go down, 5 are refused with a reason.
  const { page: small } = await env.open();
  await load(small, env.url, 'v=1&s=8x8&b=64.&m=setup');
  await small.fill('#handicap', '4');
  await small.click('#place-handicap');
  assert.deepEqual(Object.keys(await drawnStones(small)).map(Number).sort((a, b) => a - b), [2 * 8 + 2, 2 * 8 + 5, 5 * 8 + 2, 5 * 8 + 5]);
  await small.click('#clear');
  await small.fill('#handicap', '5');
  await small.click('#place-handicap');
  assert.deepEqual(await drawnStones(small), {});
  assert.match(await small.textContent('#settings-error'), /no fixed placement for 5 handicap stones on this 8×8 board/);
});

test('Copy link puts the position link on the clipboard', async (env) => {
  const { page, context } = await env.open();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url.replace(/\/$/, '') });
  await load(page, env.url);
  await clickPoint(page, 3, 3);
  await page.click('#copy-link');
  await page.waitForFunction(() => /Link copied|address bar/.test(document.getElementById('status').textContent));
  assert.match(await page.textContent('#status'), /Link copied/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
});

// A small game with hostile text in every info field, ending in two passes; TB/TW mark
// the white stone at [2, 2]... as dead inside Black's territory.
const HOSTILE_SGF = '(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]'
  + 'PB[<img src=x onerror="window.__pwned=1">]PW[<script>window.__pwned=2</script>]GN[a&amp;b]RE[B+R]'
  + 'AB[da][db][dc][dd][de][df][dg][dh][di]AW[ea][eb][ec][ed][ee][ef][eg][eh][ei][cc]'
  + ';B[bb];W[gg];B[];W[]TB[aa][ba][ca][ab][bb][cb][ac][bc][cc][ad][bd][cd][ae][be][ce][af][bf][cf][ag][bg][cg][ah][bh][ch][ai][bi][ci])';

test('SGF: opening a record shows its final position, dead marks and info as plain text', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await page.setInputFiles('#open-sgf', { name: 'hostile.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(HOSTILE_SGF) });
  await page.waitForFunction(() => document.querySelectorAll('#goban circle.stone').length === 21);
  const info = await page.textContent('#game-info');
  assert.ok(info.includes('<img src=x onerror="window.__pwned=1"> (B)'), info);
  assert.ok(info.includes('<script>window.__pwned=2</script> (W)'), info);
  assert.equal(await page.$$eval('#game-info *', (n) => n.length), 0, 'no element was made from the text');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const stones = await drawnStones(page);
  assert.ok(stones[2 * 9 + 2].dead, 'the TB-marked white stone is dead');
  assert.ok(await page.isChecked('input[name=mode][value=score]'));
  assert.equal(await page.inputValue('#passes-black'), '1');
  assert.equal(await page.inputValue('#last-to-play'), 'white');
  const expected = await page.evaluate(async (sgf) => {
    const module = await import('/pkg/go_score.js');
    return module.scoreSgf(sgf);
  }, HOSTILE_SGF);
  assertPanelMatches(await readScores(page), expected);
  await shot(page, env, 'sgf-opened');
});

// An OGS record whose count depends on the server's convention: goscorer's false-eye board
// (tests/fixtures/goscorer_positions.jsonl, test_false_eyes), with false eyes at E8, G4 and
// J4 that must be filled. The rules count them for nobody, OGS as territory.
const OGS_SGF = '(;GM[1]SZ[9]PC[OGS: https://online-go.com/game/1]RU[Japanese]KM[0.5]RE[W+0.5]'
  + 'AB[ab][bb][cb][db][fb][gb][cc][ec][gc][gd][ge][ie][ff][hf][gg][ig][ih]'
  + 'AW[bc][dc][fc][ad][cd][dd][fd][ce][de][ee][fe][df][eg][fg][hg][dh][fh][hh][fi][gi][hi])';

test('SGF: a record whose server counts otherwise shows both counts and marks the point', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  assert.ok(await page.isHidden('#server-count'));
  await page.setInputFiles('#open-sgf', { name: 'ogs.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(OGS_SGF) });
  await page.waitForSelector('#server-count:not([hidden])');
  assert.match(
    await page.textContent('#server-count'),
    /^W\+3\.5 by the rules; W\+0\.5 as OGS counts \(false eyes counted as territory: E8, G4,? and J4\)$/,
  );
  assert.equal(await page.getAttribute('#goban path.server-point', 'data-points'), '3');
  await shot(page, env, 'server-count-ogs');
  // The panel itself keeps the rules' count.
  const expected = await page.evaluate(async (sgf) => (await import('/pkg/go_score.js')).scoreSgf(sgf), OGS_SGF);
  assert.equal(expected.result, 'W+3.5');
  assertPanelMatches(await readScores(page), expected);
  // A new board forgets the server.
  await page.click('#clear');
  await page.waitForSelector('#server-count[hidden]', { state: 'attached' });
  assert.equal(await page.$$eval('#goban path.server-point', (n) => n.length), 0);
});

test('widget: a record whose server counts otherwise shows both counts and marks the points', async (env) => {
  const { page } = await env.open();
  await page.goto(`${env.url}lesson.html`);
  await page.waitForFunction(() => customElements.get('go-score'));
  await page.evaluate((sgf) => {
    const element = document.createElement('go-score');
    element.id = 'ogs';
    element.setAttribute('position', sgf);
    document.querySelector('main').prepend(element);
  }, OGS_SGF);
  await page.waitForFunction(() => document.getElementById('ogs').result, null, { timeout: 15000 });
  const shown = await page.evaluate(() => {
    const shadow = document.getElementById('ogs').shadowRoot;
    const line = shadow.querySelector('.server-count');
    return { hidden: line.hidden, text: line.textContent, marked: shadow.querySelector('path.server-point')?.dataset.points };
  });
  assert.equal(shown.hidden, false);
  assert.match(shown.text, /^W\+3\.5 by the rules; W\+0\.5 as OGS counts \(false eyes counted as territory: E8, G4,? and J4\)$/);
  assert.equal(shown.marked, '3');
  assert.equal(await page.evaluate(() => document.getElementById('ogs').result.result), 'W+3.5');
});

// Nothing a file contains runs in the page, whichever field or message carries it.
test('SGF: markup in every text field, in the file name and in quoted errors stays text', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  const payload = (n) => `<img src=x onerror="window.__pwned=${n}">`;
  const sgf = `(;GM[1]FF[4]SZ[9]EV[${payload(1)}]DT[${payload(2)}]GN[<script>window.__pwned=3</script>]`
    + `RE[${payload(4)}]PC[${payload(5)}]C[${payload(6)}];B[ee]C[${payload(7)}];W[cc])`;
  await page.setInputFiles('#open-sgf', { name: `${payload(8)}.sgf`, mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await page.waitForFunction(() => document.querySelectorAll('#goban circle.stone').length === 2);
  assert.ok((await page.textContent('#status')).includes(payload(8)), 'the file name is shown as text');
  // An error message that quotes the file: an unreadable komi.
  const bad = `(;GM[1]FF[4]SZ[9]KM[${payload(9)}];B[ee])`;
  await page.setInputFiles('#open-sgf', { name: 'bad.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(bad) });
  await page.waitForSelector('#notice:not([hidden])');
  const notice = await page.textContent('#notice-text');
  assert.ok(notice.startsWith('This SGF could not be opened'), notice);
  for (const selector of ['#game-info', '#status', '#notice-text']) {
    assert.equal(await page.$$eval(`${selector} *`, (n) => n.length), 0, `no element made in ${selector}`);
  }
  assert.equal(await page.$$eval('img', (n) => n.length), 0, 'no image element anywhere');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

test('SGF: a file dropped on the board opens', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await page.evaluate((sgf) => {
    const data = new DataTransfer();
    data.items.add(new File([sgf], 'dropped.sgf', { type: 'application/x-go-sgf' }));
    const frame = document.getElementById('board-frame');
    frame.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    frame.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, '(;GM[1]FF[4]SZ[13]PB[Ann]PW[Bo];B[dd];W[jj];B[dj])');
  await page.waitForFunction(() => document.querySelectorAll('#goban circle.stone').length === 3);
  assert.equal(await page.getAttribute('#goban', 'viewBox'), '-1.25 -1.25 14.5 14.5');
  assert.equal(await page.textContent('#game-info'), 'Ann (B) vs Bo (W)');
  assert.match(await page.textContent('#status'), /Opened dropped\.sgf: 3 moves/);
});

test('SGF: a broken file is reported and changes nothing', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  const before = await readScores(page);
  await page.setInputFiles('#open-sgf', { name: 'cut.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from('(;SZ[19]AB[dd') });
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await page.textContent('#notice'), /could not be opened: .*SGF/);
  assert.deepEqual(await readScores(page), before);
});

test('SGF: Save SGF downloads the position with territory marked', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  // Suggestions waiting are not marks: the file has none.
  const [unmarked] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  assert.doesNotMatch(readFileSync(await unmarked.path(), 'utf8'), /T[BW]\[/);
  await page.click('#accept-suggestions');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /^\(;GM\[1\]/);
  assert.match(text, /AB\[/);
  assert.match(text, /TB\[/);
  assert.match(text, /RE\[B\+/);
});

test('Play with the Game engine: ko cannot be retaken at once', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, 'v=1&s=9x9&b=81.&m=play');
  // A ko: Black at [1,0] [0,1] [2,1] [1,2]; White at [2,0] [3,1] [2,2]; White takes at [1,1].
  for (const [x, y] of [[1, 0], [2, 0], [0, 1], [3, 1], [2, 1], [2, 2], [1, 2], [8, 8]]) await clickPoint(page, x, y);
  // Black to play; Black passes the turn with a far move, White takes the ko at [1, 1].
  await clickPoint(page, 8, 0);
  await clickPoint(page, 1, 1);
  let stones = await drawnStones(page);
  assert.equal(stones[1 * 9 + 2], undefined, 'White took the black stone at [2, 1]');
  await clickPoint(page, 2, 1);
  stones = await drawnStones(page);
  assert.equal(stones[1 * 9 + 2], undefined, 'Black may not retake at once');
  assert.match(await page.textContent('#status'), /ko/i);
  // A move elsewhere, then undo: the engine takes it back too and still knows the ko.
  await clickPoint(page, 8, 2);
  await page.click('#undo');
  await clickPoint(page, 2, 1);
  assert.equal((await drawnStones(page))[1 * 9 + 2], undefined, 'still no retake after undo');
  assert.match(await page.textContent('#status'), /ko/i);
});

test('Suggest dead stones marks what estimateDeadStones returns, as one undo step', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  const before = await readScores(page);
  await page.click('#estimate-dead');
  const expected = await page.evaluate(async () => {
    const module = await import('/pkg/go_score.js');
    const { exampleDoc } = await import('/js/example.js');
    const { scoreInput } = await import('/js/state.js');
    const { board, rules } = scoreInput(exampleDoc());
    return module.estimateDeadStones({ board, rules }).dead;
  });
  const stones = await drawnStones(page);
  for (const [x, y] of expected) assert.ok(stones[y * 19 + x].dead, `[${x}, ${y}] is marked`);
  await page.click('#undo');
  assert.deepEqual(await readScores(page), before);
});

test('Play mode alternates colours, captures and counts them, and passes', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await page.selectOption('#size', '9');
  await setMode(page, 'play');
  // Black surrounds the white stone at [1, 0]; Black's move at [0, 0] takes it.
  for (const [x, y] of [[2, 0], [1, 0], [1, 1], [8, 8], [0, 0]]) await clickPoint(page, x, y);
  const stones = await drawnStones(page);
  assert.equal(stones[1], undefined, 'the white stone was captured');
  assert.equal(await page.inputValue('#captures-black'), '1');
  assert.equal(await page.textContent('#to-play'), 'White to play');
  await page.click('#pass');
  assert.equal(await page.inputValue('#passes-white'), '1');
  assert.equal(await page.inputValue('#last-to-play'), 'white');
  await clickPoint(page, 0, 0);
  assert.match(await page.textContent('#status'), /occupied|holds a/);
});

test('corrupt or hostile stored state is ignored with a notice and never runs', async (env) => {
  const { page, context } = await env.open();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('go-score:position', 'v=1&s=19x19&b=<img src=x onerror="window.__pwned=1">');
      localStorage.setItem('go-score:prefs', '{"tool": "<script>window.__pwned=2</script>", "coords": "yes"');
    }
  });
  await load(page, env.url, 'v=1&s=99x99&b=%3Cscript%3Ewindow.__pwned%3D3%3C%2Fscript%3E');
  assert.equal(await page.isVisible('#notice'), true);
  assert.match(await page.textContent('#notice'), /position in this link could not be read/);
  assert.match(await page.textContent('#notice'), /saved position could not be read/);
  assert.match(await page.textContent('#notice'), /display settings could not be read/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$$eval('#goban .grid-lines', (n) => n.length), 1, 'the board is drawn');
  assert.equal(await page.$$eval('img', (n) => n.length), 0);
  await shot(page, env, 'hostile-state-notice');
});

test('API errors show in the page and the action is kept', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await page.selectOption('#size', '9');
  await setMode(page, 'setup');
  // A white stone in the corner, then black on both its liberties: not a legal position.
  await page.check('input[name=tool][value=white]', { force: true });
  await clickPoint(page, 0, 0);
  await page.check('input[name=tool][value=black]', { force: true });
  await clickPoint(page, 1, 0);
  await clickPoint(page, 0, 1);
  assert.equal(await page.isVisible('#api-error'), true);
  assert.match(await page.textContent('#api-error'), /no liberties/);
  assert.equal(Object.keys(await drawnStones(page)).length, 3, 'the stones stay on the board');
  // Play mode from that position says why no move can be played, and nothing breaks.
  await setMode(page, 'play');
  await clickPoint(page, 5, 5);
  assert.match(await page.textContent('#status'), /F4: /);
  await setMode(page, 'setup');
  await page.click('#undo');
  assert.equal(await page.isVisible('#api-error'), false);
});

test('the board: sizes 9, 13, 19 with their star points, coordinates without I, toggle, hover ghost', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  for (const [size, stars, viewBox] of [[9, 5, '-1.25 -1.25 10.5 10.5'], [13, 5, '-1.25 -1.25 14.5 14.5'], [19, 9, '-1.25 -1.25 20.5 20.5']]) {
    await page.selectOption('#size', String(size));
    assert.equal(await page.$$eval('#goban .star', (n) => n.length), stars, `${size}×${size} star points`);
    assert.equal(await page.getAttribute('#goban', 'viewBox'), viewBox);
  }
  const columns = await page.$$eval('#goban .coord', (n) => n.map((t) => t.textContent));
  assert.equal([...new Set(columns.filter((c) => /^[A-Z]$/.test(c)))].join(''), 'ABCDEFGHJKLMNOPQRST', 'letters skip I');
  assert.ok(columns.includes('19') && columns.includes('1'));
  const topLeft = await page.$$eval('#goban .coord', (n) => n.filter((t) => Number(t.getAttribute('y')) === 0).map((t) => t.textContent));
  assert.ok(topLeft.includes('19'), 'numbers count from the bottom');
  await page.uncheck('#coords');
  assert.equal(await page.$$eval('#goban .coord', (n) => n.length), 0);
  assert.equal(await page.getAttribute('#goban', 'viewBox'), '-0.75 -0.75 19.5 19.5');
  await setMode(page, 'setup');
  await page.check('input[name=tool][value=white]', { force: true });
  await page.mouse.move(...Object.values(await pointPosition(page, 6, 6)));
  assert.equal(await page.getAttribute('#goban .ghost', 'visibility'), 'visible');
  assert.match(await page.getAttribute('#goban .ghost', 'class'), /ghost-white/);
  assert.equal(await page.getAttribute('#goban .ghost', 'cx'), '6');
});

test('without the wasm module the board still works and says why there is no score', async (env) => {
  const { page, problems } = await env.open();
  await page.route('**/pkg/go_score_bg.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(env.url);
  await page.waitForSelector('#api-error:not([hidden])');
  assert.match(await page.textContent('#api-error'), /scoring module did not load/);
  await setMode(page, 'setup');
  await clickPoint(page, 6, 6);
  assert.equal((await drawnStones(page))[6 * 19 + 6]?.color, 1, 'set-up still works');
  assert.match(await page.textContent('#api-error'), /scoring module did not load/, 'the reason stays');
  assert.match(page.url(), /#v=1&/, 'and is saved');
  // The failed download is expected here, not a problem of the page.
  problems.splice(0, problems.length, ...problems.filter((p) => !/404|WebAssembly|wasm/i.test(p)));
});

test('the first score comes from the scoring core; suggestions and SGF follow with the full module', async (env) => {
  const { page } = await env.open();
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route('**/pkg/go_score_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(env.url);
  await page.waitForFunction(() => document.querySelector('[data-score="area.black.total"]')?.textContent !== '');
  const first = await readScores(page);
  assert.ok(Number.isFinite(first.area.black.total) && first.area.result, 'the example is scored');
  assert.equal(await page.getAttribute('body', 'data-ready'), null, 'while the full module is held back');
  assert.equal(await page.$$eval('#goban .suggested-mark', (nodes) => nodes.length), 0, 'no suggestions before the estimator');
  assert.ok(await page.isHidden('#open-sgf-label'), 'SGF waits for the full module');
  release();
  await page.waitForSelector('body[data-ready=true]');
  assert.ok((await page.$$eval('#goban .suggested-mark', (nodes) => nodes.length)) > 0, "the example's suggestions come with the estimator");
  assert.notDeepEqual(await readScores(page), first, 'and are counted');
  assert.ok(await page.isVisible('#open-sgf-label'));
});

test('custom board sizes up to 52×52', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await page.selectOption('#size', 'custom');
  await page.fill('#width', '52');
  await page.fill('#height', '7');
  await page.click('#apply-size');
  assert.equal(await page.getAttribute('#goban', 'viewBox'), '-1.25 -1.25 53.5 8.5');
  await setMode(page, 'setup');
  await clickPoint(page, 51, 6);
  const stones = await drawnStones(page);
  assert.equal(stones[6 * 52 + 51]?.color, 1);
  const panel = await readScores(page);
  assert.equal(panel.area.black.total, 52 * 7);
  await page.fill('#width', '53');
  await page.click('#apply-size');
  assert.match(await page.textContent('#settings-error'), /Width must be a whole number from 0 to 52/);
});

test('Score mode overlay: territory, dame, seki and false-eye marks follow classifyRegions', async (env) => {
  const positions = readFileSync(path.join(FIXTURES, 'goscorer_positions.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  const fixture = positions.find((p) => p.name === 'test_final_scoring_2');
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const dead = [];
  fixture.dead.forEach((row, y) => [...row].forEach((ch, x) => ch === 'd' && dead.push([x, y])));
  const hash = `v=1&s=${fixture.width}x${fixture.height}&b=${fixture.stones.join('')}&d=${dead.map(([x, y]) => letters[x] + letters[y]).join('')}&k=0&m=score`;
  const { page } = await env.open();
  await load(page, env.url, hash);
  const input = { board: fixture.stones, dead, komi: 0 };
  const classification = await page.evaluate(async (inp) => {
    const module = await import('/pkg/go_score.js');
    return module.classifyRegions(inp);
  }, input);
  const pointsOf = (kinds) => classification.regions.filter((r) => kinds.includes(r.kind)).reduce((n, r) => n + r.points.length, 0);
  const owned = classification.regions.filter((r) => r.kind === 'territory' && r.owner).reduce((n, r) => n + r.points.length, 0);
  const count = (selector) => page.$$eval(`#goban ${selector}`, (n) => n.reduce((sum, path) => sum + Number(path.dataset.points), 0));
  // Seki and false eyes are drawn wherever classifyRegions reports them (this fixture has
  // both by goscorer's reading; the counts follow whatever the core finds).
  assert.equal(await count('.seki-point'), pointsOf(['seki']));
  assert.equal(await count('.dame-point'), pointsOf(['dame', 'neutral']));
  assert.equal(await count('.territory'), owned);
  assert.equal(await count('.false-eye'), classification.regions.reduce((n, r) => n + r.falseEyes.length, 0));
  assert.equal(await count('.dead-cross'), dead.length);
  assert.ok(await page.isVisible('#legend'));
  assertPanelMatches(await readScores(page), await scoreInPage(page, input));
  // goscorer's area score of this position, komi 0: Black 21, White 22.
  const panel = await readScores(page);
  assert.equal(panel.area.black.total, 21);
  assert.equal(panel.area.white.total, 22);
  await shot(page, env, 'overlay-seki-false-eye');
  // The seki and false-eye drawing itself, fed a classification that has both.
  const drawn = await page.evaluate(async () => {
    const { Goban } = await import('/js/goban.js');
    const { emptyDoc } = await import('/js/state.js');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    document.body.appendChild(svg);
    const doc = emptyDoc(5);
    doc.stones[12] = 1;
    new Goban(svg, { onAct() {} }).render(doc, {
      mode: 'score', coords: false, lastMove: -1,
      classification: {
        regions: [{ id: 0, kind: 'seki', owner: null, points: [[0, 0], [1, 0]], falseEyes: [[4, 4]] }],
        groups: [{ id: 0, color: 'black', status: 'seki', stones: [[2, 2]] }],
      },
    });
    const result = ['.seki-point', '.false-eye'].map((s) => [...svg.querySelectorAll(s)].reduce((n, path) => n + Number(path.dataset.points), 0));
    svg.remove();
    return result;
  });
  assert.deepEqual(drawn, [2, 1]);
});

test('touch: a tap on a phone rejects a suggestion, a second marks the group dead', async (env) => {
  const { page } = await env.open({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  await load(page, env.url);
  const { x, y } = await pointPosition(page, 3, 3);
  assert.ok((await drawnStones(page))[3 * 19 + 3].suggested, 'suggested at first');
  await page.touchscreen.tap(x, y);
  let stones = await drawnStones(page);
  assert.ok(!stones[3 * 19 + 3].suggested && !stones[3 * 19 + 3].dead, 'the tap rejected the suggestion');
  await page.touchscreen.tap(x, y);
  stones = await drawnStones(page);
  assert.ok(stones[3 * 19 + 3].dead, 'the tapped chain is dead');
});

test('a link pasted into an open page loads as one undoable step', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  const before = await readScores(page);
  await page.evaluate(() => { location.hash = 'v=1&s=5x5&b=5.XXXXX15.&m=score'; });
  await page.waitForFunction(() => document.querySelectorAll('#goban circle.stone').length === 5);
  assert.equal((await readScores(page)).area.black.total, 25);
  await page.click('#undo');
  assert.deepEqual(await readScores(page), before);
});

test('works offline once loaded (service worker)', async (env) => {
  const { page, context } = await env.open();
  await load(page, env.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await clickPoint(page, 3, 3);
  const before = await readScores(page);
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  assert.deepEqual(await readScores(page), before, 'the page and its scorer load from the cache');
  await context.setOffline(false);
});

/** In-page: controls without a label, and text below WCAG AA contrast against its background. */
export async function accessibilityProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    for (const control of document.querySelectorAll('input, select, button, textarea')) {
      const named = control.labels?.length || control.getAttribute('aria-label') || (control.tagName === 'BUTTON' && control.textContent.trim());
      if (!named) problems.push(`unlabelled ${control.tagName.toLowerCase()}#${control.id}`);
    }
    const channel = (c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const parse = (text) => (text.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const background = (node) => {
      for (let n = node; n; n = n.parentElement) {
        const [r, g, b, a = 1] = parse(getComputedStyle(n).backgroundColor);
        if (a > 0.5 && getComputedStyle(n).backgroundImage === 'none') return [r, g, b];
        if (getComputedStyle(n).backgroundImage !== 'none') return null;
      }
      return [255, 255, 255];
    };
    for (const node of document.body.querySelectorAll('*')) {
      if (node.closest('svg') || !node.checkVisibility?.() || node.closest('.visually-hidden')) continue;
      const ownText = [...node.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
      if (!ownText) continue;
      const style = getComputedStyle(node);
      const bg = background(node);
      if (!bg) continue;
      const [r, g, b, a = 1] = parse(style.color);
      if (a < 1) continue;
      const [hi, lo] = [luminance([r, g, b]), luminance(bg)].sort((x, y) => y - x);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
      const disabled = node.closest(':disabled');
      if (!disabled && ratio < (large ? 3 : 4.5)) problems.push(`contrast ${ratio.toFixed(2)} for “${node.textContent.trim().slice(0, 30)}”`);
    }
    return problems;
  });
}

test('every control is labelled and text meets AA contrast, light and dark', async (env) => {
  for (const colorScheme of ['light', 'dark']) {
    const { page } = await env.open({ colorScheme });
    await load(page, env.url);
    for (const mode of ['score', 'setup', 'play']) {
      await setMode(page, mode);
      assert.deepEqual(await accessibilityProblems(page), [], `${colorScheme}, ${mode} mode`);
    }
  }
});

test('the page is served under the strict CSP and raises no violation', async (env) => {
  const { page } = await env.open();
  const response = await page.goto(env.url);
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  await page.waitForSelector('body[data-ready=true]');
  await clickPoint(page, 3, 3);
  await setMode(page, 'setup');
  await setMode(page, 'play');
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
  assert.equal(await page.$$eval('[style]', (n) => n.length), 0, 'no inline style attributes');
});

test('screenshots of every mode at 375×740 and 1280×800, and dark mode', async (env) => {
  for (const [width, height] of [[375, 740], [1280, 800]]) {
    const { page } = await env.open({ viewport: { width, height } });
    await load(page, env.url);
    await clickPoint(page, 3, 3);
    await clickPoint(page, 15, 15);
    await shot(page, env, `score-${width}x${height}`);
    await setMode(page, 'setup');
    await page.mouse.move(...Object.values(await pointPosition(page, 5, 12)));
    await shot(page, env, `setup-${width}x${height}`);
    await setMode(page, 'play');
    await clickPoint(page, 4, 12);
    await page.mouse.move(...Object.values(await pointPosition(page, 5, 12)));
    await shot(page, env, `play-${width}x${height}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(scroll, 0, `no horizontal scrolling at ${width} px`);
  }
  const { page } = await env.open({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  await load(page, env.url);
  await clickPoint(page, 3, 3);
  await shot(page, env, 'score-dark-1280x800');
  const { page: phone } = await env.open({ viewport: { width: 360, height: 640 } });
  await load(phone, env.url);
  const scroll = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(scroll, 0, 'no horizontal scrolling at 360 px');
});

/** Median time from a click on `[x, y]` to the changed panel, measured in the page. */
async function clickToPanel(page, x, y, clicks) {
  return page.evaluate(async ([px, py, n]) => {
    const svg = document.getElementById('goban');
    const cells = [...document.querySelectorAll('[data-score$=".total"]')];
    const at = new DOMPoint(px, py).matrixTransform(svg.getScreenCTM());
    const sync = [];
    const framed = [];
    for (let i = 0; i < n; i++) {
      const before = cells.map((c) => c.textContent).join();
      const t0 = performance.now();
      svg.dispatchEvent(new MouseEvent('click', { clientX: at.x, clientY: at.y, bubbles: true }));
      if (cells.map((c) => c.textContent).join() === before) throw new Error('the panel did not change');
      sync.push(performance.now() - t0);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      framed.push(performance.now() - t0);
    }
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { sync: median(sync), framed: median(framed) };
  }, [x, y, clicks]);
}

test('timing: click to updated panel on 19×19 and 52×52 (median, reported, not asserted)', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  // Let the service worker finish caching first, so it does not compete with the clicks.
  await page.evaluate(() => navigator.serviceWorker.ready);
  const small = await clickToPanel(page, 15, 15, 100);
  console.log(`     click → panel updated on 19×19: median ${small.sync.toFixed(2)} ms (to the next frame: ${small.framed.toFixed(2)} ms), 100 clicks`);
  const rows = [];
  for (let y = 0; y < 52; y++) rows.push(y === 5 ? '5.O19.XO25.' : '25.XO25.');
  await page.evaluate((hash) => { location.hash = hash; }, `v=1&s=52x52&b=${rows.join('')}&m=score`);
  await page.waitForFunction(() => document.querySelectorAll('#goban circle.stone').length === 105);
  const large = await clickToPanel(page, 5, 5, 50);
  console.log(`     click → panel updated on 52×52: median ${large.sync.toFixed(2)} ms (to the next frame: ${large.framed.toFixed(2)} ms), 50 clicks`);
  const fresh = await env.open();
  env.stats.bytes = 0;
  env.stats.gzipBytes = 0;
  env.stats.requests.length = 0;
  await load(fresh.page, env.url);
  await fresh.page.evaluate(() => navigator.serviceWorker.ready);
  // The service worker fetches the files again to cache them (a real server's HTTP cache
  // would answer those); count each file once for the page's own transfer.
  const files = new Map(env.stats.requests.map((r) => [r.path, r]));
  const sum = (key) => [...files.values()].reduce((n, r) => n + r[key], 0) / 1024;
  console.log(`     page transfer on a first visit: ${files.size} files, ${sum('bytes').toFixed(1)} KiB, ${sum('gzipBytes').toFixed(1)} KiB gzipped`);
});

// ---- Stepping through a game's moves ----

/** KaTrain's panda1.sgf: a real 19×19 handicap game with captures and TB/TW markup. */
const PANDA = readFileSync(path.join(FIXTURES, 'sgf', 'sanderland+katrain', 'tests', 'data', 'panda1.sgf'));
/** KaTrain's ogs.sgf: a real 19×19 game from OGS with captures by both sides. */
const OGS = readFileSync(path.join(FIXTURES, 'sgf', 'sanderland+katrain', 'tests', 'data', 'ogs.sgf'));
// A 9×9 game's main line (minigo's example game) for the branching tests.
const SMALL_GAME = '(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]PB[Bee]PW[Dub]'
  + ';B[de];W[fe];B[ee];W[fd];B[ff];W[gf];B[gg];W[fg];B[ef];W[gh];B[hg];W[hh])';

async function openSgfFile(page, name, content) {
  await page.setInputFiles('#open-sgf', { name, mimeType: 'application/x-go-sgf', buffer: Buffer.from(content) });
  await page.waitForFunction(() => !document.getElementById('stepper').hidden);
}

/** Presses `keys` in turn, then checks the stepper's move number (e.g. 'Move 2 / 12'). */
async function pressThenMove(page, keys, expected, message) {
  for (const key of keys) await page.keyboard.press(key);
  assert.equal(await page.textContent('#move-number'), expected, message);
}

/** Moves the stepper's slider to `k` as a user dragging it would. */
async function slideTo(page, k) {
  await page.$eval('#move-slider', (slider, value) => {
    slider.value = String(value);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  }, k);
}

/**
 * What the engine says about move `k` of `sgf`, computed in the page independently of the
 * page's own code: `boardAt(k)`, and captures / passes / last to play from a second game
 * taken back move by move to `k`.
 */
async function engineState(page, sgf, k) {
  return page.evaluate(async ([text, n]) => {
    const module = await import('/pkg/go_score.js');
    await module.default();
    const bytes = new Uint8Array(text);
    const game = module.Game.fromSgf(bytes);
    const board = game.boardAt(n);
    const total = game.moves().length;
    const move = n ? game.moves()[n - 1] : null;
    while (game.moves().length > n) game.undo();
    return { board, total, move, captures: game.captures, passes: game.passes, lastToPlay: game.lastToPlay, rules: game.rules, komi: game.komi, handicap: game.handicap };
  }, [[...sgf], k]);
}

function drawnMatches(drawn, board) {
  const width = board[0].length;
  const expected = {};
  board.flat().forEach((s, p) => {
    if (s) expected[p] = s;
  });
  const got = Object.fromEntries(Object.entries(drawn).map(([p, { color }]) => [p, color]));
  assert.deepEqual(got, expected, `board of ${width} columns`);
}

test('stepper: an SGF steps move by move; each position is boardAt with its counts; the end scores as scoreBoard', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await openSgfFile(page, 'ogs.sgf', OGS);
  const end = await engineState(page, OGS, 0);
  const total = end.total;
  assert.ok(total > 100, `a whole game (${total} moves)`);
  assert.equal(await page.getAttribute('#move-slider', 'max'), String(total));
  assert.equal(await page.textContent('#move-number'), `Move ${total} / ${total}`);
  assert.ok(await page.isDisabled('#step-last'));
  let checkedCaptures = false;
  for (const k of [0, 1, 37, Math.floor(total / 2), total - 1]) {
    await slideTo(page, k);
    assert.equal(await page.textContent('#move-number'), `Move ${k} / ${total}`);
    const state = await engineState(page, OGS, k);
    drawnMatches(await drawnStones(page), state.board);
    assert.equal(await page.inputValue('#captures-black'), String(state.captures.black), `captures by black at ${k}`);
    assert.equal(await page.inputValue('#captures-white'), String(state.captures.white), `captures by white at ${k}`);
    assert.equal(await page.inputValue('#passes-black'), String(state.passes.black));
    assert.equal(await page.inputValue('#last-to-play'), state.lastToPlay ?? '');
    if (state.captures.black + state.captures.white > 0) checkedCaptures = true;
    // The last move's marker sits on the stone just played (none after a pass).
    const marker = await page.$$eval('#goban .last-move', (n) => n.map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]));
    assert.deepEqual(marker, state.move?.vertex ? [state.move.vertex] : [], `the last-move marker at move ${k}`);
    // The panel scores this very position (no marks yet at this move).
    const expected = await scoreInPage(page, {
      board: state.board, rules: state.rules, komi: state.komi, handicap: state.handicap,
      captures: state.captures, passes: state.passes, ...(state.lastToPlay ? { lastToPlay: state.lastToPlay } : {}),
    });
    assertPanelMatches(await readScores(page), expected);
  }
  assert.ok(checkedCaptures, 'the game has captures at some of the moves checked');
  // Buttons: one back, one on; then to the end, where the file's TB/TW marks are back.
  await page.click('#step-back');
  assert.equal(await page.textContent('#move-number'), `Move ${total - 2} / ${total}`);
  await page.click('#step-forward');
  await page.click('#step-last');
  assert.equal(await page.textContent('#move-number'), `Move ${total} / ${total}`);
  assert.ok(await page.isChecked('input[name=mode][value=score]'));
  const final = await engineState(page, OGS, total);
  drawnMatches(await drawnStones(page), final.board);
  // The file has no TB/TW: its end (not the moves before) opens with dead stones suggested,
  // scored as scoreSgf with the estimate's dead stones.
  const scored = await page.evaluate(async (text) => {
    const module = await import('/pkg/go_score.js');
    const game = module.Game.fromSgf(new Uint8Array(text));
    const { dead } = module.estimateDeadStones({ board: game.board, rules: game.rules });
    game.free();
    return { dead, result: module.scoreSgf(new Uint8Array(text), { dead }) };
  }, [...OGS]);
  assert.ok(scored.dead.length > 0, 'the estimate finds dead stones at the end');
  assert.equal(Object.values(await drawnStones(page)).filter((s) => s.suggested).length, scored.dead.length);
  assert.match(await page.textContent('#result'), /^Suggested: /);
  assertPanelMatches(await readScores(page), scored.result);
  // A file with TB/TW markup: its end opens with the dead stones marked, scored as scoreSgf.
  await openSgfFile(page, 'panda1.sgf', PANDA);
  assert.ok(Object.values(await drawnStones(page)).some((s) => s.dead), 'dead stones from TB/TW');
  await page.click('#step-first');
  assert.ok(!Object.values(await drawnStones(page)).some((s) => s.dead), 'no marks at the start');
  await page.keyboard.press('End');
  const pandaScore = await page.evaluate(async (text) => (await import('/pkg/go_score.js')).scoreSgf(new Uint8Array(text)), [...PANDA]);
  assertPanelMatches(await readScores(page), pandaScore);
  await page.click('#undo');
  // Stepping is not an undo step: Undo goes back to before the file was opened.
  await page.click('#undo');
  assert.ok(await page.isHidden('#stepper'));
});

test('stepper: playing after stepping back branches; Undo brings back the later moves, Redo the branch', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await openSgfFile(page, 'small.sgf', SMALL_GAME);
  assert.equal(await page.textContent('#move-number'), 'Move 12 / 12');
  await slideTo(page, 4);
  await setMode(page, 'play');
  assert.equal(await page.textContent('#to-play'), 'Black to play');
  await clickPoint(page, 2, 2);
  assert.equal(await page.textContent('#move-number'), 'Move 5 / 5');
  assert.match(await page.textContent('#status'), /new branch/);
  const branch = (await engineState(page, Buffer.from(SMALL_GAME), 4)).board;
  branch[2][2] = 1;
  drawnMatches(await drawnStones(page), branch);
  await page.click('#undo');
  assert.equal(await page.textContent('#move-number'), 'Move 4 / 12', 'the later moves are back');
  await page.click('#step-last');
  drawnMatches(await drawnStones(page), (await engineState(page, Buffer.from(SMALL_GAME), 12)).board);
  await page.click('#redo');
  assert.equal(await page.textContent('#move-number'), 'Move 5 / 5');
  // Play on in the redone branch: the engine replays the moves, then plays White's.
  await clickPoint(page, 6, 6);
  assert.equal(await page.textContent('#move-number'), 'Move 6 / 6');
  assert.equal((await drawnStones(page))[6 * 9 + 6].color, -1);
});

test('stepper: Save SGF writes every move and the scored end, also when stepped back and after a settings change', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await openSgfFile(page, 'panda1.sgf', PANDA);
  const total = Number(await page.getAttribute('#move-slider', 'max'));
  await slideTo(page, 20);
  await page.fill('#komi', '7.5');
  await page.locator('#komi').blur();
  assert.equal(await page.textContent('#move-number'), `Move 20 / ${total}`, 'a komi change keeps the moves');
  await page.selectOption('#rules', 'chinese');
  assert.equal(await page.textContent('#move-number'), `Move 20 / ${total}`, 'a rules change keeps the moves');
  await page.fill('#handicap', '3');
  await page.locator('#handicap').blur();
  await page.fill('#komi', '7.5');
  await page.locator('#komi').blur();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(await page.textContent('#status'), new RegExp(`all ${total} moves`));
  const back = await page.evaluate(async ([saved, original]) => {
    const module = await import('/pkg/go_score.js');
    const a = module.Game.fromSgf(saved);
    const b = module.Game.fromSgf(new Uint8Array(original));
    return { moves: a.moves(), originalMoves: b.moves(), rules: a.rules, komi: a.komi, handicap: a.handicap, hints: a.deadHints(), originalHints: b.deadHints(), info: a.info() };
  }, [text, [...PANDA]]);
  assert.deepEqual(back.moves, back.originalMoves, 'every move round-trips');
  assert.equal(back.rules, 'chinese');
  assert.equal(back.komi, 7.5);
  assert.equal(back.handicap, 3);
  assert.deepEqual(back.hints, back.originalHints, 'the end is scored with the file\'s dead stones');
  assert.equal(back.info.PB, 'player2');
  assert.match(text, /TB\[/);
  // Play mode, branch, save: the saved game is the branch.
  await setMode(page, 'play');
  await clickPoint(page, 9, 9);
  const [second] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const branchMoves = await page.evaluate(async (saved) => (await import('/pkg/go_score.js')).Game.fromSgf(saved).moves(), readFileSync(await second.path(), 'utf8'));
  assert.equal(branchMoves.length, 21);
  assert.deepEqual(branchMoves.slice(0, 20), back.moves.slice(0, 20));
  assert.deepEqual(branchMoves[20].vertex, [9, 9]);
});

test('stepper: keyboard only: [ ] and PageUp/PageDown anywhere, arrows and Home/End off the board', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await openSgfFile(page, 'small.sgf', SMALL_GAME);
  await page.focus('#step-back');
  await pressThenMove(page, ['ArrowLeft'], 'Move 11 / 12');
  await pressThenMove(page, ['Home'], 'Move 0 / 12');
  await pressThenMove(page, ['ArrowRight', 'ArrowRight'], 'Move 2 / 12');
  await pressThenMove(page, ['End'], 'Move 12 / 12');
  // Enter on » at the end leaves the focus in the stepper (on the slider).
  await page.focus('#step-back');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step-last');
  await pressThenMove(page, ['Enter'], 'Move 12 / 12');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'move-slider');
  // On the board the arrows move the cursor and [ ] step.
  await page.focus('#goban');
  await pressThenMove(page, ['ArrowLeft'], 'Move 12 / 12', 'arrows on the board move its cursor');
  await pressThenMove(page, ['[', '['], 'Move 10 / 12');
  await pressThenMove(page, ['PageUp'], 'Move 0 / 12');
  await pressThenMove(page, [']'], 'Move 1 / 12');
  // The slider takes the arrows itself.
  await page.focus('#move-slider');
  await pressThenMove(page, ['ArrowRight'], 'Move 2 / 12');
  // In a field the keys are the field's.
  await page.focus('#komi');
  await pressThenMove(page, ['ArrowLeft', 'Home'], 'Move 2 / 12');
});

test('Play with the Game engine: after undo and redo the engine still knows the ko', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, 'v=1&s=9x9&b=81.&m=play');
  for (const [x, y] of [[1, 0], [2, 0], [0, 1], [3, 1], [2, 1], [2, 2], [1, 2], [8, 8], [8, 0], [1, 1]]) await clickPoint(page, x, y);
  assert.equal(await page.textContent('#move-number'), 'Move 10 / 10');
  await page.click('#undo');
  await page.click('#redo');
  await page.fill('#komi', '0.5');
  await page.locator('#komi').blur();
  await clickPoint(page, 2, 1);
  assert.equal((await drawnStones(page))[1 * 9 + 2], undefined, 'no retake after undo, redo and a komi change');
  assert.match(await page.textContent('#status'), /ko/i);
  assert.equal(await page.textContent('#move-number'), 'Move 10 / 10');
});

test('screenshots of the stepper at 375×740 and 1280×800', async (env) => {
  for (const [width, height] of [[375, 740], [1280, 800]]) {
    const { page } = await env.open({ viewport: { width, height } });
    await load(page, env.url);
      await openSgfFile(page, 'panda1.sgf', PANDA);
    await slideTo(page, 120);
    await shot(page, env, `stepper-${width}x${height}`);
    await setMode(page, 'play');
    await clickPoint(page, 9, 9);
    await shot(page, env, `stepper-branch-${width}x${height}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(scroll, 0, `no horizontal scrolling at ${width} px`);
  }
});

test('stepper: a reload keeps the game\'s moves and the move shown', async (env) => {
  const { page } = await env.open();
  await load(page, env.url);
  await openSgfFile(page, 'small.sgf', SMALL_GAME);
  await slideTo(page, 5);
  await setMode(page, 'play');
  await clickPoint(page, 0, 0);
  assert.equal(await page.textContent('#move-number'), 'Move 6 / 6');
  await page.click('#step-back');
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await page.textContent('#move-number'), 'Move 5 / 6');
  await page.click('#step-last');
  assert.equal((await drawnStones(page))[0].color, -1, 'the branch move is back');
  // A stored record that does not reach the position is ignored, never half-used.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('go-score:line'));
    saved.move = 2;
    localStorage.setItem('go-score:line', JSON.stringify(saved));
  });
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.ok(await page.isHidden('#stepper'));
  assert.equal((await drawnStones(page))[0].color, -1, 'the position itself is kept');
});

test('stepper: a rules change re-checks the moves and keeps them', async (env) => {
  const { page } = await env.open();
  // Black at A9; White at C9, A8, B8: Black B9 is a two-stone suicide, legal under NZ rules.
  await load(page, env.url, 'v=1&s=9x9&b=X.O6.2O7.63.&r=nz&k=7&m=play');
  await clickPoint(page, 1, 0);
  assert.equal(await page.textContent('#move-number'), 'Move 1 / 1');
  const stones = await drawnStones(page);
  assert.equal(stones[0], undefined, 'the suicide took both black stones');
  assert.equal(await page.inputValue('#captures-white'), '2', 'a suicide counts for the opponent');
  await page.selectOption('#rules', 'japanese');
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await page.textContent('#notice'), /not all legal.*suicide/i);
  assert.equal(await page.textContent('#move-number'), 'Move 1 / 1', 'the moves are kept');
  await page.click('#step-first');
  assert.equal((await drawnStones(page))[0].color, 1);
});
