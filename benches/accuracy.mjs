// Accuracy of dead-stone finders on real finished games, through go-score's JS API (the Node
// build). Every finder only picks the dead stones of the game's final position and go-score's
// `scoreBoard` counts them, so the columns differ by the finder alone:
//   - go-score: `estimateDeadStones({ board, rules, lastToPlay })` (the record's last mover;
//     default seed and effort unless --seed / --effort);
//   - @sabaki/deadstones: `guess(signMap, { finished: true, iterations: 100 })` (it seeds
//     itself with the clock: its figures move a little from run to run);
//   - none: no dead stones at all, the floor;
//   - GNU Go 3.8: `gnugo --score aftermath` plays the game out and counts it itself, so its
//     own margin is compared with the record. Seconds per game: an evenly spaced sample.
// "Dead stones exact" needs known dead stones: the 16 OGS end positions
// (tests/fixtures/ogs_endgames.jsonl, hand-checked; there GNU Go answers GTP
// `final_status_list dead`) and the engine games (tests/fixtures/engine_games/, GNU Go
// self-play on 9×9, 13×13 and 19×19 whose dead stones GNU Go's verdict and its clean-up play
// agree on; GNU Go made those labels, so it has no row there), with the held-out ones
// (heldout.jsonl: made the same way with seeds of their own, scored but never tuned on).
// Times are single timings; go-score's real games over 30 ms are timed twice more, and a
// line under the totals gives the fastest of the three: its worst case against the 50 ms
// budget, without the machine's pauses. The next line times the slowest and the median game
// again as the first call of a fresh process (benches/first_call.mjs), before V8 has
// optimised the module.
//
// Then the kgs_marked games (benches/kgs_marked.mjs): real KGS games whose records mark the
// dead stones the players agreed on, so each finder's dead stones are checked stone by stone,
// per part, per rules and with the artefact group apart.
//
//   node benches/accuracy.mjs [--corpus PATH] [--limit N] [--gnugo-sample N] [--seed N]
//       [--effort N] [--json out.json] [--misses FILE] [--kgs PATH|none] [--kgs-limit N]
//
// --limit N: N games spread evenly over the corpus (the file is grouped by source, so its first
// N lines would all be Tygem games). --gnugo-sample N: GNU Go's games per part (default 40;
// 0 skips GNU Go, also on the OGS positions). --misses FILE: one tab-separated line per game
// go-score's count gets wrong: id, part, recorded result, go-score's result (or `error: …`).
// --kgs PATH: the kgs_marked games (default: shared/fixtures/kgs_marked/games.jsonl beside the
// repository; `none` skips them); --kgs-limit N: N of them spread evenly over the file.
// Relative paths are taken from $BENCH_CWD (set by scripts/bench.sh) or the working directory.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KGS_MARKED, REAL_GAMES, TIMING_COLUMNS, benchCwd, deadstones, elapsedMs, evenly, exactlyRight, fail, gameInput, loadGoScore, median, readFlags, readJsonl, root, signsOf, tableLine, wholeNumber } from './common.mjs';
import { findGnugo, gnugoScore, gnugoVersion, pool, rulesFlags, run } from './gnugo.mjs';
import { kgsRows, measureKgs, printKgs } from './kgs_marked.mjs';

const USAGE =
  'usage: node benches/accuracy.mjs [--corpus PATH] [--limit N] [--gnugo-sample N] [--seed N] ' +
  '[--effort N] [--json out.json] [--misses FILE] [--kgs PATH|none] [--kgs-limit N]';

// ---- options ---------------------------------------------------------------------------

const options = {
  corpus: REAL_GAMES,
  limit: Infinity,
  gnugoSample: 40,
  seed: undefined,
  effort: undefined,
  json: null,
  misses: null,
  kgs: KGS_MARKED,
  kgsLimit: Infinity,
};
readFlags(USAGE, {
  '--corpus': (value) => (options.corpus = resolve(benchCwd, value)),
  '--limit': (value) => (options.limit = wholeNumber('--limit', value, 1)),
  '--gnugo-sample': (value) => (options.gnugoSample = wholeNumber('--gnugo-sample', value, 0)),
  '--seed': (value) => (options.seed = wholeNumber('--seed', value, 0)),
  '--effort': (value) => (options.effort = wholeNumber('--effort', value, 1)),
  '--json': (value) => (options.json = resolve(benchCwd, value)),
  '--misses': (value) => (options.misses = resolve(benchCwd, value)),
  '--kgs': (value) => (options.kgs = value === 'none' ? null : resolve(benchCwd, value)),
  '--kgs-limit': (value) => (options.kgsLimit = wholeNumber('--kgs-limit', value, 1)),
});

