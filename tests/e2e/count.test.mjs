// The teaching view "how the count is made", in the page (Score mode → Show the
// count) and in the widget (`<go-score mode="count">` on lesson.html). Each method is
// stepped to its end by button and by keyboard; what the view shows at the end is compared
// with `scoreBoard` computed in the page; back steps must show the earlier steps again;
// every step is photographed at phone size. run.mjs fails a test on page errors, console
// errors and CSP violations.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { KNOWN, KNOWN_DEAD, accessibilityProblems } from './page.test.mjs';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const state = await import('../../www/js/state.js');

export const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const COUNTS = ['japanese', 'ing', 'chinese'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// ---- Positions ----

/** A document (state.js) for `rows` (X, O, .) with dead points `[x, y]` and other settings. */
function position(name, rows, dead, settings = {}) {
  const width = rows[0].length;
  const height = rows.length;
  let doc = state.emptyDoc(width, height, settings.rules ?? 'japanese', settings.komi ?? 6.5);
  const stones = rows.join('').split('').map((c) => (c === 'X' ? 1 : c === 'O' ? -1 : 0));
  doc = state.withChanges(doc, {
    stones,
    dead: state.normalizeDead(doc, stones, dead.map(([x, y]) => y * width + x)),
    captures: settings.captures ?? { black: 0, white: 0 },
    passes: settings.passes ?? { black: 0, white: 0 },
    lastToPlay: settings.lastToPlay ?? null,
  });
  // The widget's `position` attribute: lowercase for a stone marked dead.
  const attribute = rows.map((row, y) => [...row].map((ch, x) => (dead.some(([dx, dy]) => dx === x && dy === y) ? ch.toLowerCase() : ch)).join('')).join(' ');
  return { name, doc, input: state.scoreInput(doc), hash: state.serialize(doc, 'score'), attribute, rules: doc.rules, komi: doc.komi };
}

function deadOf(rows, marks = 'd') {
  const dead = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => ch === marks && dead.push([x, y])));
  return dead;
}

// 9×9: Black owns the left, White the right; one dead stone each; prisoners from play.
const NINE = position('9x9', KNOWN, KNOWN_DEAD, { captures: { black: 3, white: 2 }, passes: { black: 1, white: 2 }, lastToPlay: 'black' });

