// The TypeScript declarations the build generates from the Rust types (www/pkg/go_score.d.ts)
// against what the module really takes and returns. Real outputs of every function, and
// inputs that use every field of every input shape, are written into a .ts file as typed
// literals, and `tsc --strict` checks it: a field the Rust types have and the declarations
// lack (or the reverse), a wrong type or a missing required field fails. A deliberately
// wrong file must fail too, so the check can fail.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const go = require(root + 'pkg/node/go_score.js');
const out = root + 'target/types/';
const tsc = root + 'node_modules/.bin/tsc';

const ROWS = ['.X.O.', 'XX.OO', '.X.O.'];
const SGF = '(;GM[1]SZ[5]KM[0.5]RU[Chinese]PB[Black]PW[White];B[bb];W[dd];B[];W[])';
// An OGS record whose count differs by convention: a false eye of Black's at [4, 1].
const OGS_SGF = '(;GM[1]SZ[9:5]PC[OGS: https://online-go.com/game/1]RU[Japanese]KM[0.5]'
  + 'AB[ab][bb][cb][db][fb][gb][cc][ec][gc][gd][ge][ie]AW[bc][dc][fc][ad][cd][dd][fd][ce][de][ee][fe])';

// Inputs with every field of their shape (checked as `Required<...>`), all accepted.
const scoreInput = {
  board: ROWS,
  dead: [],
  rules: 'chinese',
  komi: 0.5,
  captures: { black: 1, white: 0 },
  handicap: 0,
  handicapCompensation: 'n',
  passes: { black: 1, white: 1 },
  lastToPlay: 'white',
  scoreFalseEyes: false,
};
const { board: _board, ...scoreFields } = scoreInput;
const sgfOptions = { ...scoreFields, conventions: 'server' };
const inputs = {
  ScoreInput: scoreInput,
  CountingInput: { ...scoreInput, method: 'chinese' },
  ScoreSgfOptions: sgfOptions,
  EstimateInput: {
    board: [[1, 0, 0], [0, 0, -1]],
    rules: 'japanese',
    ownership: [[1, 1, 0], [0, -1, -1]],
    seed: 1,
    effort: 10,
    lastToPlay: 'white',
  },
  GameOptions: { width: 5, height: 5, rules: 'japanese', komi: 6.5, handicap: 0 },
  ServerCountInput: { ...scoreInput, server: 'OGS' },
};

function outputs() {
  const game = go.Game.fromSgf(SGF);
  const result = {
    ScoreResult: go.scoreBoard(inputs.ScoreInput),
    Classification: go.classifyRegions(inputs.ScoreInput),
    Estimate: go.estimateDeadStones(inputs.EstimateInput),
    Counting: go.countingSteps(inputs.CountingInput),
    SgfScoreResult: go.scoreSgf(SGF, inputs.ScoreSgfOptions),
    'SgfScoreResult ': go.scoreSgf(OGS_SGF),
    ServerCountResult: go.countAsServer(inputs.ServerCountInput),
    'Server | null': go.Game.fromSgf(OGS_SGF).server,
    'GameMove[]': game.moves(),
    'PerColor<number>': game.captures,
    ScoreInput: game.scoreInput(),
    'number[][]': game.board,
    'Vertex[]': game.deadHints(),
    'RulesetInfo[]': go.rulesets(),
    'Vertex[] | null': go.handicapPoints(19, 19, 9),
    ' Vertex[] | null': go.handicapPoints(19, 19, 10),
    number: go.defaultKomi('aga', 2),
  };
  new go.Game(inputs.GameOptions).free();
  game.free();
  return result;
}

/** A .ts file declaring each value as a constant of its type; `[type, value, input]`
 *  entries, an input's type as `Required<...>` so that it must use every field. */
function source(entries) {
  const names = new Set();
  const lines = entries.map(([type, value, input], i) => {
    for (const [name] of type.matchAll(/\b[A-Z][A-Za-z]*\b/g)) names.add(name);
    const declared = input ? `Required<${type.trim()}>` : type.trim();
    return `export const value${i}: ${declared} = ${JSON.stringify(value)};`;
  });
  return `import type { ${[...names].sort().join(', ')} } from '../../www/pkg/go_score.js';\n${lines.join('\n')}\n`;
}

function typecheck(name, text) {
  mkdirSync(out, { recursive: true });
  writeFileSync(out + name, text);
  try {
    execFileSync(tsc, ['--strict', '--noEmit', '--skipLibCheck', 'false', '--target', 'es2022',
      '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'esnext,dom', out + name],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (error) {
    return `${error.stdout}${error.stderr}`;
  }
}

test('the generated declarations match every input and output the module has', () => {
  const entries = [
    ...Object.entries(inputs).map(([type, value]) => [type, value, true]),
    ...Object.entries(outputs()).map(([type, value]) => [type, value, false]),
  ];
  const errors = typecheck('api.ts', source(entries));
  assert.equal(errors, '', errors);
});

test('the check fails on a field the declarations do not have, or a missing one', () => {
  const { komi: _komi, ...missing } = scoreInput;
  for (const [label, value] of [
    ['an unknown field', { ...scoreInput, komy: 1 }],
    ['a field missing', missing],
    ['a wrong type', { ...scoreInput, komi: '6.5' }],
  ]) {
    assert.notEqual(typecheck('wrong.ts', source([['ScoreInput', value, true]])), '', label);
  }
  const result = go.scoreBoard(scoreInput);
  const { difference: _difference, ...partial } = result;
  assert.notEqual(typecheck('wrong.ts', source([['ScoreResult', partial, false]])), '', 'missing');
  assert.notEqual(
    typecheck('wrong.ts', source([['ScoreResult', { ...result, extra: 1 }, false]])),
    '',
    'output extra',
  );
});
