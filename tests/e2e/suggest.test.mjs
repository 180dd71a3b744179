// Suggested dead stones, in the page and in the widget: Score mode on an unmarked position
// shows what `estimateDeadStones` finds dead as suggestions (drawn apart from marks, counted,
// the panel labelled "suggested"), Accept makes them marks, a click rejects one, and no seki
// carpet shows before marks. Every expectation is computed in the page by the same wasm
// module. run.mjs fails a test on page errors, console errors and CSP violations.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  KNOWN, assertPanelMatches, clickPoint, drawnStones, load, readScores, scoreInPage, setMode, shot,
} from './page.test.mjs';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const GOSCORER = readFileSync(path.join(FIXTURES, 'goscorer_positions.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));

export const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const code = ([x, y]) => LETTERS[x] + LETTERS[y];
const byPoint = (a, b) => a[1] - b[1] || a[0] - b[0];

/** The page's text form of rows of `X`, `O`, `.` (each point spelled out), no dead marks. */
function hashOf(rows, extra = '') {
  return `v=1&s=${rows[0].length}x${rows.length}&b=${rows.join('')}${extra}`;
}

/** A goscorer fixture: its rows, and its dead stones as vertices. */
function fixture(name) {
  const found = GOSCORER.find((p) => p.name === name);
  assert.ok(found, `fixture ${name}`);
  const dead = [];
  found.dead.forEach((row, y) => [...row].forEach((ch, x) => ch === 'd' && dead.push([x, y])));
  return { rows: found.stones, dead };
}

/** `estimateDeadStones(…).dead` in the page, by the module the page uses. */
function estimateOf(page, board, rules = 'japanese') {
  return page.evaluate(async (input) => {
    const module = await import('/pkg/go_score.js');
    await module.default();
    return module.estimateDeadStones(input).dead;
  }, { board, rules });
}

/** Points of each region kind `classifyRegions` reports in the page: `{ seki, territory, dame }`. */
function kindsOf(page, input) {
  return page.evaluate(async (inp) => {
    const module = await import('/pkg/go_score.js');
    await module.default();
    const counts = { seki: 0, territory: 0, dame: 0 };
    for (const r of module.classifyRegions(inp).regions) {
      if (r.kind === 'seki') counts.seki += r.points.length;
      else if (r.kind === 'territory' && r.owner) counts.territory += r.points.length;
      else counts.dame += r.points.length;
    }
    return counts;
  }, input);
}

/** How many points the overlay marks with `selector` (each kind is one path with data-points). */
function marked(page, selector, root = '#goban') {
  return page.$$eval(`${root} ${selector}`, (nodes) => nodes.reduce((n, node) => n + Number(node.dataset.points), 0));
}

const suggestedPoints = async (page) => Object.entries(await drawnStones(page)).filter(([, s]) => s.suggested).map(([p]) => Number(p)).sort((a, b) => a - b);

// ---- The page ----

test('suggestions: entering Score mode on a finished position shows the estimate apart from marks, scored and labelled suggested; Accept by keyboard makes them marks the URL and storage keep', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, hashOf(KNOWN, '&m=setup'));
  assert.equal(await marked(page, '.suggested-mark'), 0, 'Set-up mode shows no suggestions');
  assert.ok(await page.isHidden('#accept-suggestions'));
  await setMode(page, 'score');
  const estimate = await estimateOf(page, KNOWN);
  assert.ok(estimate.length > 0, 'the estimate finds dead stones');
  // Drawn as suggestions: a ring on each suggested stone, no confirmed cross.
  assert.equal(await marked(page, '.suggested-mark'), estimate.length);
  assert.deepEqual(await suggestedPoints(page), estimate.map(([x, y]) => y * 9 + x).sort((a, b) => a - b));
  assert.equal(await marked(page, '.dead-cross'), 0);
  assert.ok(await page.isVisible('#legend-suggested'));
  assert.match(await page.getAttribute('#goban', 'aria-label'), new RegExp(`0 marked dead, ${estimate.length} suggested dead \\(not yet accepted\\)`));
  // The panel counts them as dead and says it is a suggestion.
  const input = { board: KNOWN, rules: 'japanese', komi: 6.5, handicap: 0, captures: { black: 0, white: 0 }, passes: { black: 0, white: 0 } };
  const suggested = await readScores(page);
  assertPanelMatches(suggested, await scoreInPage(page, { ...input, dead: estimate }));
  assert.ok(await page.isVisible('#score-suggested'));
  assert.match(await page.textContent('#result'), /^Suggested: /);
  assert.match(await page.textContent('#suggest-note'), new RegExp(`the ${estimate.length} suggested dead stones`));
  assert.match(await page.textContent('#result-brief'), /^Suggested: /);
  // The territory they imply is drawn.
  const kinds = await kindsOf(page, { board: KNOWN, dead: estimate });
  assert.equal(await marked(page, '.territory'), kinds.territory);
  assert.ok(kinds.territory > 50);
  // Not saved as marks until accepted.
  assert.match(page.url(), /&d=&/);
  assert.match(await page.evaluate(() => localStorage.getItem('go-score:position')), /&d=&/);
  // Keyboard: Tab from the mode switch reaches Accept; Enter accepts.
  await page.focus('input[name=mode][value=score]');
  for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.id === 'accept-suggestions')); i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'accept-suggestions', 'Tab reaches Accept suggestions');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'goban', 'the focus moves on to the board');
  assert.equal(await marked(page, '.dead-cross'), estimate.length);
  assert.equal(await marked(page, '.suggested-mark'), 0);
  assert.ok(await page.isHidden('#score-suggested'));
  assert.ok(await page.isHidden('#accept-suggestions'));
  assert.doesNotMatch(await page.textContent('#result'), /Suggested/);
  const accepted = await readScores(page);
  assert.deepEqual(accepted, suggested, 'the same count, now from marks');
  // The URL and the saved state hold them, one stone per chain.
  const codes = estimate.map(code);
  const hashDead = /&d=([a-zA-Z]*)&/.exec(page.url())[1];
  assert.equal(hashDead.length, 2 * codes.length);
  for (let i = 0; i < hashDead.length; i += 2) assert.ok(codes.includes(hashDead.slice(i, i + 2)), `${hashDead.slice(i, i + 2)} is a suggested stone`);
  assert.ok((await page.evaluate(() => localStorage.getItem('go-score:position'))).includes(`&d=${hashDead}&`));
  // A reload shows the marks; Undo brings the suggestions back.
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await marked(page, '.dead-cross'), estimate.length);
  assert.deepEqual(await readScores(page), accepted);
  await page.click('#undo');
  assert.equal(await marked(page, '.suggested-mark'), estimate.length);
  assert.equal(await marked(page, '.dead-cross'), 0);
});