const ogs = readFileSync(path.join(FIXTURES, 'ogs_endgames.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const ogsGame = ogs.find((p) => p.name === 'game_32970175');
const OGS = position('ogs-19x19', ogsGame.stones, deadOf(ogsGame.expected_dead));

const goscorer = readFileSync(path.join(FIXTURES, 'goscorer_positions.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const sekiGame = goscorer.find((p) => p.name === 'test_final_scoring_2');
const SEKI = position('seki', sekiGame.stones, deadOf(sekiGame.dead), { komi: 0 });

// ---- Helpers ----

async function loadPage(page, env, hash) {
  await page.goto(`${env.url}#${hash}`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
}

/** What the library says for `input`, computed in the page by the module the page uses. */
async function expectations(page, input) {
  return page.evaluate(async (inp) => {
    const module = await import('/pkg/go_score.js');
    await module.default();
    const score = module.scoreBoard(inp);
    const ing = module.scoreBoard({ ...inp, rules: 'ing' });
    return { score, ing, margins: { japanese: score.territory.margin, ing: ing.margin, chinese: score.area.margin } };
  }, input);
}

/** The view's state as shown: step, kind, title, words, every tally cell, the result line. */
async function readView(view) {
  return view.evaluate((node) => {
    const tally = {};
    for (const cell of node.querySelectorAll('[data-count$=".total"], .count-tally td[data-count]')) tally[cell.dataset.count] = cell.textContent;
    const result = node.querySelector('[data-count=result]');
    const score = node.querySelector('[data-count=score-result]');
    const shown = (el) => el && !el.closest('[hidden]');
    return {
      method: node.dataset.method,
      step: Number(node.dataset.step),
      steps: Number(node.dataset.steps),
      kind: node.dataset.kind,
      title: node.querySelector('.count-title').textContent,
      words: node.querySelector('.count-words').textContent,
      position: node.querySelector('.count-position').textContent,
      tally,
      stones: node.querySelectorAll('.count-board circle.stone').length,
      shaded: [...node.querySelectorAll('.count-shade path')].map((p) => `${p.getAttribute('class')}:${p.dataset.points}`).join(),
      blocks: node.querySelectorAll('.count-block').length,
      result: shown(result) ? { margin: Number(result.dataset.margin), result: result.dataset.result, text: result.textContent } : null,
      score: shown(score) ? { margin: Number(score.dataset.margin), result: score.dataset.result, text: score.textContent } : null,
      announced: node.querySelector('[aria-live]').textContent,
    };
  });
}

const num = (text) => Number(String(text).replace('−', '-'));

/**
 * Steps one method of the view at `scope` (a selector of the element holding it) to its end
 * with the Next button, checks the end against scoreBoard, steps back to the start, then
 * does it again by keyboard. Returns the states.
 */
async function stepMethod(page, env, scope, method, expected, shots) {
  const view = page.locator(`${scope} .count-view`);
  await page.locator(`${scope} [role=tab][data-method=${method}]`).click();
  let current = await readView(view);
  assert.equal(current.method, method);
  assert.equal(current.step, 0, `${method} opens at its first step`);
  assert.equal(current.kind, 'start');
  const states = [current];
  const forward = page.locator(`${scope} button[data-step=forward]`);
  if (shots) await shots(method, 0);
  while (!(await forward.isDisabled())) {
    await forward.click();
    current = await readView(view);
    assert.equal(current.step, states.length, `${method}: Next goes one step on`);
    assert.match(current.announced, new RegExp(`step ${current.step + 1} of ${current.steps}`));
    states.push(current);
    if (shots) await shots(method, current.step);
    assert.ok(states.length <= 20, `${method}: the count ends`);
  }
  states.sumsChecked = states.reduce((count, state) => count + checkArithmetic(state, method), 0);
  const end = states.at(-1);
  assert.equal(end.kind, 'result', `${method} ends with the result`);
  assert.equal(end.steps, states.length);
  // The numbers at the end are scoreBoard's.
  const margin = expected.margins[method];
  assert.equal(end.result.margin, margin, `${method}: the count's margin is scoreBoard's`);
  assert.equal(end.score.margin, margin, `${method}: scoreBoard's margin is shown next to it`);
  assert.equal(num(end.tally['black.total']) - num(end.tally['white.total']), margin, `${method}: the totals shown differ by scoreBoard's margin`);
  const official = method === 'japanese' ? expected.score.territory : method === 'chinese' ? expected.score.area : expected.ing;
  assert.equal(end.score.result, official.result);
  assert.ok(end.score.text.includes(official.result));
  assert.ok(end.words.includes(official.result), `${method}: the words name scoreBoard's result`);
  if (method === 'japanese') {
    const t = expected.score.territory;
    const sameTotals = num(end.tally['black.total']) === t.black.total && num(end.tally['white.total']) === t.white.total;
    assert.match(end.words, sameTotals ? /totals equal the territory score/ : /totals differ from the territory score/);
    assert.match(end.words, /The margin is the same/);
  }
  // Back steps show the earlier states again.
  const back = page.locator(`${scope} button[data-step=back]`);
  for (let i = states.length - 2; i >= 0; i--) {
    await back.click();
    const again = await readView(view);
    assert.deepEqual({ ...again, announced: '' }, { ...states[i], announced: '' }, `${method}: back to step ${i}`);
  }
  assert.ok(await back.isDisabled(), 'Back is disabled at the first step');
  // The keyboard: → to the end, ← back, End and Home.
  await view.focus();
  for (let i = 1; i < states.length; i++) {
    await page.keyboard.press('ArrowRight');
    assert.deepEqual({ ...(await readView(view)), announced: '' }, { ...states[i], announced: '' }, `${method}: → to step ${i}`);
  }
  await page.keyboard.press('ArrowRight');
  assert.equal((await readView(view)).step, states.length - 1, '→ stops at the end');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await readView(view)).step, states.length - 2);
  await page.keyboard.press('Home');
  assert.equal((await readView(view)).step, 0);
  await page.keyboard.press('End');
  assert.deepEqual({ ...(await readView(view)), announced: '' }, { ...end, announced: '' });
  await page.locator(`${scope} button[data-step=first]`).click();
  assert.equal((await readView(view)).step, 0, '« goes to the first step');
  await page.locator(`${scope} button[data-step=last]`).click();
  assert.equal((await readView(view)).step, states.length - 1, '» goes to the last step');
  return states;
}

/**
 * What a step shows adds up: each side's Count row is the sum of the rows above it (bowl
 * and komi stones are stones, not points), and every "a + b = c" in the words is right.
 */
function checkArithmetic(state, method) {
  for (const side of ['black', 'white']) {
    let sum = 0;
    for (const [key, text] of Object.entries(state.tally)) {
      const [who, field] = key.split('.');
      if (who === side && !['total', 'bowl', 'komiStones'].includes(field)) sum += num(text);
    }
    assert.equal(sum, num(state.tally[`${side}.total`]), `${method} step ${state.step}: ${side}'s rows add up to its count`);
  }
  const sums = [...state.words.matchAll(/((?:−?\d+(?:\.\d+)?(?: [a-z' ]+?)? \+ )+−?\d+(?:\.\d+)?(?: [a-z' ]+?)?) = (−?\d+(?:\.\d+)?)/g)];
  for (const [, terms, total] of sums) {
    const value = terms.split(' + ').reduce((acc, term) => acc + num(term.split(' ')[0]), 0);
    assert.equal(value, num(total), `${method} step ${state.step}: "${terms} = ${total}"`);
  }
  return sums.length;
}

/** The "why" tab: every term shown equals scoreBoard's `difference`. */
async function checkWhy(page, scope, expected) {
  await page.locator(`${scope} [role=tab][data-method=why]`).click();
  const shown = await page.locator(`${scope} .count-view`).evaluate((node) => ({
    terms: Object.fromEntries([...node.querySelectorAll('[data-term]')].map((cell) => [cell.dataset.term, cell.textContent])),
    text: node.querySelector('.count-why').textContent,
    hidden: node.querySelector('.count-why').closest('[hidden]') !== null,
  }));
  assert.equal(shown.hidden, false);
  const d = expected.score.difference;
  for (const key of ['lastToPlay', 'handicap', 'passes', 'other', 'total']) {
    assert.ok(key in shown.terms, `the why view shows ${key}`);
    assert.equal(num(shown.terms[key].replace('+', '')), d[key], `why: ${key}`);
  }
  for (const [key, value] of Object.entries(shown.terms)) assert.equal(num(value.replace('+', '')), d[key], `why: ${key}`);
  assert.ok(shown.text.includes(expected.score.territory.result) && shown.text.includes(expected.score.area.result), 'both results are named');
  return shown;
}

async function shot(page, env, name) {
  await page.screenshot({ path: path.join(env.artifacts, `${name}.png`), fullPage: true });
}

async function noHorizontalScroll(page, label) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(scroll, 0, `no horizontal scrolling: ${label}`);
}

// ---- The page ----

for (const pos of [NINE, OGS, SEKI]) {
  test(`count view (page, ${pos.name}): each method stepped to its end equals scoreBoard; back and keys; why equals difference`, async (env) => {
    const phone = pos === NINE;
    const { page } = await env.open({ viewport: phone ? PHONE : DESKTOP });
    await loadPage(page, env, pos.hash);
    const before = await page.evaluate(() => ({ hash: location.hash, panel: document.querySelector('.score-panel').textContent }));
    await page.click('#show-count');
    await page.waitForSelector('#count-root .count-view');
    assert.ok(await page.isHidden('main.layout'), 'the count replaces the board and panel');
    const expected = await expectations(page, pos.input);
    // The rules' own count opens first (Japanese for Japanese rules).
    assert.equal(await page.getAttribute('#count-root .count-view', 'data-method'), 'japanese');
    for (const method of COUNTS) {
      const shots = phone ? (m, i) => shot(page, env, `count-page-${pos.name}-${m}-step${i + 1}-375x740`) : null;
      const states = await stepMethod(page, env, '#count-root', method, expected, shots);
      if (pos === NINE) assert.ok(states.sumsChecked > 0, `${method}: the words add something up`);
      if (phone) await noHorizontalScroll(page, `${method} at 375 px`);
    }
    await checkWhy(page, '#count-root', expected);
    await shot(page, env, `count-page-${pos.name}-why-${phone ? '375x740' : '1280x800'}`);
    // Leaving returns to the position unchanged: same link, same panel, nothing to undo.
    await page.click('#count-close');
    assert.ok(await page.isVisible('main.layout'));
    assert.ok(await page.isHidden('#count-section'));
    const after = await page.evaluate(() => ({ hash: location.hash, panel: document.querySelector('.score-panel').textContent }));
    assert.deepEqual(after, before);
    assert.ok(await page.isDisabled('#undo'), 'the count made no undo step');
  });
}

test('count view (page): keyboard only from Score mode, Escape leaves; desktop and dark screenshots', async (env) => {
  const { page } = await env.open({ viewport: DESKTOP });
  await loadPage(page, env, NINE.hash);
  await page.focus('#show-count');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#count-root .count-view');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('count-view')), true, 'the view takes focus');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  const view = await readView(page.locator('#count-root .count-view'));
  assert.equal(view.kind, 'result');
  await shot(page, env, 'count-page-9x9-japanese-result-1280x800');
  // Tabs: ← → on a tab move between methods.
  await page.focus('#count-root [role=tab][data-method=japanese]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#count-root .count-view', 'data-method'), 'ing');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.method), 'ing');
  // Play advances by itself and can be paused.
  await page.click('#count-root button[data-step=play]');
  assert.equal(await page.textContent('#count-root button[data-step=play]'), 'Pause');
  await page.waitForFunction(() => Number(document.querySelector('#count-root .count-view').dataset.step) >= 1, null, { timeout: 5000 });
  await page.click('#count-root button[data-step=play]');
  assert.equal(await page.textContent('#count-root button[data-step=play]'), 'Play');
  const paused = (await readView(page.locator('#count-root .count-view'))).step;
  await page.waitForTimeout(2000);
  assert.equal((await readView(page.locator('#count-root .count-view'))).step, paused, 'paused means paused');
  await page.keyboard.press('Escape');
  assert.ok(await page.isVisible('main.layout'));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'show-count', 'focus returns to the button');

  const { page: dark } = await env.open({ viewport: PHONE, colorScheme: 'dark' });
  await loadPage(dark, env, OGS.hash);
  await dark.click('#show-count');
  await dark.click('#count-root button[data-step=last]');
  await shot(dark, env, 'count-page-ogs-19x19-japanese-result-dark-375x740');
  await dark.click('#count-root [role=tab][data-method=why]');
  await shot(dark, env, 'count-page-ogs-19x19-why-dark-375x740');
  const { page: darkDesk } = await env.open({ viewport: DESKTOP, colorScheme: 'dark' });
  await loadPage(darkDesk, env, NINE.hash);
  await darkDesk.click('#show-count');
  await darkDesk.click('#count-root [role=tab][data-method=ing]');
  await darkDesk.click('#count-root button[data-step=forward]');
  await darkDesk.click('#count-root button[data-step=forward]');
  await shot(darkDesk, env, 'count-page-9x9-ing-step3-dark-1280x800');
});

