// go-score's JS API against its peers, in one Node process, on the same 19×19 positions:
//   - goscorer's `territoryScoring` / `areaScoring`, exactly as OGS's `goban` package ships
//     them (the module is taken from goban's build, see `loadGoscorer`);
//   - `@sabaki/deadstones`' `guess` (100 playouts) against `estimateDeadStones`.
// Prints median microseconds per call and the ratios, plus dead-stone accuracy on the OGS
// end positions. Needs the Node build: `scripts/build.sh --node` (scripts/bench.sh does it).
//
//   node benches/peers.mjs [--quick] [--json out.json]
import { readFileSync, writeFileSync } from 'node:fs';
import vm from 'node:vm';
import { deadstones, exactlyRight, loadGoScore, median, readJsonl, require, root, signsOf } from './common.mjs';
import { random } from '../tests/node/helpers.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

const goScore = loadGoScore();
const goscorer = loadGoscorer();

/**
 * goban's npm build is one browser bundle that does not export goscorer. Its webpack module
 * for goscorer has no imports, so its source is cut out of the bundle and run as is, with
 * the two webpack helpers it calls: the code measured is the code goban runs.
 */
function loadGoscorer() {
  const bundle = readFileSync(require.resolve('goban/build/goban.js'), 'utf8');
  const marker = '"./src/third_party/goscorer/goscorer.js":';
  const start = bundle.indexOf(marker);
  if (start < 0) throw new Error('goscorer module not found in goban/build/goban.js');
  const open = bundle.indexOf('((', start);
  const close = '\n/***/ })';
  const end = bundle.indexOf(close, open) + close.length;
  // `((module, exports, require) => { … }\n/***/ })`: one parenthesised arrow function.
  const factory = vm.runInThisContext(bundle.slice(open, end), {
    filename: 'goban/build/goban.js#goscorer',
  });
  const exports = {};
  const webpackRequire = {
    r: () => {},
    d: (target, getters) => {
      for (const [name, get] of Object.entries(getters)) {
        Object.defineProperty(target, name, { enumerable: true, get });
      }
    },
  };
  factory(undefined, exports, webpackRequire);
  if (typeof exports.territoryScoring !== 'function') throw new Error('goscorer did not load');
  return exports;
}

// ---- positions -------------------------------------------------------------------------

const jsonl = (path) => readJsonl(root + path);

/** A position in every peer's input format. */
function position(name, rows, deadRows, rules) {
  const signs = signsOf(rows);
  const dead = [];
  deadRows?.forEach((row, y) =>
    [...row].forEach((c, x) => {
      if (c === 'd' && signs[y][x] !== 0) dead.push([x, y]);
    }),
  );
  const isDead = signs.map((row) => row.map(() => false));
  for (const [x, y] of dead) isDead[y][x] = true;
  return {
    name,
    rules,
    signs,
    dead,
    // goscorer: EMPTY 0, BLACK 1, WHITE 2; markedDead booleans.
    stones: signs.map((row) => row.map((s) => (s === 1 ? 1 : s === -1 ? 2 : 0))),
    isDead,
  };
}


/**
 * A random finished game on 19×19, played with go-score's `Game`: random legal moves that
 * do not fill a point all of whose neighbours are the mover's own stones, until neither
 * side has such a move. Every stone left is alive, every empty point an eye or dame.
 */
function randomFinished(seed) {
  const size = 19;
  const next = random(seed);
  const game = new goScore.Game({ width: size });
  const board = Array.from({ length: size }, () => new Array(size).fill(0));
  let passes = 0;
  for (let turn = 0; turn < 2000 && passes < 2; turn++) {
    const sign = game.toPlay === 'black' ? 1 : -1;
    const candidates = [];
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (board[y][x] !== 0) continue;
        const ownEye = [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]
          .filter(([nx, ny]) => nx >= 0 && ny >= 0 && nx < size && ny < size)
          .every(([nx, ny]) => board[ny][nx] === sign);
        if (!ownEye) candidates.push([x, y]);
      }
    }
    let played = false;
    while (candidates.length && !played) {
      const [x, y] = candidates.splice(Math.floor(next() * candidates.length), 1)[0];
      try {
        game.play(x, y);
        played = true;
      } catch {
        // suicide or ko: try another point
      }
    }
    if (played) {
      passes = 0;
      const now = game.board;
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) board[y][x] = now[y][x];
    } else {
      game.pass();
      passes++;
    }
  }
  const rows = board.map((row) => row.map((s) => (s === 1 ? 'X' : s === -1 ? 'O' : '.')).join(''));
  game.free?.();
  return position(`random-${seed}`, rows, null, 'japanese');
}