test('suggestions: a click on a suggested group rejects it (kept over mode changes and a reload), on another group marks it; suggestions never replace marks', async (env) => {
  const { page } = await env.open();
  await load(page, env.url, hashOf(KNOWN, '&m=score'));
  const estimate = await estimateOf(page, KNOWN);
  assert.deepEqual(estimate.sort(byPoint), [[1, 0], [7, 7]], 'the estimate suggests both lone stones');
  const input = { board: KNOWN, rules: 'japanese', komi: 6.5, handicap: 0, captures: { black: 0, white: 0 }, passes: { black: 0, white: 0 } };
  await clickPoint(page, 1, 0);
  assert.match(await page.textContent('#status'), /^B9: suggestion rejected, alive\.$/);
  let stones = await drawnStones(page);
  assert.ok(!stones[1].suggested && !stones[1].dead, 'the rejected stone is alive');
  assert.ok(stones[7 * 9 + 7].suggested, 'the other suggestion waits');
  assert.match(await page.textContent('#suggest-note'), /^Counted as if the suggested dead stone \(dashed ring\) were dead\./);
  assertPanelMatches(await readScores(page), await scoreInPage(page, { ...input, dead: [[7, 7]] }));
  // No new suggestion replaces the user's choice: not on a mode change, not after a reload.
  await setMode(page, 'setup');
  assert.equal(await marked(page, '.suggested-mark'), 0);
  await setMode(page, 'score');
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.deepEqual(await suggestedPoints(page), [7 * 9 + 7]);
  // A click on a group without a suggestion marks it dead; the suggestion still waits.
  await clickPoint(page, 5, 0);
  stones = await drawnStones(page);
  const wall = KNOWN.map((_, y) => y * 9 + 5);
  assert.ok(wall.every((p) => stones[p].dead), 'the white wall is marked dead');
  assert.equal(await marked(page, '.dead-cross'), 9);
  assert.deepEqual(await suggestedPoints(page), [7 * 9 + 7]);
  assertPanelMatches(await readScores(page), await scoreInPage(page, { ...input, dead: [[5, 0], [7, 7]] }));
  await clickPoint(page, 5, 0);
  assert.equal(await marked(page, '.dead-cross'), 0);

  // A position with a mark of the user's: nothing is suggested, even for the other dead
  // stone; taking the mark back does not bring suggestions either.
  await load(page, env.url, hashOf(KNOWN, '&d=ba&m=score'));
  assert.equal(await marked(page, '.dead-cross'), 1);
  assert.equal(await marked(page, '.suggested-mark'), 0);
  assert.ok(await page.isHidden('#accept-suggestions'));
  await clickPoint(page, 1, 0);
  assert.equal(await marked(page, '.dead-cross'), 0);
  assert.equal(await marked(page, '.suggested-mark'), 0, 'no suggestion after the user unmarked');
  // Suggest dead stones still marks the estimate, as one undo step.
  await page.click('#estimate-dead');
  assert.equal(await marked(page, '.dead-cross'), estimate.length);
  await page.click('#undo');
  assert.equal(await marked(page, '.dead-cross'), 0);

  // Tromp-Taylor takes no dead marks (the library refuses them): nothing is suggested.
  await load(page, env.url, hashOf(KNOWN, '&r=tromp-taylor&k=7.5&m=score'));
  assert.equal(await marked(page, '.suggested-mark'), 0);
  assert.ok(await page.isHidden('#api-error'));
});