test('count view (page): every control labelled, AA contrast at every kind of step, light and dark; no scrolling at 360 px', async (env) => {
  for (const colorScheme of ['light', 'dark']) {
    const { page } = await env.open({ viewport: { width: 360, height: 640 }, colorScheme });
    await loadPage(page, env, SEKI.hash);
    await page.click('#show-count');
    for (const method of ['japanese', 'ing', 'chinese']) {
      await page.click(`#count-root [role=tab][data-method=${method}]`);
      const forward = page.locator('#count-root button[data-step=forward]');
      for (;;) {
        assert.deepEqual(await accessibilityProblems(page), [], `${colorScheme}, ${method}, step ${await page.getAttribute('#count-root .count-view', 'data-step')}`);
        await noHorizontalScroll(page, `${method} at 360 px`);
        if (await forward.isDisabled()) break;
        await forward.click();
      }
    }
    await page.click('#count-root [role=tab][data-method=why]');
    assert.deepEqual(await accessibilityProblems(page), [], `${colorScheme}, why`);
    await noHorizontalScroll(page, 'why at 360 px');
  }
});

// ---- The widget ----

/** Opens lesson.html and sets its count widget to `pos`. */
async function widget(page, env, pos) {
  await page.goto(`${env.url}lesson.html`);
  await page.waitForSelector('#count .count-view', { timeout: 15000 });
  await page.evaluate(({ attribute, rules, komi }) => {
    const element = document.getElementById('count');
    element.setAttribute('rules', rules);
    element.setAttribute('komi', String(komi));
    element.setAttribute('position', attribute);
    element.removeAttribute('method');
  }, pos);
  await page.waitForFunction(() => document.getElementById('count').result !== null);
}

