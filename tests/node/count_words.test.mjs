// The count view's words (www/js/count-words.js) on real `countingSteps` output, for the
// cases the page's e2e positions do not reach: reverse and odd komi, a handicap game with
// Chinese compensation, more prisoners than territory, every ruleset. Each step's words
// must be whole sentences (no undefined / NaN), every "a + b = c" in them must add up, and
// the result step must name scoreBoard's result and say whether the margin is the same.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { blockSizes, stepTitle, stepWords, whyIntro } from '../../www/js/count-words.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lib = createRequire(import.meta.url)(root + 'pkg/node/go_score.js');
const RULES = ['japanese', 'korean', 'chinese', 'aga', 'ing', 'nz'];

const num = (text) => Number(text.replace('−', '-'));

/** Every sentence of every step of `input` counted by `method`; checks them and returns them. */
function wordsOf(input, method) {
  const counting = lib.countingSteps({ ...input, method });
  const score = lib.scoreBoard(method === 'ing' ? { ...input, rules: 'ing' } : input);
  const part = method === 'japanese' ? score.territory : score.area;
  const compare = {
    label: 'scoreBoard',
    total: { black: part.black.total, white: part.white.total },
    margin: method === 'ing' ? score.margin : part.margin,
    result: method === 'ing' ? score.result : part.result,
  };
  const all = [];
  counting.steps.forEach((step, index) => {
    assert.notEqual(stepTitle(step.kind), step.kind, `a title for ${step.kind}`);
    const lines = stepWords(counting, index, compare);
    assert.ok(lines.length > 0, `${method} ${step.kind}: words`);
    for (const line of lines) {
      assert.doesNotMatch(line, /undefined|NaN|null|\[object/, `${method} ${step.kind}: ${line}`);
      assert.match(line, /[.:)]$/, `${method} ${step.kind}: a whole sentence: ${line}`);
      for (const [, terms, total] of line.matchAll(/((?:−?\d+(?:\.\d+)?(?: [a-z' ]+?)? \+ )+−?\d+(?:\.\d+)?(?: [a-z' ]+?)?) = (−?\d+(?:\.\d+)?)/g)) {
        const sum = terms.split(' + ').reduce((acc, term) => acc + num(term.split(' ')[0]), 0);
        assert.equal(sum, num(total), `${method} ${step.kind}: ${line}`);
      }
    }
    all.push(...lines);
  });
  const end = stepWords(counting, counting.steps.length - 1, compare).join(' ');
  assert.ok(end.includes(compare.result), `${method}: the result step names scoreBoard's ${compare.result}: ${end}`);
  if (method === 'japanese') assert.match(end, /The margin is the same/);
  else assert.match(end, /says the same/);
  return { counting, all };
}

const NINE = ['.O..XO...', '....XO...', '....XO...', '....XO...', '....XO...', '....XO...', '....XO...', '....XO.X.', '....XO...'];

test('every method under every ruleset, with captures, passes and komi from reverse to large', () => {
  for (const rules of RULES) {
    for (const komi of [-7.5, -1, 0, 0.5, 6.5, 7, 8, 13]) {
      const input = { board: NINE, dead: [[1, 0], [7, 7]], rules, komi, captures: { black: 3, white: 2 }, passes: { black: 1, white: 2 }, lastToPlay: 'black' };
      for (const method of ['japanese', 'ing', 'chinese']) wordsOf(input, method);
    }
  }
});

test('more prisoners than territory: the rest is kept aside and added at the count', () => {
  const input = { board: NINE, dead: [[1, 0], [7, 7]], rules: 'japanese', komi: 6.5, captures: { black: 60, white: 0 } };
  const { counting, all } = wordsOf(input, 'japanese');
  const fill = counting.steps.find((s) => s.kind === 'fill-prisoners');
  assert.ok(fill.black.prisoners > 0, 'the lid overflows');
  assert.ok(all.some((line) => /kept aside and added at the count/.test(line)), 'the overflow is worded');
});

test('a handicap game by Chinese counting names the compensation; rearranged blocks are worded', () => {
  const board = ['..X.XO...', '....XO...', '..X.XO.O.', '....XO...', '....XO...', '....XO...', '..X.XO.O.', '....XO...', '....XO...'];
  const input = { board, rules: 'chinese', komi: 0.5, handicap: 4 };
  const { all } = wordsOf(input, 'chinese');
  assert.ok(all.some((line) => /handicap compensation/.test(line)), all.join('\n'));
  const japanese = lib.countingSteps({ board: NINE, dead: [[1, 0], [7, 7]], komi: 6.5, method: 'japanese' });
  const rearranged = japanese.steps.find((s) => s.kind === 'rearrange');
  const sizes = blockSizes(rearranged);
  const shaded = (sign) => rearranged.blocks.flat().filter((id, i) => id && rearranged.shade.flat()[i] === sign).length;
  assert.equal(sizes.black.reduce((a, b) => a + b, 0), shaded(1));
  assert.equal(sizes.white.reduce((a, b) => a + b, 0), shaded(-1));
});

test('the why view names both results and the board\'s seki, false eyes and dame', () => {
  const score = lib.scoreBoard({ board: NINE, dead: [[1, 0], [7, 7]], komi: 6.5 });
  const lines = whyIntro(score, { seki: 4, falseEyes: 1, dame: 2 });
  const text = lines.join(' ');
  assert.ok(text.includes(score.territory.result) && text.includes(score.area.result));
  assert.match(text, /4 points in seki, 1 false eye, 2 points of dame/);
  assert.match(whyIntro(score, { seki: 0, falseEyes: 0, dame: 0 }).join(' '), /no seki, false eyes or dame/);
});