test('suggestions: the example game opens with its dead stones suggested and its territory shown; screenshots desktop and 375 px, light and dark', async (env) => {
  for (const [width, height] of [[1280, 800], [375, 740]]) {
    for (const colorScheme of ['light', 'dark']) {
      const { page } = await env.open({ viewport: { width, height }, colorScheme });
      await load(page, env.url);
      const board = await page.evaluate(async () => (await import('/js/state.js')).scoreInput((await import('/js/example.js')).exampleDoc()).board);
      const estimate = await estimateOf(page, board);
      assert.equal(estimate.length, 7, 'all seven dead stones of the example');
      assert.equal(await marked(page, '.suggested-mark'), 7);
      const kinds = await kindsOf(page, { board, dead: estimate });
      assert.equal(await marked(page, '.territory'), kinds.territory);
      assert.ok(kinds.territory > 250, 'territory everywhere but the dame');
      assert.match(await page.textContent('#status'), /7 dead stones suggested/);
      assert.match(await page.textContent('#result'), /^Suggested: Black wins/);
      assert.ok(await page.isVisible('#accept-suggestions'));
      await shot(page, env, `suggest-example-${width}x${height}-${colorScheme}`);
      // Suggested next to confirmed: Q4's group rejected, then marked dead by hand.
      await clickPoint(page, 15, 15);
      await clickPoint(page, 15, 15);
      assert.equal(await marked(page, '.dead-cross'), 3);
      assert.equal(await marked(page, '.suggested-mark'), 4);
      await shot(page, env, `suggest-mixed-${width}x${height}-${colorScheme}`);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(scroll, 0, `no horizontal scrolling at ${width} px`);
    }
  }
});

