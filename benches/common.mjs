// Helpers shared by the Node benches (peers.mjs, accuracy.mjs, first_call.mjs, gnugo.mjs,
// cli.mjs): the Node build of go-score, @sabaki/deadstones, the corpus path and a corpus
// game's scoring input, timing, flag reading, fixture reading and the OGS dead-stone check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing slash. */
export const root = fileURLToPath(new URL('../', import.meta.url));
export const require = createRequire(import.meta.url);

/** The Node build (`scripts/build.sh --node`), loaded lazily so a missing build says so. */
export function loadGoScore() {
  const path = root + 'pkg/node/go_score.js';
  try {
    return require(path);
  } catch (error) {
    throw new Error(`cannot load ${path} (${error.message}): run scripts/build.sh --node first`);
  }
}

export const deadstones = require('@sabaki/deadstones');

/** Milliseconds since `start`, a `process.hrtime.bigint()` reading. */
export const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * A corpus game's final position and its scoring input (`record`: `sgf`, `rules`, `komi`),
 * read with go-score's `Game`, under the corpus's rules and komi. `scoreInput` is the
 * record's own, before they are applied.
 */
export function gameInput(goScore, record) {
  const game = goScore.Game.fromSgf(record.sgf);
  const board = game.board;
  const scoreInput = game.scoreInput([]);
  game.free();
  // The corpus's rules and komi are the ones the result was counted with (its README says
  // how each source's were settled); the SGF's own tags are not always as precise.
  return { board, scoreInput, input: { ...scoreInput, rules: record.rules, komi: record.komi } };
}

/** One JSON value per non-blank line; a bad line is reported with its number. */
export function readJsonl(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => [line, i + 1])
    .filter(([line]) => line.trim())
    .map(([line, number]) => {
      try {
        return JSON.parse(line);
      } catch (error) {
        throw new Error(`${file}:${number}: ${error.message}`);
      }
    });
}

/** Rows of 'X', 'O', '.' as a sign map (1 black, -1 white, 0 empty). */
export const signsOf = (rows) => rows.map((row) => [...row].map((c) => (c === 'X' ? 1 : c === 'O' ? -1 : 0)));

/** The real-game corpus (one finished game a line), beside the repository. */
export const REAL_GAMES = resolve(root, '../shared/fixtures/real_games/games.jsonl');

/** The KGS games whose records mark the agreed dead stones, beside the repository. */
export const KGS_MARKED = resolve(root, '../shared/fixtures/kgs_marked/games.jsonl');

/** Where relative paths given to a bench start: the caller's directory (scripts/bench.sh sets BENCH_CWD). */
export const benchCwd = process.env.BENCH_CWD || process.cwd();

/** Prints `message` and exits with `code` (2: a usage error). */
export function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

/** A whole number ≥ `min` from a flag's value, or a usage error naming the flag. */
export function wholeNumber(flag, text, min) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) fail(`${flag} needs a whole number ≥ ${min}, got ${text}`, 2);
  return n;
}

/**
 * Reads `--flag value` pairs from the command line, each handed to `readers[flag]`; an unknown
 * flag or a missing value prints `usage` and exits with status 2.
 */
export function readFlags(usage, readers) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 2) {
    const read = Object.hasOwn(readers, args[i]) ? readers[args[i]] : null;
    if (!read || args[i + 1] === undefined) fail(usage, 2);
    read(args[i + 1]);
  }
}

/** `count` items spread evenly over `list`, in its order (all of it when shorter). */
export function evenly(list, count) {
  if (count >= list.length) return list;
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]);
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Whether `deadList` (vertices) is exactly the dead stones of an OGS end-position fixture
 * (`tests/fixtures/ogs_endgames.jsonl`): every stone whose mark is not '?' is dead in the
 * list when marked 'd' and absent from it otherwise.
 */
export function exactlyRight(fixture, deadList) {
  const dead = new Set(deadList.map(([x, y]) => `${x},${y}`));
  for (let y = 0; y < fixture.height; y++) {
    for (let x = 0; x < fixture.width; x++) {
      const stone = fixture.stones[y][x];
      const want = fixture.expected_dead[y][x];
      if (stone === '.' || want === '?') continue;
      if ((want === 'd') !== dead.has(`${x},${y}`)) return false;
    }
  }
  return true;
}

/** A time in milliseconds for a bench table: '–' for none, two decimals below 10. */
const msText = (ms) => (ms === null ? '–' : ms.toFixed(ms < 10 ? 2 : 1));

/** The columns the accuracy tables end with (`[name, width, cell(row)]`): time per game, the slowest, errors. */
export const TIMING_COLUMNS = [
  ['ms/game', 9, (r) => msText(r.msMedian)],
  ['slowest', 9, (r) => msText(r.msMax)],
  ['errors', 7, (r) => String(r.errors)],
];

/** A table line: the first `left` cells padded on the right, the rest on the left, to their columns' widths. */
export const tableLine = (columns, left, cells) =>
  cells.map((c, i) => (i < left ? c.padEnd(columns[i][1]) : c.padStart(columns[i][1]))).join('');
