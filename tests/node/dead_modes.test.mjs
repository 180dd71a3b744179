// Scoring a record with no markup in one call, through the release build: `scoreSgf` and
// `Game.score` with `dead: 'auto'` find the dead stones as `estimateDeadStones` does, say
// where they came from, and list them; a record's own marks win.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lib = createRequire(import.meta.url)(root + 'pkg/node/go_score.js');

// A real 19×19 game from the validation sample (no TB/TW markup, as servers record them).
const game = JSON.parse(
  readFileSync(root + 'tests/fixtures/real_games_validation_sample.jsonl', 'utf8').split('\n')[0],
);

test('dead: auto on a record without marks estimates them, as estimateDeadStones does', () => {
  const score = lib.scoreSgf(game.sgf, { dead: 'auto' });
  const record = lib.Game.fromSgf(game.sgf);
  try {
    const estimate = lib.estimateDeadStones({ board: record.board, rules: record.rules, lastToPlay: record.lastToPlay });
    assert.equal(score.deadFrom, 'estimate');
    assert.deepEqual(score.dead, estimate.dead);
    assert.ok(score.dead.length > 0);
    const fromGame = record.score({ dead: 'auto' });
    assert.deepEqual(
      { result: fromGame.result, deadFrom: fromGame.deadFrom, dead: fromGame.dead },
      { result: score.result, deadFrom: score.deadFrom, dead: score.dead },
    );
    // The same stones given by hand give the same score, from the caller.
    const given = lib.scoreBoard({ ...record.scoreInput(score.dead) });
    assert.equal(given.result, score.result);
    assert.equal(given.deadFrom, 'given');
  } finally {
    record.free();
  }
});

test('the record\'s own marks win over the estimate; none and estimate choose one source', () => {
  const record = lib.Game.fromSgf(game.sgf);
  let marked;
  try {
    const dead = lib.estimateDeadStones({ board: record.board }).dead.slice(0, 1);
    marked = record.toSgf(dead);
  } finally {
    record.free();
  }
  const byMarks = lib.scoreSgf(marked, { dead: 'auto' });
  assert.equal(byMarks.deadFrom, 'record');
  assert.ok(byMarks.dead.length >= 1);
  assert.equal(lib.scoreSgf(marked).deadFrom, 'record');
  const none = lib.scoreSgf(marked, { dead: 'none' });
  assert.deepEqual([none.deadFrom, none.dead], ['given', []]);
  assert.equal(lib.scoreSgf(marked, { dead: 'estimate' }).deadFrom, 'estimate');
  assert.throws(() => lib.scoreSgf(game.sgf, { dead: 'guess' }), /dead: invalid value: string "guess"/);
  assert.throws(() => lib.scoreBoard({ board: ['X.O'], dead: 'record' }), /needs a game record/);
});