test('suggestions: no seki carpet before marks; a real seki keeps its seki marks', async (env) => {
  const { page } = await env.open();
  // The example: read as it stands, nearly every empty point is seki; the page shows none.
  await load(page, env.url);
  const board = await page.evaluate(async () => (await import('/js/state.js')).scoreInput((await import('/js/example.js')).exampleDoc()).board);
  assert.ok((await kindsOf(page, { board })).seki > 200, 'unmarked, the library reads a carpet of seki');
  assert.equal(await marked(page, '.seki-point'), 0);
  // Not after the suggestions are cleared (no marks, nothing suggested) either.
  await page.click('#clear-dead');
  assert.equal(await marked(page, '.suggested-mark'), 0);
  assert.equal(await marked(page, '.seki-point'), 0, 'still no carpet');

  // goscorer's test_final_scoring_2: three dead stones and a real seki of 4 points.
  const scoring = fixture('test_final_scoring_2');
  await load(page, env.url, hashOf(scoring.rows, '&k=0&m=score'));
  const estimate = await estimateOf(page, scoring.rows);
  assert.deepEqual(estimate.sort(byPoint), scoring.dead.sort(byPoint), 'the estimate finds the fixture\'s dead stones');
  assert.equal(await marked(page, '.suggested-mark'), scoring.dead.length);
  const right = await kindsOf(page, { board: scoring.rows, dead: scoring.dead });
  const unmarked = await kindsOf(page, { board: scoring.rows });
  assert.ok(right.seki > 0 && unmarked.seki > right.seki, `seki ${right.seki}, ${unmarked.seki} read unmarked`);
  assert.equal(await marked(page, '.seki-point'), right.seki);
  // Rejecting a suggestion leaves seki only where the estimate's reading has it.
  const [x, y] = scoring.dead[0];
  await clickPoint(page, x, y);
  assert.ok(await marked(page, '.seki-point') <= right.seki);
  await page.click('#undo');
  await page.click('#accept-suggestions');
  assert.equal(await marked(page, '.seki-point'), right.seki, 'the same seki once accepted');

  // test_final_scoring_1: no dead stones, a real seki: nothing suggested, every seki point
  // marked. (The one-sided seki of test_side_bamboo_cut is not kept by the estimator.)
  const realSeki = fixture('test_final_scoring_1');
  await load(page, env.url, hashOf(realSeki.rows, '&m=score'));
  const seki = (await kindsOf(page, { board: realSeki.rows })).seki;
  assert.ok(seki > 0);
  assert.equal(await marked(page, '.suggested-mark'), 0);
  assert.equal(await marked(page, '.seki-point'), seki);
  await shot(page, env, 'suggest-real-seki');
});

test('suggestions: open borders the estimate says still need a move are marked on their dame until marks are made', async (env) => {
  const { page } = await env.open();
  const rows = ['.X.O...', '.X.O.X.', '.X.O...', '.X.O...', '.X.O...'];
  await load(page, env.url, hashOf(rows, '&m=score'));
  const sealing = await page.evaluate(async (board) => {
    const module = await import('/pkg/go_score.js');
    await module.default();
    return module.estimateDeadStones({ board }).needsSealing;
  }, rows);
  assert.deepEqual(sealing, [[2, 0], [2, 1], [2, 2], [2, 3], [2, 4]], 'the column between the walls is open');
  assert.equal(await marked(page, '.sealing-point'), sealing.length);
  assert.ok(await page.isVisible('#legend-sealing'));
  await shot(page, env, 'suggest-sealing');
  await page.click('#accept-suggestions');
  assert.equal(await marked(page, '.sealing-point'), 0, 'gone once there are marks');
  assert.ok(await page.isHidden('#legend-sealing'));
});

// ---- The widget ----

/** Opens lesson.html (which loads the widget) and adds `<go-score>` elements with `attrs`. */
async function widgets(page, env, list) {
  await page.goto(`${env.url}lesson.html`);
  await page.waitForFunction(() => customElements.get('go-score'));
  await page.evaluate((items) => {
    const main = document.querySelector('main');
    for (const { id, attrs } of items.reverse()) {
      const element = document.createElement('go-score');
      element.id = id;
      for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
      main.prepend(element);
    }
  }, list);
  await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id).result), list.map((w) => w.id), { timeout: 15000 });
}

/** What a widget shows: rings, crosses, seki points, its result line and note. */
function widgetView(page, id) {
  return page.evaluate((wid) => {
    const element = document.getElementById(wid);
    const shadow = element.shadowRoot;
    const sum = (selector) => [...shadow.querySelectorAll(selector)].reduce((n, node) => n + Number(node.dataset.points), 0);
    return {
      rings: sum('.suggested-mark'),
      crosses: sum('.dead-cross'),
      seki: sum('.seki-point'),
      sentence: shadow.querySelector('.result').textContent,
      note: shadow.querySelector('.note').hidden ? '' : shadow.querySelector('.note').textContent,
      accept: !shadow.querySelector('button[data-action=accept]').hidden,
      suggestions: element.suggestions,
      label: shadow.querySelector('svg.goban').getAttribute('aria-label'),
    };
  }, id);
}

