// The scoring core (www/pkg-core: the crate built without its `full` feature, which the
// <go-score> widget loads first) against the full module (www/pkg): it exports the scoring
// functions alone, answers exactly as the full module does, and says clearly what it cannot
// do (estimated dead stones) instead of failing some other way.
//
//   scripts/build.sh && node --test tests/node/core_module.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RULES = ['japanese', 'chinese', 'aga', 'korean', 'ing', 'nz', 'tromp-taylor'];

/** A `--target web` build, initialised synchronously from its bytes. */
async function load(dir) {
  const glue = `${root}${dir}/go_score.js`;
  if (!existsSync(glue)) throw new Error(`${dir} is missing: run scripts/build.sh first`);
  const api = await import(glue);
  api.initSync({ module: readFileSync(`${root}${dir}/go_score_bg.wasm`) });
  return api;
}

const core = await load('www/pkg-core');
const full = await load('www/pkg');

/** The fixture positions with their dead stones, as scoring inputs. */
function positions() {
  const lines = readFileSync(`${root}tests/fixtures/goscorer_positions.jsonl`, 'utf8').trim().split('\n');
  return lines.map((line) => {
    const { name, stones, dead } = JSON.parse(line);
    const marks = [];
    dead?.forEach((row, y) => [...row].forEach((c, x) => c !== '.' && marks.push([x, y])));
    return { name, board: stones, dead: marks };
  });
}

test('the core exports the scoring functions and none of Game, SGF, estimation, counting or server counts', () => {
  for (const name of ['scoreBoard', 'classifyRegions', 'scoreAndClassify', 'readDiagram', 'rulesets', 'defaultKomi', 'handicapPoints']) {
    assert.equal(typeof core[name], 'function', `core exports ${name}`);
  }
  for (const name of ['Game', 'scoreSgf', 'sgfGameTrees', 'estimateDeadStones', 'countingSteps', 'countAsServer']) {
    assert.equal(core[name], undefined, `core leaves out ${name}`);
    assert.equal(typeof full[name], 'function', `full exports ${name}`);
  }
});

test('the core scores and classifies every fixture position as the full module does, under every ruleset', () => {
  const cases = positions();
  assert.ok(cases.length >= 10, 'the fixture has positions');
  const rules = core.rulesets().map(({ name }) => name);
  assert.deepEqual(rules, full.rulesets().map(({ name }) => name));
  for (const name of RULES) assert.ok(rules.includes(name), `${name} is a ruleset`);
  for (const { name, board, dead } of cases) {
    for (const ruleset of rules) {
      const input = { board, dead, rules: ruleset };
      let expected;
      try {
        expected = full.scoreBoard(input);
      } catch (error) {
        assert.throws(() => core.scoreBoard(input), { message: error.message }, `${name}, ${ruleset}: the same error`);
        continue;
      }
      assert.deepEqual(core.scoreBoard(input), expected, `${name}, ${ruleset}: scoreBoard`);
      assert.deepEqual(core.classifyRegions(input), full.classifyRegions(input), `${name}, ${ruleset}: classifyRegions`);
      assert.deepEqual(core.scoreAndClassify(input), full.scoreAndClassify(input), `${name}, ${ruleset}: scoreAndClassify`);
      assert.equal(core.defaultKomi(ruleset, 2), full.defaultKomi(ruleset, 2), `${ruleset}: defaultKomi`);
    }
  }
});

test("the core refuses dead: 'estimate' and 'auto' with an error saying why, and scores 'none' and lists", () => {
  const board = ['.XO..', 'XXO.O', '..XO.', 'XXOO.', '.XO..'];
  for (const dead of ['estimate', 'auto']) {
    assert.throws(() => core.scoreBoard({ board, dead, rules: 'japanese' }), (error) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /need the estimator.*scoring-core build/);
      return true;
    });
  }
  // Rules that keep every stone alive need no estimate: the same answer as the full module.
  assert.deepEqual(
    core.scoreBoard({ board, dead: 'estimate', rules: 'tromp-taylor' }),
    full.scoreBoard({ board, dead: 'estimate', rules: 'tromp-taylor' }),
  );
  assert.deepEqual(core.scoreBoard({ board, dead: 'none' }), full.scoreBoard({ board, dead: 'none' }));
});
