// `scoreBoard`'s fast path (a JS snippet, js/boundary.js, reads a well-formed board flat)
// against the full decoder alone (the `score` of `scoreAndClassify`, which always reads its
// input through it), in both builds the package ships:
//   - same result (deep, -0 included) on fixtures, random positions and every option;
//   - same error message on every bad or strange input, and the module keeps working;
//   - the snippet reads ordinary input and leaves unusual input to the full decoder.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { deadFrom, random } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const node = require(root + 'pkg/node/go_score.js');
const web = await import(root + 'www/pkg/go_score.js');
web.initSync({ module: readFileSync(root + 'www/pkg/go_score_bg.wasm') });
const RULES = ['japanese', 'korean', 'chinese', 'aga', 'ing', 'nz', 'tromp-taylor'];

const jsonl = (path) =>
  readFileSync(root + path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

function signs(rows) {
  return rows.map((row) => [...row].map((c) => (c === 'X' ? 1 : c === 'O' ? -1 : 0)));
}


/** Either the result or the error's message, so both outcomes can be compared. */
function outcome(fn, input) {
  try {
    return { result: fn(input) };
  } catch (error) {
    assert.ok(error instanceof Error, `threw a non-Error: ${error}`);
    return { error: error.message };
  }
}

function same(api, input, label) {
  const fast = outcome(api.scoreBoard, input);
  const generic = outcome((value) => api.scoreAndClassify(value).score, input);
  assert.deepStrictEqual(fast, generic, label);
  return fast;
}

const positions = [
  ...jsonl('tests/fixtures/ogs_endgames.jsonl').map((f) => ({
    name: f.name,
    rows: f.stones,
    dead: deadFrom(f.stones, f.expected_dead),
  })),
  ...jsonl('tests/fixtures/goscorer_positions.jsonl').map((f) => ({
    name: f.name,
    rows: f.stones,
    dead: deadFrom(f.stones, f.dead),
  })),
];

for (const [flavour, api] of [
  ['node', node],
  ['web', web],
]) {
  test(`${flavour}: fixtures give the same result both ways, under every ruleset`, () => {
    assert.ok(positions.length > 60);
    for (const p of positions) {
      for (const rules of RULES) {
        const dead = rules === 'tromp-taylor' ? [] : p.dead;
        const { result } = same(api, { board: signs(p.rows), dead, rules }, `${p.name} ${rules}`);
        assert.ok(result, `${p.name} ${rules} scored`);
        // Row strings take the fast path too.
        same(api, { board: p.rows, dead, rules }, `${p.name} ${rules} rows`);
      }
    }
  });

  test(`${flavour}: random boards and options give the same outcome both ways`, () => {
    const next = random(11);
    const pick = (list) => list[Math.floor(next() * list.length)];
    let scored = 0;
    for (let i = 0; i < 400; i++) {
      const width = 1 + Math.floor(next() * 13);
      const height = 1 + Math.floor(next() * 13);
      const board = Array.from({ length: height }, () =>
        Array.from({ length: width }, () => pick([0, 0, 0, 1, -1, -0])),
      );
      const input = { board, rules: pick(RULES) };
      if (next() < 0.5) input.komi = pick([0, 0.5, 6.5, 7, -3.5, 100, 6.3, NaN]);
      if (next() < 0.3) input.captures = { black: pick([0, 3, 12]), white: pick([0, 1, -1]) };
      if (next() < 0.3) input.handicap = pick([0, 2, 4, 1000]);
      if (next() < 0.3) input.passes = { black: pick([0, 1, 2]), white: pick([0, 1]) };
      if (next() < 0.3) input.lastToPlay = pick(['black', 'white', 'green']);
      if (next() < 0.2) input.handicapCompensation = pick(['none', 'n', 'n-1', 'x']);
      if (next() < 0.2) input.scoreFalseEyes = pick([true, false]);
      if (next() < 0.5) {
        input.dead = [];
        for (let k = 0; k < 3; k++) {
          input.dead.push([Math.floor(next() * (width + 1)), Math.floor(next() * height)]);
        }
      }
      if (same(api, input, JSON.stringify(input)).result) scored++;
    }
    assert.ok(scored > 50, `only ${scored} of 400 random inputs were legal`);
  });

  test(`${flavour}: strange and hostile inputs give the same outcome both ways`, () => {
    const board = [
      [1, 0, -1],
      [1, 0, -1],
      [0, 0, 0],
    ];
    class Input {
      constructor() {
        this.board = board;
      }
    }
    const withToJSON = Object.assign([[1, 0], [0, 0]], { toJSON: () => [[-1, 0], [0, 0]] });
    const throwing = {
      get board() {
        throw new Error('getter');
      },
    };
    const cases = [
      undefined,
      null,
      42,
      'board',
      [board],
      {},
      { board: [] },
      { board: [[]] },
      { board: [[1, 0], [0]] },
      { board: [[1, 2]] },
      { board: [[1, 0.5]] },
      { board: [[true, 0]] },
      { board: [['1', 0]] },
      { board: ['X.', 'x.'] },
      { board: ['XO', [1, -1]] },
      { board: ['ÖX'] },
      { board: ['X\u0001', '..'] },
      { board: ['X ', '..'] },
      { board: ['X1', '..'] },
      { board: [new Int8Array([1, 0])] },
      { board: [[1, , 0]] }, // a hole
      { board: Array.from({ length: 53 }, () => [0]) },
      { board: [new Array(53).fill(0)] },
      { board, extra: 1 },
      { board, dead: [[0, 0, 0]] },
      { board, dead: [[0.5, 0]] },
      { board, dead: [['0', 0]] },
      { board, dead: [[0, 9]] },
      { board, dead: [[1, 1]] },
      { board, dead: [[-1, 0]] },
      { board, dead: [[1e12, 0]] },
      { board, dead: {} },
      { board, dead: null },
      { board, dead: Array.from({ length: 3000 }, () => [0, 0]) },
      { board, komi: Infinity },
      { board, komi: '6.5' },
      { board, rules: 'chinese', captures: [1, 2] },
      { board, passes: null },
      { board, rules: null },
      { board, lastToPlay: 1 },
      { board, toJSON: () => ({ board: [[0]] }) },
      { board: withToJSON },
      new Input(),
      Object.assign(Object.create(null), { board }),
      Object.assign(Object.create({ rules: 'chinese' }), { board }),
      new Proxy({ board }, {}),
      { board: new Proxy(board, {}) },
      throwing,
      { board, komi: 10n },
    ];
    for (const [i, input] of cases.entries()) {
      same(api, input, `case ${i}`);
    }
    // Still working after all of that.
    assert.equal(api.scoreBoard({ board: ['X.', '..'] }).area.black.stones, 1);
  });
}

test('the fast path reads ordinary input and leaves the rest to the full decoder', async () => {
  // The JS snippet the wasm export calls to read a board flat (js/boundary.js), on its own.
  // It writes into the module's memory, at places the module names: here a memory of its
  // own, laid out as the module's buffers are.
  const { flatScoreInput, setMemory } = await import(root + 'js/boundary.js');
  const memory = new WebAssembly.Memory({ initial: 1 });
  setMemory(memory);
  const [SIGNS, DEAD, OPTIONS, TEXT] = [0, 4096, 28672, 32768];
  const signsOut = new Int8Array(memory.buffer, SIGNS, 52 * 52);
  const deadOut = new Int32Array(memory.buffer, DEAD, 2 * 52 * 52);
  const optionsOut = new Float64Array(memory.buffer, OPTIONS, 256);
  const shape = optionsOut.subarray(0, 4); // width, height, dead numbers, option fields
  const read = (input) =>
    flatScoreInput(input, SIGNS, DEAD / 4, deadOut.length, OPTIONS / 8, 256, TEXT, 1024);
  const f = positions[0];
  const width = f.rows[0].length;
  const height = f.rows.length;
  const flat = signs(f.rows).flat();
  // Row strings go over as their characters: the core reads the row notation.
  const characters = [...f.rows.join('')].map((c) => c.charCodeAt(0));
  for (const [input, fields, cells, label] of [
    [{ board: signs(f.rows), dead: f.dead, rules: 'chinese' }, 1, flat, 'sign map'],
    [{ board: f.rows, dead: f.dead, komi: 6.5, captures: { black: 1, white: 2 } }, 2, characters, 'rows'],
    [{ board: signs(f.rows), dead: f.dead, lastToPlay: 'white', scoreFalseEyes: true }, 2, flat, 'options'],
  ]) {
    assert.equal(read(input), true, label);
    assert.deepEqual([...shape], [width, height, 2 * f.dead.length, fields], label);
    assert.deepEqual([...signsOut.subarray(0, width * height)], cells, label);
    assert.deepEqual([...deadOut.subarray(0, 2 * f.dead.length)], f.dead.flat(), label);
  }
  // Shapes the fast path does not take go straight to the full decoder.
  assert.equal(read({ board: [[1, 0.5]] }), false, 'odd sign');
  assert.equal(read({ board: signs(f.rows), dead: [[0.5, 1]] }), false, 'odd vertex');
  assert.equal(read(Object.assign(Object.create({}), { board: [[0]] })), false, 'not a plain object');
  assert.equal(read(Object.create({ board: [[0]] })), false, 'an inherited board');
  assert.equal(read({ get board() { throw new Error('getter'); } }), false, 'a throwing getter');
  assert.equal(read({ board: signs(f.rows), komi: 10n }), false, 'a BigInt option');
  assert.equal(read({ board: signs(f.rows), rules: 'japanése' }), false, 'text beyond ASCII');
  assert.equal(read({ board: signs(f.rows), captures: [1, 2] }), false, 'an array option');
  // What the snippet takes and Rust refuses (an unknown key, a bad komi, no liberties) is
  // reported by the full decoder: the comparisons above show the messages are its own.
  assert.equal(read({ board: signs(f.rows), extra: true }), true, 'unknown key');
  assert.equal(read({ board: ['X.', 'x.'] }), true, 'a character the notation has not');
  assert.equal(read({ board: ['X.', '\u0001.'] }), false, 'a control character, which could pass for a sign');
  assert.equal(read({ board: ['X.', 'é.'] }), false, 'a character beyond ASCII');
});