// ---- the corpus and its split ----------------------------------------------------------

if (!existsSync(options.corpus)) {
  fail(
    `accuracy bench: corpus not found: ${options.corpus}\n` +
      '(the real-games corpus lives in the shared folder beside the repository, ' +
      'shared/fixtures/real_games/games.jsonl; give another one with --corpus PATH)',
  );
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const U64 = (1n << 64n) - 1n;
const utf8 = new TextEncoder();

/**
 * The fixed split, the same as the native tuning tool's: FNV-1a 64 of the id's UTF-8 bytes,
 * even for tuning, odd for validation. Never changed to move a game between parts.
 */
function partOf(id) {
  let hash = FNV_OFFSET;
  for (const byte of utf8.encode(id)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & U64;
  return hash % 2n === 0n ? 'tuning' : 'validation';
}

const corpus = readJsonl(options.corpus).map((record) => ({
  ...record,
  part: partOf(record.id),
  group: record.id.split('-')[0],
}));
const games = evenly(corpus, options.limit);
const partCounts = (list) => ({
  tuning: list.filter((g) => g.part === 'tuning').length,
  validation: list.filter((g) => g.part === 'validation').length,
});
const ogs = readJsonl(root + 'tests/fixtures/ogs_endgames.jsonl');
const engineGames = readJsonl(root + 'tests/fixtures/engine_games/games.jsonl');
// Made the same way with seeds of their own: scored, never looked at for tuning.
const heldOutGames = readJsonl(root + 'tests/fixtures/engine_games/heldout.jsonl');
/** Parts whose rows count dead stones, not results. */
const DEAD_STONE_PARTS = ['ogs', 'engine', 'held out'];

// ---- the finders -----------------------------------------------------------------------

const goScore = loadGoScore();
const estimateOptions = {
  ...(options.seed !== undefined && { seed: options.seed }),
  ...(options.effort !== undefined && { effort: options.effort }),
};
const DEADSTONES = { finished: true, iterations: 100 };

/** The JS finders: dead stones (vertices) of a sign map under the given rules, the game's
 * last mover (if known) having made the last move or pass. */
const jsFinders = [
  {
    name: 'go-score',
    dead: (board, rules, lastToPlay) =>
      goScore.estimateDeadStones({ board, rules, ...(lastToPlay && { lastToPlay }), ...estimateOptions }).dead,
  },
  { name: '@sabaki/deadstones', dead: (board) => deadstones.guess(board, DEADSTONES) },
  { name: 'none', dead: () => [] },
];

/** A progress line on a terminal; logs get only the last one (see `progressDone`). */
function progress(text) {
  if (process.stderr.isTTY) process.stderr.write(`\r  ${text}`);
}
const progressDone = (text) => process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}  ${text}\n`);

/** One finder on one game: its dead stones counted by scoreBoard, timed together. */
async function findAndScore(finder, board, input) {
  const start = process.hrtime.bigint();
  const dead = await finder.dead(board, input.rules, input.lastToPlay);
  const score = goScore.scoreBoard({ ...input, dead });
  return { ms: elapsedMs(start), margin: score.margin, result: score.result };
}

// ---- JS finders on the real games ------------------------------------------------------

const started = process.hrtime.bigint();
/** One entry per finder per game (or OGS position). */
const outcomes = [];
/** Ids of the games whose SGF komi is not the corpus's (GNU Go reads KM from the file). */
const komiDiffers = new Set();
let rulesOverridden = 0;

// First calls instantiate the wasm modules and warm the JIT: not part of any game's time.
{
  const board = signsOf(ogs.find((f) => f.width === 19).stones);
  for (const finder of jsFinders) await findAndScore(finder, board, { board, rules: 'japanese' });
}

for (const [index, record] of games.entries()) {
  const base = { part: record.part, group: record.group, size: record.size, id: record.id };
  let board;
  let input;
  try {
    let scoreInput;
    ({ board, scoreInput, input } = gameInput(goScore, record));
    if (scoreInput.rules !== record.rules || scoreInput.komi !== record.komi) rulesOverridden++;
    if (scoreInput.komi !== record.komi) komiDiffers.add(record.id);
  } catch (error) {
    for (const finder of jsFinders) outcomes.push({ ...base, finder: finder.name, error: error.message });
    continue;
  }
  // Finders take turns going first, so no one always runs on a cold cache.
  for (let k = 0; k < jsFinders.length; k++) {
    const finder = jsFinders[(index + k) % jsFinders.length];
    try {
      const got = await findAndScore(finder, board, input);
      outcomes.push({ ...base, finder: finder.name, ...judge(record, got.margin), got: got.result, ms: got.ms });
    } catch (error) {
      outcomes.push({ ...base, finder: finder.name, error: error.message });
    }
  }
  if ((index + 1) % 20 === 0) progress(`JS finders: ${index + 1}/${games.length} games`);
}
progressDone(`JS finders: ${games.length}/${games.length} games`);

// A single timing also catches pauses of the machine: go-score's slow games are timed twice
// more and the fastest of the three kept, which is the worst case of the estimate itself.
const RETIME_OVER_MS = 30;
const retimed = [];
const goScoreFinder = jsFinders.find((f) => f.name === 'go-score');
for (const o of outcomes.filter((o) => o.finder === 'go-score' && !o.error && o.ms > RETIME_OVER_MS)) {
  const record = games.find((g) => g.id === o.id);
  const { board, input } = gameInput(goScore, record);
  let best = o.ms;
  for (let i = 0; i < 2; i++) best = Math.min(best, (await findAndScore(goScoreFinder, board, input)).ms);
  retimed.push({ part: o.part, id: o.id, first: o.ms, best });
}

// The first call in a fresh process, before V8 has optimised the module's code: what a page
// or a script meets once. For go-score's slowest real game (fastest of its three timings) and
// its median one; each timed in three processes, the fastest kept.
const FIRST_CALL_PROCESSES = 3;
const firstCalls = [];
{
  const timed = outcomes
    .filter((o) => o.finder === 'go-score' && !o.error && !DEAD_STONE_PARTS.includes(o.part))
    .map((o) => ({ id: o.id, ms: retimed.find((r) => r.id === o.id)?.best ?? o.ms }))
    .sort((a, b) => a.ms - b.ms);
  const picks = timed.length ? [['slowest', timed.at(-1)], ['median', timed[timed.length >> 1]]] : [];
  for (const [which, { id, ms }] of picks) {
    const record = games.find((g) => g.id === id);
    const input = JSON.stringify({ sgf: record.sgf, rules: record.rules, komi: record.komi, options: estimateOptions });
    const runs = [];
    for (let i = 0; i < FIRST_CALL_PROCESSES; i++) {
      const { stdout } = await run(process.execPath, [join(root, 'benches/first_call.mjs')], input);
      runs.push(JSON.parse(stdout));
    }
    firstCalls.push({
      which,
      id,
      inRun: ms,
      first: Math.min(...runs.map((r) => r.firstMs)),
      later: Math.min(...runs.flatMap((r) => r.laterMs)),
    });
  }
}

/** Exact: the official margin equals the record's; winner: same sign. */
function judge(record, margin) {
  return { exact: margin === record.margin, winner: Math.sign(margin) === Math.sign(record.margin) };
}

// ---- JS finders on the OGS end positions -----------------------------------------------

for (const fixture of ogs) {
  const board = signsOf(fixture.stones);
  const base = { part: 'ogs', group: 'ogs', size: fixture.width, id: fixture.name };
  for (const finder of jsFinders) {
    try {
      const start = process.hrtime.bigint();
      const dead = await finder.dead(board, fixture.rules);
      goScore.scoreBoard({ board, dead, rules: fixture.rules });
      outcomes.push({ ...base, finder: finder.name, deadExact: exactlyRight(fixture, dead), ms: elapsedMs(start) });
    } catch (error) {
      outcomes.push({ ...base, finder: finder.name, error: error.message });
    }
  }
}

// ---- JS finders on the engine games ----------------------------------------------------

/** SGF points ("cd") as "x,y" keys. */
const sgfKeys = (points) => new Set(points.map((p) => `${p.charCodeAt(0) - 97},${p.charCodeAt(1) - 97}`));
const sameSet = (a, b) => a.size === b.size && [...a].every((k) => b.has(k));
/** How an engine game was played, from its id (`make.py`): `-hN-` N handicap stones,
 * `-inv-` a late invasion after the end, `-nNN-` NN % random moves, else plain self-play. */
const engineKind = (id) =>
  /-h\d+-/.test(id) ? 'handicap' : id.includes('-inv-') ? 'late invasion' : /-n\d+-/.test(id) ? 'random moves' : 'self-play';
const engineRecords = [
  ...engineGames.map((record) => ({ record, part: 'engine', group: partOf(record.id) })),
  ...heldOutGames.map((record) => ({ record, part: 'held out', group: 'held out' })),
];

for (const { record, part, group } of engineRecords) {
  const base = { part, group, kind: engineKind(record.id), size: record.size, id: record.id };
  const want = sgfKeys(record.dead);
  let board, lastToPlay;
  try {
    const game = goScore.Game.fromSgf(record.sgf);
    ({ board, lastToPlay } = game);
    game.free();
  } catch (error) {
    for (const finder of jsFinders) outcomes.push({ ...base, finder: finder.name, error: error.message });
    continue;
  }
  for (const finder of jsFinders) {
    try {
      const start = process.hrtime.bigint();
      const dead = await finder.dead(board, record.rules, lastToPlay);
      goScore.scoreBoard({ board, dead, rules: record.rules, komi: record.komi });
      const ms = elapsedMs(start);
      const got = new Set(dead.map(([x, y]) => `${x},${y}`));
      outcomes.push({ ...base, finder: finder.name, deadExact: sameSet(want, got), ms });
    } catch (error) {
      outcomes.push({ ...base, finder: finder.name, error: error.message });
    }
  }
}
progressDone(`JS finders: ${engineGames.length} engine games, ${heldOutGames.length} held out`);
const jsSeconds = elapsedMs(started) / 1000;

// ---- GNU Go ----------------------------------------------------------------------------

const GNUGO_WORKERS = 2;
const gnugoPath = findGnugo();
/** Why GNU Go's rows are empty, when they are. */
const gnugoNotRun = !gnugoPath
  ? 'not available: no gnugo on PATH or in /usr/games; scripts/bench.sh --accuracy installs it'
  : options.gnugoSample === 0
    ? 'not run: --gnugo-sample 0'
    : null;
const gnugo = gnugoNotRun ? null : gnugoPath;
const gnugoSample = ['tuning', 'validation'].flatMap((part) =>
  evenly(
    games.filter((g) => g.part === part),
    options.gnugoSample,
  ),
);
let gnugoName = 'GNU Go';
let gnugoSeconds = 0;

const SGF_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** An OGS fixture as a setup-only SGF (AB/AW), for GTP `loadsgf`. */
function setupSgf(fixture) {
  const stones = { X: '', O: '' };
  fixture.stones.forEach((row, y) =>
    [...row].forEach((c, x) => {
      if (c in stones) stones[c] += `[${SGF_LETTERS[x]}${SGF_LETTERS[y]}]`;
    }),
  );
  const ab = stones.X && `AB${stones.X}`;
  const aw = stones.O && `AW${stones.O}`;
  return `(;GM[1]FF[4]SZ[${fixture.width}]${ab}${aw})`;
}

/** GTP vertices ("C9 A6") as [x, y] on a board `size` high. */
const gtpVertices = (text, size) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((v) => [GTP_LETTERS.indexOf(v[0].toUpperCase()), size - Number(v.slice(1))]);

if (gnugo) {
  gnugoName = gnugoVersion(gnugo); // "GNU Go 3.8"
  const dir = mkdtempSync(join(tmpdir(), 'go-score-accuracy-'));
  const gnugoStarted = process.hrtime.bigint();
  const methodOf = (rules) => goScore.scoreBoard({ board: ['.'], rules }).method;
  try {
    const gameTasks = gnugoSample.map((record, i) => async () => {
      const base = { part: record.part, group: record.group, size: record.size, id: record.id, sample: true };
      const file = join(dir, `game-${i}.sgf`);
      // The first KM is the root node's in these records.
      const sgf = komiDiffers.has(record.id)
        ? record.sgf.replace(/KM\[[^\]]*\]/, '').replace('(;', `(;KM[${record.komi}]`)
        : record.sgf;
      writeFileSync(file, sgf);
      try {
        const { margin, ms } = await gnugoScore(gnugo, file, methodOf(record.rules));
        return { ...base, ...judge(record, margin), got: margin, ms };
      } catch (error) {
        return { ...base, error: error.message };
      }
    });
    const ogsTasks = ogs.map((fixture, i) => async () => {
      const base = { part: 'ogs', group: 'ogs', size: fixture.width, id: fixture.name };
      const file = join(dir, `ogs-${i}.sgf`);
      writeFileSync(file, setupSgf(fixture));
      try {
        const gtp = `loadsgf ${file}\nfinal_status_list dead\nquit\n`;
        const { stdout, ms } = await run(gnugo, ['--mode', 'gtp', ...rulesFlags(methodOf(fixture.rules))], gtp);
        const replies = stdout.split(/\n\s*\n/).filter((r) => r.trim());
        if (replies.length < 2 || replies.some((r) => r.startsWith('?'))) throw new Error(`GTP: ${stdout.trim()}`);
        const dead = gtpVertices(replies[1].replace(/^=\s*/, ''), fixture.height);
        return { ...base, deadExact: exactlyRight(fixture, dead), ms };
      } catch (error) {
        return { ...base, error: error.message };
      }
    });
    let done = 0;
    const counted = (task) => async () => {
      const result = await task();
      progress(`${gnugoName}: ${++done}/${gameTasks.length + ogsTasks.length}`);
      return result;
    };
    const results = await pool([...gameTasks, ...ogsTasks].map(counted), GNUGO_WORKERS);
    progressDone(`${gnugoName}: ${done}/${gameTasks.length + ogsTasks.length}`);
    for (const result of results) outcomes.push({ ...result, finder: gnugoName });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  gnugoSeconds = elapsedMs(gnugoStarted) / 1000;
}

// ---- kgs_marked -------------------------------------------------------------------------

if (options.kgs && !existsSync(options.kgs)) fail(`accuracy bench: kgs_marked games not found: ${options.kgs} (--kgs none skips them)`);
const kgs = options.kgs
  ? await measureKgs({
      corpus: options.kgs,
      limit: options.kgsLimit,
      gnugoSample: options.gnugoSample,
      gnugo,
      gnugoName,
      goScore,
      jsFinders,
      partOf,
      progress,
    })
  : null;
if (kgs) progressDone(`kgs_marked: ${kgs.games.length} games`);

// ---- the table -------------------------------------------------------------------------

const finderOrder = [...jsFinders.map((f) => f.name).slice(0, 2), gnugoName, 'none'];
const partOrder = ['tuning', 'validation', 'ogs', 'engine', 'held out'];
const groupOrder = [
  ...new Set([...games.map((g) => g.group), 'ogs', 'tuning', 'validation', 'held out']),
  ...['tuning', 'validation', 'held out'].flatMap((g) =>
    ['self-play', 'random moves', 'late invasion', 'handicap'].map((k) => `${g}, ${k}`),
  ),
];

/** Totals of the outcomes sharing a key (one part): results for games, dead stones for OGS. */
function summarize(list) {
  const n = list.length;
  const scored = list.filter((o) => !o.error);
  const count = (key) => scored.filter((o) => o[key]).length;
  const games = !DEAD_STONE_PARTS.includes(list[0].part);
  const times = scored.map((o) => o.ms);
  return {
    n,
    exact: games ? count('exact') : null,
    winner: games ? count('winner') : null,
    deadExact: games ? null : count('deadExact'),
    errors: n - scored.length,
    msMedian: times.length ? median(times) : null,
    msMean: times.length ? times.reduce((a, b) => a + b, 0) / times.length : null,
    msMax: times.length ? Math.max(...times) : null,
  };
}

/** Rows of totals by `keyOf`, plus `extra` rows, in the table's order. */
function rowsBy(keyOf, list = outcomes, extra = []) {
  const groups = new Map();
  for (const o of list) {
    const key = keyOf(o);
    const id = JSON.stringify(key);
    if (!groups.has(id)) groups.set(id, { ...key, list: [] });
    groups.get(id).list.push(o);
  }
  const rank = (order, value) => (order.includes(value) ? order.indexOf(value) : order.length);
  return [...groups.values()]
    .map(({ list, ...key }) => ({
      ...key,
      sample: list.some((o) => o.sample),
      sizes: [...new Set(list.map((o) => o.size))].sort((a, b) => a - b).join(','),
      ...summarize(list),
    }))
    .concat(extra)
    .sort(
      (a, b) =>
        rank(finderOrder, a.finder) - rank(finderOrder, b.finder) ||
        rank(partOrder, a.part) - rank(partOrder, b.part) ||
        rank(groupOrder, a.group ?? '') - rank(groupOrder, b.group ?? '') ||
        (a.size ?? 0) - (b.size ?? 0),
    );
}

const unavailable = gnugoNotRun
  ? ['tuning', 'validation', 'ogs'].map((part) => ({ finder: gnugoName, part, unavailable: true }))
  : [];
const totals = rowsBy((o) => ({ finder: o.finder, part: o.part }), outcomes, unavailable);
const breakdown = rowsBy((o) => ({ finder: o.finder, part: o.part, group: o.group, size: o.size }));
const engineKinds = rowsBy(
  (o) => ({ finder: o.finder, part: o.part, group: `${o.group}, ${o.kind}` }),
  outcomes.filter((o) => o.part === 'engine' || o.part === 'held out'),
);
// GNU Go's sample is small and may be easier or harder than its part: every finder on it.
const sampleIds = new Set(gnugoSample.map((g) => g.id));
const onSample = gnugo
  ? rowsBy(
      (o) => ({ finder: o.finder, part: o.part }),
      outcomes.filter((o) => !DEAD_STONE_PARTS.includes(o.part) && sampleIds.has(o.id)),
    ).map((row) => ({ ...row, sample: true }))
  : [];

const pct = (k, n) => (k === null ? '–' : `${((100 * k) / n).toFixed(1)}%`);
const columns = [
  ['finder', 22, (r) => r.finder + (r.sample ? ' *' : '')],
  ['part', 11, (r) => r.part],
  ['group', Math.max(11, ...engineKinds.map((r) => r.group.length + 2)), (r) => r.group ?? 'all'],
  ['size', 8, (r) => (r.size !== undefined ? String(r.size) : r.sizes)],
  ['n', 6, (r) => String(r.n)],
  ['exact result', 13, (r) => pct(r.exact, r.n)],
  ['right winner', 13, (r) => pct(r.winner, r.n)],
  ['dead exact', 11, (r) => pct(r.deadExact, r.n)],
  ...TIMING_COLUMNS,
];
const line = (cells) => tableLine(columns, 4, cells);
const header = line(columns.map(([name]) => name));

function printTable(title, rows) {
  console.log(`\n${title}`);
  console.log(header);
  for (const r of rows) {
    if (r.unavailable) console.log(`${line([r.finder, r.part, 'all', '–'])}   ${gnugoNotRun}`);
    else console.log(line(columns.map(([, , cell]) => cell(r))));
  }
}
const counts = partCounts(corpus);
const used = partCounts(games);
console.log(
  `\nDead-stone finders on real finished games: ${options.corpus}\n` +
    `${corpus.length} games: tuning ${counts.tuning}, validation ${counts.validation} ` +
    '(FNV-1a 64 of the id\'s UTF-8 bytes: even → tuning, odd → validation)' +
    (games.length < corpus.length
      ? `\n--limit ${options.limit}: ${games.length} games spread over the file (tuning ${used.tuning}, validation ${used.validation})`
      : '') +
    `\nplus the ${ogs.length} OGS end positions with hand-checked dead stones (part "ogs") and ` +
    `${engineGames.length} finished GNU Go self-play games whose dead stones are known (part "engine", ` +
    'split the same way into tuning and validation groups; no GNU Go row there: it made the labels), ' +
    `and ${heldOutGames.length} more made the same way with seeds of their own, never tuned on (part "held out")`,
);
console.log(
  `go-score: estimateDeadStones({ board, rules, lastToPlay${Object.keys(estimateOptions).map((k) => `, ${k}: ${estimateOptions[k]}`).join('')} }); ` +
    `@sabaki/deadstones: guess(signMap, { finished: ${DEADSTONES.finished}, iterations: ${DEADSTONES.iterations} }), clock-seeded; ` +
    'none: no dead stones. Each is counted by go-score\'s scoreBoard under the corpus\'s rules and komi.\n' +
    (gnugo
      ? `* ${gnugoName}: a sample, ${options.gnugoSample} games spread evenly over each part, ` +
        `\`--score aftermath\` (--chinese-rules for area rules), its own count; OGS: GTP final_status_list dead; ` +
        `${GNUGO_WORKERS} processes at a time.\n`
      : `${gnugoName}: ${gnugoNotRun}.\n`) +
    'exact result: the official margin equals the recorded one; right winner: same sign; dead exact: every ' +
    'known dead stone right and no other stone called dead, OGS positions (marks not "?") and engine games; ms/game: median wall time of the finder call ' +
    'plus scoreBoard (GNU Go: its whole process); slowest: the longest of those single timings, so a pause of the machine ' +
    'or the runtime shows in it. Errors count as misses.',
);
if (rulesOverridden) console.log(`(${rulesOverridden} games' SGF rules or komi differ from the corpus's: the corpus's are used)`);
printTable('Totals per finder and part', totals);
console.log(
  `go-score's games over ${RETIME_OVER_MS} ms at first, timed three times (the fastest kept): ` +
    (retimed.length
      ? ['tuning', 'validation']
          .map((part) => {
            const list = retimed.filter((r) => r.part === part).sort((a, b) => b.best - a.best);
            if (!list.length) return `${part} none`;
            const over = list.filter((r) => r.best > 50).length;
            return `${part} ${list.length}, ${over} still over 50 ms, slowest ${list[0].best.toFixed(1)} ms (${list[0].id})`;
          })
          .join('; ')
      : 'none'),
);
if (firstCalls.length) {
  console.log(
    `go-score's first call in a fresh Node process (fastest of ${FIRST_CALL_PROCESSES} processes; later: the next calls there): ` +
      firstCalls
        .map((f) => `${f.which} game ${f.id} first ${f.first.toFixed(1)} ms, later ${f.later.toFixed(1)} ms (in this run ${f.inRun.toFixed(1)} ms)`)
        .join('; '),
  );
}
if (onSample.length) printTable(`* Every finder on ${gnugoName}'s sample (the same games)`, onSample);
printTable('By source group and board size', breakdown);
printTable('Engine games by how they were played', engineKinds);
let kgsTables = null;
const seconds = elapsedMs(started) / 1000;
console.log(
  `\nTook ${seconds.toFixed(0)} s: JS finders ${jsSeconds.toFixed(0)} s` +
    (gnugo ? `, ${gnugoName} ${gnugoSeconds.toFixed(0)} s (${gnugoSample.length} games + ${ogs.length} positions)` : '') +
    `; load now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);

if (kgs) {
  kgsTables = kgsRows(kgs, ['marks', ...finderOrder]);
  printKgs(kgs, kgsTables, { corpus: options.kgs, gnugoName, gnugoNote: gnugoNotRun && `${gnugoName}: ${gnugoNotRun}.` });
}

// ---- files -----------------------------------------------------------------------------

if (options.misses) {
  const misses = outcomes.filter((o) => o.finder === 'go-score' && !DEAD_STONE_PARTS.includes(o.part) && !o.exact);
  const recorded = new Map(games.map((g) => [g.id, g.result]));
  writeFileSync(
    options.misses,
    misses.map((o) => [o.id, o.part, recorded.get(o.id), o.error ? `error: ${o.error}` : o.got].join('\t') + '\n').join(''),
  );
  console.log(`${misses.length} go-score misses written to ${options.misses}`);
}
if (options.json) {
  writeFileSync(
    options.json,
    JSON.stringify(
      {
        corpus: options.corpus,
        split: { rule: 'FNV-1a 64 of the id (UTF-8): even tuning, odd validation', ...counts },
        games: used,
        limit: Number.isFinite(options.limit) ? options.limit : null,
        finders: {
          'go-score': { estimateDeadStones: { rules: 'per game', ...estimateOptions } },
          '@sabaki/deadstones': { guess: DEADSTONES },
          gnugo: gnugo
            ? { name: gnugoName, path: gnugo, sample: options.gnugoSample, workers: GNUGO_WORKERS }
            : { notRun: gnugoNotRun },
        },
        totals,
        onGnugoSample: onSample,
        breakdown,
        goScoreRetimed: retimed,
        kgsMarked: kgsTables && { corpus: options.kgs, games: kgs.games.length, ...kgsTables },
        goScoreFirstCalls: firstCalls,
        seconds: { total: seconds, js: jsSeconds, gnugo: gnugoSeconds },
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`numbers written to ${options.json}`);
}