const ogs = jsonl('tests/fixtures/ogs_endgames.jsonl').filter((f) => f.width === 19 && f.height === 19);
const goscorerBoards = jsonl('tests/fixtures/goscorer_positions.jsonl').filter(
  (f) => f.width === 19 && f.height === 19,
);
const positions = [
  ...ogs.map((f) => position(`ogs ${f.name}`, f.stones, f.expected_dead, f.rules)),
  ...goscorerBoards.map((f) => position(`goscorer ${f.name}`, f.stones, f.dead, 'japanese')),
  ...[1, 2, 3, 4, 5].map(randomFinished),
];

// ---- timing ----------------------------------------------------------------------------

/** Calls per batch so that one batch takes about `targetMs`. */
async function calibrate(fn, targetMs) {
  let calls = 1;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await fn();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (ms >= targetMs / 4 || calls >= 1 << 20) return Math.max(1, Math.round((calls * targetMs) / Math.max(ms, 1e-3)));
    calls *= 4;
  }
}

/**
 * Median µs per call of each contender on one position. Contenders take turns batch by
 * batch, so a burst of load on the shared machine hits all of them alike.
 */
async function race(contenders, { samples, batchMs }) {
  const batches = [];
  for (const c of contenders) {
    await c.fn(); // warm up (and first-call initialisation)
    batches.push(await calibrate(c.fn, batchMs));
  }
  const perCall = contenders.map(() => []);
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < contenders.length; i++) {
      const { fn } = contenders[i];
      const start = process.hrtime.bigint();
      for (let k = 0; k < batches[i]; k++) await fn();
      perCall[i].push(Number(process.hrtime.bigint() - start) / 1e3 / batches[i]);
    }
  }
  // The fastest batch too: load on a shared machine only ever adds time.
  best.push(perCall.map((times) => Math.min(...times)));
  return perCall.map(median);
}

/** Per race, the fastest batch's µs per call of each contender. */
const best = [];

/** Points whose territory owner differs between go-score and goscorer: both did the work. */
function territoryPointsDiffering(p) {
  const ours = goScore.scoreBoard({ board: p.signs, dead: p.dead, rules: 'japanese' });
  const theirs = goscorer.territoryScoring(p.stones, p.isDead, false);
  let differ = 0;
  for (let y = 0; y < 19; y++) {
    for (let x = 0; x < 19; x++) {
      const t = theirs[y][x].isTerritoryFor;
      const mine = ours.ownership[y][x];
      if ((t === 1 ? 1 : t === 2 ? -1 : 0) !== mine) differ++;
    }
  }
  return differ;
}

const rows = [];
const opts = quick ? { samples: 5, batchMs: 10 } : { samples: 15, batchMs: 25 };
const scoring = [];
for (const p of positions) {
  const territoryInput = { board: p.signs, dead: p.dead, rules: 'japanese' };
  const areaInput = { board: p.signs, dead: p.dead, rules: 'chinese' };
  const [ourTerritory, theirTerritory, ourArea, theirArea] = await race(
    [
      { fn: () => goScore.scoreBoard(territoryInput) },
      { fn: () => goscorer.territoryScoring(p.stones, p.isDead, false) },
      { fn: () => goScore.scoreBoard(areaInput) },
      { fn: () => goscorer.areaScoring(p.stones, p.isDead) },
    ],
    opts,
  );
  const [bestOurTerritory, bestTheirTerritory, bestOurArea, bestTheirArea] = best.at(-1);
  scoring.push({
    name: p.name,
    bestOurTerritory,
    bestTheirTerritory,
    bestOurArea,
    bestTheirArea,
    ourTerritory,
    theirTerritory,
    ourArea,
    theirArea,
    territoryPointsDiffering: territoryPointsDiffering(p),
  });
  process.stderr.write('.');
}

