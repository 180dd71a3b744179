// go-score's first estimate in a fresh Node process, timed: what a page or a script meets on
// its first call. V8 runs a new WebAssembly module on its baseline compiler and optimises the
// hot functions in the background, so the first calls can be several times slower than the
// later ones. accuracy.mjs runs this for its slowest and its median game.
//
//   echo '{"sgf": "...", "rules": "japanese", "komi": 6.5, "options": {}}' | node benches/first_call.mjs
//
// `options` are estimateDeadStones's own (`seed`, `effort`), as accuracy.mjs was given them.
//
// Prints one JSON line: `loadMs` (loading the module), `firstMs` (the first
// `estimateDeadStones` plus `scoreBoard`, as accuracy.mjs times a game) and `laterMs` (the
// same call twice more).
import { readFileSync } from 'node:fs';
import { elapsedMs, gameInput, loadGoScore } from './common.mjs';

const record = JSON.parse(readFileSync(0, 'utf8'));

const loading = process.hrtime.bigint();
const goScore = loadGoScore();
const loadMs = elapsedMs(loading);

const { board, input } = gameInput(goScore, record);
// The game's last mover is in `input` only when the record has one, as `scoreInput` gives it.
const estimateInput = { board, rules: record.rules, lastToPlay: input.lastToPlay, ...record.options };

function estimateAndScore() {
  const start = process.hrtime.bigint();
  const { dead } = goScore.estimateDeadStones(estimateInput);
  goScore.scoreBoard({ ...input, dead });
  return elapsedMs(start);
}

const firstMs = estimateAndScore();
const laterMs = [estimateAndScore(), estimateAndScore()];
console.log(JSON.stringify({ loadMs, firstMs, laterMs }));
