// A plain `wasm-pack build --target nodejs` of the crate, as a new user makes it (no script,
// no wasm-opt, nothing added to its output), exports the whole API, fast path included, and
// answers exactly as the optimised build the package ships (www/pkg) on every fixture.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { deadFrom } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const RULES = ['japanese', 'korean', 'chinese', 'aga', 'ing', 'nz', 'tromp-taylor'];

// Only wasm-bindgen reruns: the release build is the one scripts/build.sh just made.
execFileSync(
  'wasm-pack',
  ['--log-level', 'warn', 'build', '--mode', 'no-install', '--release', '--target', 'nodejs',
    '--out-dir', 'target/plain-nodejs'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
const plain = require(root + 'target/plain-nodejs/go_score.js');
const shipped = await import(root + 'www/pkg/go_score.js');
shipped.initSync({ module: readFileSync(root + 'www/pkg/go_score_bg.wasm') });

const jsonl = (path) =>
  readFileSync(root + path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

const positions = [
  ...jsonl('tests/fixtures/ogs_endgames.jsonl').map((f) => ({ rows: f.stones, dead: deadFrom(f.stones, f.expected_dead) })),
  ...jsonl('tests/fixtures/goscorer_positions.jsonl').map((f) => ({ rows: f.stones, dead: deadFrom(f.stones, f.dead) })),
];

function outcome(fn, input) {
  try {
    return { result: fn(input) };
  } catch (error) {
    return { error: error.message };
  }
}

test('a plain wasm-pack build exports the API with its own scoreBoard', () => {
  for (const name of ['scoreBoard', 'classifyRegions', 'estimateDeadStones', 'countingSteps', 'scoreSgf', 'Game']) {
    assert.equal(typeof plain[name], 'function', name);
  }
  const result = plain.scoreBoard({ board: ['.X.O.', 'XX.OO', '.X.O.'], rules: 'chinese', komi: 0 });
  assert.equal(result.result, 'Draw');
  assert.equal(result.area.black.total, 6);
});

test('the plain build and the shipped build agree on every fixture under every ruleset', () => {
  assert.ok(positions.length > 60);
  let compared = 0;
  for (const p of positions) {
    for (const rules of RULES) {
      const input = { board: p.rows, dead: rules === 'tromp-taylor' ? [] : p.dead, rules };
      for (const fn of ['scoreBoard', 'classifyRegions', 'countingSteps']) {
        assert.deepStrictEqual(outcome(plain[fn], input), outcome(shipped[fn], input), `${fn} ${rules}`);
        compared++;
      }
    }
    const estimate = { board: p.rows, seed: 1, effort: 8 };
    assert.deepStrictEqual(outcome(plain.estimateDeadStones, estimate), outcome(shipped.estimateDeadStones, estimate));
  }
  assert.ok(compared > 1000);
});