// ---- estimation: time and accuracy on the OGS end positions ----------------------------

const estimation = [];
const estOpts = quick ? { samples: 3, batchMs: 20 } : { samples: 7, batchMs: 60 };
for (const f of jsonl('tests/fixtures/ogs_endgames.jsonl')) {
  const signs = signsOf(f.stones);
  const input = { board: f.stones, rules: f.rules };
  const [ours, theirs, theirsFinished] = await race(
    [
      { fn: () => goScore.estimateDeadStones(input) },
      { fn: () => deadstones.guess(signs, { iterations: 100 }) },
      { fn: () => deadstones.guess(signs, { iterations: 100, finished: true }) },
    ],
    estOpts,
  );
  // Accuracy: ours is deterministic (seed 0); deadstones seeds with the clock, so it is
  // judged over several runs (how many came out exactly right).
  const runs = 5;
  let theirsRight = 0;
  let theirsFinishedRight = 0;
  for (let r = 0; r < runs; r++) {
    if (exactlyRight(f, await deadstones.guess(signs, { iterations: 100 }))) theirsRight++;
    if (exactlyRight(f, await deadstones.guess(signs, { iterations: 100, finished: true }))) {
      theirsFinishedRight++;
    }
  }
  const [bestOurs, bestTheirs] = best.at(-1);
  estimation.push({
    name: `${f.name} ${f.width}×${f.height}`,
    bestOurs,
    bestTheirs,
    size: f.width,
    ours,
    theirs,
    theirsFinished,
    oursRight: exactlyRight(f, goScore.estimateDeadStones(input).dead),
    theirsRight: theirsRight / runs,
    theirsFinishedRight: theirsFinishedRight / runs,
  });
  process.stderr.write('.');
}
process.stderr.write('\n');

// ---- report ----------------------------------------------------------------------------

const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
const ratio = (a, b) => `${(b / a).toFixed(1)}×`;
const pad = (s, n) => String(s).padEnd(n);
const padL = (s, n) => String(s).padStart(n);

console.log(`\nScoring, 19×19 (${positions.length} positions; median µs per call of each, then the median over positions)`);
console.log(
  `${pad('position', 34)}${padL('scoreBoard jp', 14)}${padL('goscorer terr', 15)}${padL('ratio', 9)}` +
    `${padL('scoreBoard cn', 15)}${padL('goscorer area', 15)}${padL('ratio', 8)}`,
);
for (const s of scoring) {
  console.log(
    `${pad(s.name.slice(0, 33), 34)}${padL(fmt(s.ourTerritory), 14)}${padL(fmt(s.theirTerritory), 15)}` +
      `${padL(ratio(s.ourTerritory, s.theirTerritory), 9)}${padL(fmt(s.ourArea), 15)}` +
      `${padL(fmt(s.theirArea), 15)}${padL(ratio(s.ourArea, s.theirArea), 8)}`,
  );
}
const summary = {
  ourTerritory: median(scoring.map((s) => s.ourTerritory)),
  theirTerritory: median(scoring.map((s) => s.theirTerritory)),
  territoryRatio: median(scoring.map((s) => s.theirTerritory / s.ourTerritory)),
  territoryRatioMin: Math.min(...scoring.map((s) => s.theirTerritory / s.ourTerritory)),
  ourArea: median(scoring.map((s) => s.ourArea)),
  theirArea: median(scoring.map((s) => s.theirArea)),
  areaRatio: median(scoring.map((s) => s.theirArea / s.ourArea)),
  areaRatioMin: Math.min(...scoring.map((s) => s.theirArea / s.ourArea)),
};
console.log(
  `${pad('MEDIAN', 34)}${padL(fmt(summary.ourTerritory), 14)}${padL(fmt(summary.theirTerritory), 15)}` +
    `${padL(summary.territoryRatio.toFixed(1) + '×', 9)}${padL(fmt(summary.ourArea), 15)}` +
    `${padL(fmt(summary.theirArea), 15)}${padL(summary.areaRatio.toFixed(1) + '×', 8)}`,
);
const bestRatio = (ours, theirs) => median(scoring.map((s) => s[theirs] / s[ours]));
summary.bestTerritoryRatio = bestRatio('bestOurTerritory', 'bestTheirTerritory');
summary.bestAreaRatio = bestRatio('bestOurArea', 'bestTheirArea');
summary.bestOurTerritory = median(scoring.map((s) => s.bestOurTerritory));
summary.bestTheirTerritory = median(scoring.map((s) => s.bestTheirTerritory));
summary.bestOurArea = median(scoring.map((s) => s.bestOurArea));
summary.bestTheirArea = median(scoring.map((s) => s.bestTheirArea));
console.log(
  `${pad('MEDIAN of fastest batches', 34)}${padL(fmt(summary.bestOurTerritory), 14)}${padL(fmt(summary.bestTheirTerritory), 15)}` +
    `${padL(summary.bestTerritoryRatio.toFixed(1) + '×', 9)}${padL(fmt(summary.bestOurArea), 15)}` +
    `${padL(fmt(summary.bestTheirArea), 15)}${padL(summary.bestAreaRatio.toFixed(1) + '×', 8)}`,
);
const agreeing = scoring.filter((s) => s.territoryPointsDiffering === 0).length;
console.log(
  `territory maps: go-score and goscorer agree on ${agreeing} of ${scoring.length} positions ` +
    `(${scoring.reduce((n, s) => n + s.territoryPointsDiffering, 0)} points differ in all)`,
);
console.log(
  `(ratio = peer time / go-score time, per position; min territory ${summary.territoryRatioMin.toFixed(1)}×, ` +
    `min area ${summary.areaRatioMin.toFixed(1)}×)`,
);