test('suggestions (widget): Score mode suggests as the page does; Accept, A and clicks; suggest="off"; no seki carpet, real seki kept', async (env) => {
  const { page } = await env.open({ viewport: { width: 1280, height: 900 } });
  const scoring = fixture('test_final_scoring_2');
  const realSeki = fixture('test_final_scoring_1');
  const rows = (r) => r.join(' ');
  await widgets(page, env, [
    { id: 'known', attrs: { position: rows(KNOWN), coordinates: '' } },
    { id: 'off', attrs: { position: rows(KNOWN), suggest: 'off' } },
    { id: 'scoring', attrs: { position: rows(scoring.rows), komi: '0' } },
    { id: 'realSeki', attrs: { position: rows(realSeki.rows) } },
  ]);
  const estimate = (await estimateOf(page, KNOWN)).sort(byPoint);
  let known = await widgetView(page, 'known');
  assert.equal(known.rings, estimate.length);
  assert.deepEqual(known.suggestions.sort(byPoint), estimate);
  assert.equal(known.crosses, 0);
  assert.match(known.sentence, /^Suggested: /);
  assert.match(known.note, /suggested dead stones \(dashed rings\)/);
  assert.ok(known.accept);
  assert.match(known.label, /suggested dead/);
  const input = { board: KNOWN, rules: 'japanese', komi: 6.5, handicap: 0, captures: { black: 0, white: 0 }, passes: { black: 0, white: 0 } };
  const expected = await scoreInPage(page, { ...input, dead: estimate });
  assert.deepEqual(await page.evaluate(() => document.getElementById('known').result), expected);
  await shot(page, env, 'suggest-widget-1280x900');
  // A click on a suggested stone rejects it (the territory mark drawn over it takes the
  // pointer; the board reads the point under it).
  await page.locator('#known circle.stone[data-point="1"]').click({ force: true });
  known = await widgetView(page, 'known');
  assert.deepEqual(known.suggestions, [[7, 7]]);
  assert.equal(known.rings, 1);
  // A on the board accepts the rest.
  await page.locator('#known svg.goban').focus();
  await page.keyboard.press('a');
  known = await widgetView(page, 'known');
  assert.deepEqual({ rings: known.rings, crosses: known.crosses, accept: known.accept, suggestions: known.suggestions }, { rings: 0, crosses: 1, accept: false, suggestions: [] });
  assert.doesNotMatch(known.sentence, /Suggested/);
  assert.deepEqual(await page.evaluate(() => document.getElementById('known').scoreInput().dead), [[7, 7]]);
  // Undo twice: the suggestions are back, and the Accept button makes them marks.
  await page.locator('#known button[data-action=undo]').click();
  await page.locator('#known button[data-action=undo]').click();
  assert.equal((await widgetView(page, 'known')).rings, estimate.length);
  await page.locator('#known button[data-action=accept]').click();
  known = await widgetView(page, 'known');
  assert.equal(known.crosses, estimate.length);
  assert.deepEqual(await page.evaluate(() => document.getElementById('known').result), expected, 'accepted: the same score');

  // suggest="off": the position as marked (nothing), no seki carpet; turned on, suggestions come.
  assert.ok((await kindsOf(page, { board: KNOWN })).seki > 0, 'unmarked, the library reads seki');
  let off = await widgetView(page, 'off');
  assert.deepEqual({ rings: off.rings, seki: off.seki, accept: off.accept, note: off.note }, { rings: 0, seki: 0, accept: false, note: '' });
  assert.doesNotMatch(off.sentence, /Suggested/);
  await page.evaluate(() => document.getElementById('off').setAttribute('suggest', 'on'));
  off = await widgetView(page, 'off');
  assert.equal(off.rings, estimate.length);

  // Seki: the fixture's real seki with its dead stones suggested; a seki-only position keeps all.
  const scoringView = await widgetView(page, 'scoring');
  assert.equal(scoringView.rings, scoring.dead.length);
  assert.equal(scoringView.seki, (await kindsOf(page, { board: scoring.rows, dead: scoring.dead })).seki);
  const realSekiView = await widgetView(page, 'realSeki');
  assert.equal(realSekiView.rings, 0);
  assert.equal(realSekiView.seki, (await kindsOf(page, { board: realSeki.rows })).seki);
  assert.ok(realSekiView.seki > 0);

  // The lesson's practice board asks for suggest="off": the reader finds the dead stones.
  assert.equal((await widgetView(page, 'practice')).rings, 0);
  const { page: phone } = await env.open({ viewport: { width: 375, height: 740 } });
  await widgets(phone, env, [{ id: 'known', attrs: { position: rows(KNOWN), coordinates: '' } }]);
  await phone.locator('#known').screenshot({ path: path.join(env.artifacts, 'suggest-widget-375x740.png') });
});