for (const pos of [NINE, OGS, SEKI]) {
  test(`count view (widget, ${pos.name}): each method stepped to its end equals scoreBoard; back and keys; why equals difference`, async (env) => {
    const phone = pos !== OGS;
    const { page } = await env.open({ viewport: phone ? PHONE : DESKTOP });
    await page.goto(`${env.url}lesson.html`);
    await widget(page, env, pos);
    // The widget has no captures or passes: its input is the position, dead marks, rules, komi.
    const input = await page.evaluate(() => document.getElementById('count').scoreInput());
    assert.deepEqual(input.board, pos.input.board);
    assert.deepEqual(input.dead.sort(), pos.input.dead.sort());
    const expected = await expectations(page, input);
    assert.ok(await page.isHidden('#count >> svg.goban:not(.count-board)'), "the widget's own board gives way to the view's");
    for (const method of COUNTS) {
      const shots = phone ? (m, i) => page.locator('#count').screenshot({ path: path.join(env.artifacts, `count-widget-${pos.name}-${m}-step${i + 1}-375x740.png`) }) : null;
      await stepMethod(page, env, '#count', method, expected, shots);
    }
    await checkWhy(page, '#count', expected);
    if (phone) await noHorizontalScroll(page, 'lesson at 375 px');
    else await shot(page, env, `count-widget-${pos.name}-why-1280x800`);
  });
}