console.log(`\nDead-stone estimation, OGS end positions (median per call; exactly right: ours deterministic, deadstones over 5 runs)`);
console.log(
  `${pad('position', 34)}${padL('estimateDead', 13)}${padL('guess(100)', 12)}${padL('ratio', 8)}` +
    `${padL('guess fin.', 12)}${padL('ours ok', 9)}${padL('guess ok', 10)}${padL('fin. ok', 9)}`,
);
for (const e of estimation) {
  console.log(
    `${pad(e.name.slice(0, 33), 34)}${padL(fmt(e.ours), 13)}${padL(fmt(e.theirs), 12)}` +
      `${padL((e.ours / e.theirs).toFixed(2), 8)}${padL(fmt(e.theirsFinished), 12)}` +
      `${padL(e.oursRight ? 'yes' : 'no', 9)}${padL(e.theirsRight.toFixed(1), 10)}${padL(e.theirsFinishedRight.toFixed(1), 9)}`,
  );
}
const est19 = estimation.filter((e) => e.size === 19);
const estSummary = {
  ours19: median(est19.map((e) => e.ours)),
  theirs19: median(est19.map((e) => e.theirs)),
  timeFraction19: median(est19.map((e) => e.ours / e.theirs)),
  timeFractionAll: median(estimation.map((e) => e.ours / e.theirs)),
  oursRight: estimation.filter((e) => e.oursRight).length,
  theirsRight: estimation.reduce((n, e) => n + e.theirsRight, 0),
  theirsFinishedRight: estimation.reduce((n, e) => n + e.theirsFinishedRight, 0),
  positions: estimation.length,
};
console.log(
  `19×19 median: estimateDeadStones ${fmt(estSummary.ours19)}, guess(100) ${fmt(estSummary.theirs19)}: ` +
    `time fraction ${estSummary.timeFraction19.toFixed(2)} (all sizes ${estSummary.timeFractionAll.toFixed(2)})`,
);
console.log(
  `19×19 fastest batches: estimateDeadStones ${fmt(median(est19.map((e) => e.bestOurs)))}, ` +
    `guess(100) ${fmt(median(est19.map((e) => e.bestTheirs)))}: time fraction ` +
    `${median(est19.map((e) => e.bestOurs / e.bestTheirs)).toFixed(2)}`,
);
console.log(
  `exactly right of ${estSummary.positions}: estimateDeadStones ${estSummary.oursRight}, ` +
    `guess ${estSummary.theirsRight.toFixed(1)} (mean of 5 runs), guess finished ${estSummary.theirsFinishedRight.toFixed(1)}`,
);

if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ scoring, summary, estimation, estSummary }, null, 2));