test('count view (widget): the method attribute picks the tab; the lesson example opens on Japanese; other boards still work', async (env) => {
  const { page } = await env.open({ viewport: PHONE });
  await page.goto(`${env.url}lesson.html`);
  await page.waitForSelector('#count .count-view', { timeout: 15000 });
  assert.equal(await page.getAttribute('#count .count-view', 'data-method'), 'japanese');
  for (const method of ['ing', 'chinese', 'why', 'japanese']) {
    await page.evaluate((m) => document.getElementById('count').setAttribute('method', m), method);
    assert.equal(await page.getAttribute('#count .count-view', 'data-method'), method);
  }
  // Without `method`, Chinese rules open on Chinese counting.
  await page.evaluate(() => {
    const element = document.getElementById('count');
    element.removeAttribute('method');
    element.setAttribute('rules', 'chinese');
  });
  assert.equal(await page.getAttribute('#count .count-view', 'data-method'), 'chinese');
  // A tab the reader picked stays when an unrelated attribute changes; coordinates follow theirs.
  await page.locator('#count [role=tab][data-method=ing]').click();
  await page.locator('#count button[data-step=forward]').click();
  const coords = () => page.locator('#count .count-board text.coord').count();
  assert.ok((await coords()) > 0);
  await page.evaluate(() => document.getElementById('count').removeAttribute('coordinates'));
  assert.equal(await coords(), 0);
  assert.equal(await page.getAttribute('#count .count-view', 'data-method'), 'ing');
  assert.equal(await page.getAttribute('#count .count-view', 'data-step'), '1');
  await page.evaluate(() => document.getElementById('count').setAttribute('coordinates', ''));
  assert.ok((await coords()) > 0);
  // The other lesson boards are untouched.
  assert.ok(await page.isVisible('#practice >> svg.goban'));
  await page.locator('#count').scrollIntoViewIfNeeded();
  await shot(page, env, 'count-widget-lesson-375x740');
  const { page: dark } = await env.open({ viewport: DESKTOP, colorScheme: 'dark' });
  await dark.goto(`${env.url}lesson.html`);
  await dark.waitForSelector('#count .count-view', { timeout: 15000 });
  await dark.locator('#count button[data-step=last]').click();
  await dark.locator('#count').scrollIntoViewIfNeeded();
  await shot(dark, env, 'count-widget-lesson-result-1280x800');
});
