// Speed of the `go-score score` command on real games, beside GNU Go. The corpus
// (shared/fixtures/real_games/games.jsonl, one game per line) is written to a temp folder of
// .sgf files, one folder per source, as a user's archive would be; then the packed command
// (target/npm/package, staged by scripts/pack.sh) scores the whole folder with 1 worker and
// with one per core, each timed from process start to exit; and GNU Go 3.8 scores an evenly
// spaced sample of the same files with `--score aftermath`, one process at a time.
//
//   node benches/cli.mjs [--corpus PATH] [--limit N] [--gnugo-sample N] [--keep DIR]
//
// --limit N: N games spread evenly over the corpus (default all). --gnugo-sample N: GNU Go's
// games (default 20; 0 skips it). --keep DIR: write the .sgf files to DIR and keep them.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { REAL_GAMES, benchCwd, evenly, fail, median, readFlags, readJsonl, root, wholeNumber } from './common.mjs';
import { findGnugo, gnugoScore, gnugoVersion } from './gnugo.mjs';

const USAGE = 'usage: node benches/cli.mjs [--corpus PATH] [--limit N] [--gnugo-sample N] [--keep DIR]';
const options = {
  corpus: REAL_GAMES,
  limit: Infinity,
  gnugoSample: 20,
  keep: null,
};
readFlags(USAGE, {
  '--corpus': (value) => (options.corpus = resolve(benchCwd, value)),
  '--limit': (value) => (options.limit = wholeNumber('--limit', value, 1)),
  '--gnugo-sample': (value) => (options.gnugoSample = wholeNumber('--gnugo-sample', value, 0)),
  '--keep': (value) => (options.keep = resolve(benchCwd, value)),
});

const bin = join(root, 'target/npm/package/bin/go-score.mjs');
if (!existsSync(bin)) fail(`cli bench: ${bin} is missing: run scripts/pack.sh first (scripts/bench.sh --cli does)`);
if (!existsSync(options.corpus)) fail(`cli bench: corpus not found: ${options.corpus} (--corpus PATH)`);

// ---- the archive -----------------------------------------------------------------------

const games = evenly(readJsonl(options.corpus), options.limit);
const dir = options.keep ?? mkdtempSync(join(os.tmpdir(), 'go-score-cli-bench-'));
/** The file of each game, by id: `<dir>/<source group>/<id>.sgf`. */
const fileOf = new Map();
for (const game of games) {
  const folder = join(dir, game.id.split('-')[0]);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${game.id}.sgf`);
  writeFileSync(file, game.sgf);
  fileOf.set(game.id, file);
}
const sizes = [...new Set(games.map((g) => `${g.size}×${g.size}`))].join(', ');

// ---- the command -----------------------------------------------------------------------

/** Runs the command on the folder: its rows and its wall time (process start to exit). */
function runCli(jobs) {
  return new Promise((resolvePromise, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [bin, 'score', '--format', 'jsonl', '--quiet', '-j', String(jobs), dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0) return reject(new Error(`go-score exited with ${code}: ${stderr}`));
      resolvePromise({ rows: stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)), seconds });
    });
  });
}

const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
const jobCounts = [...new Set([1, cores])];
const results = [];
for (const jobs of jobCounts) {
  process.stderr.write(`  go-score score -j ${jobs}: ${games.length} games…\n`);
  const { rows, seconds } = await runCli(jobs);
  results.push({ jobs, rows, seconds });
}

// ---- GNU Go ----------------------------------------------------------------------------

const gnugo = options.gnugoSample ? findGnugo() : null;
const gnugoNotRun = !options.gnugoSample
  ? 'not run: --gnugo-sample 0'
  : !gnugo
    ? 'not available: no gnugo on PATH or in /usr/games (scripts/bench.sh --cli installs it)'
    : null;
const sample = evenly(games, options.gnugoSample);
const gnugoRuns = [];
let gnugoName = 'GNU Go';
if (gnugo) {
  gnugoName = gnugoVersion(gnugo);
  for (const [i, game] of sample.entries()) {
    process.stderr.write(`\r  ${gnugoName}: ${i + 1}/${sample.length}`);
    // The corpus's rules are territory (japanese, korean) or area (chinese) counting.
    const method = game.rules === 'chinese' ? 'area' : 'territory';
    try {
      const { margin, ms } = await gnugoScore(gnugo, fileOf.get(game.id), method);
      gnugoRuns.push({ id: game.id, agrees: margin === game.margin, ms });
    } catch (error) {
      gnugoRuns.push({ id: game.id, error: error.message });
    }
  }
  process.stderr.write('\n');
}
if (!options.keep) rmSync(dir, { recursive: true, force: true });

// ---- the table -------------------------------------------------------------------------

const pct = (k, n) => (n ? `${((100 * k) / n).toFixed(1)}%` : '–');
const columns = [
  ['', 50],
  ['games', 7],
  ['errors', 7],
  ['agrees', 8],
  ['wall s', 9],
  ['games/s', 9],
  ['s/game', 8],
];
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(columns[i][1]) : c.padStart(columns[i][1]))).join('');

console.log(`\n\`go-score score\` on the real-game corpus: ${options.corpus}`);
console.log(
  `${games.length} games (${sizes})${games.length < 3000 ? ` spread over the file (--limit ${options.limit})` : ''}, ` +
    'written as .sgf files to a temp folder; dead stones estimated (no record marks them), ' +
    'rules and komi from each file. Wall time from process start to exit; agrees: the count equals ' +
    'the recorded result.',
);
/**
 * One line of the table: `runs` are games scored (`agrees`, `error`), `seconds` the time they
 * took; games per second and seconds per game count the games scored without error.
 */
function timingLine(label, runs, seconds) {
  const scored = runs.filter((r) => !r.error);
  return line([
    label,
    String(runs.length),
    String(runs.length - scored.length),
    pct(scored.filter((r) => r.agrees).length, runs.length),
    seconds.toFixed(1),
    (scored.length / seconds).toFixed(1),
    (seconds / scored.length).toFixed(3),
  ]);
}
const sumSeconds = (runs) => runs.filter((r) => !r.error).reduce((sum, r) => sum + r.ms, 0) / 1000;

console.log(line(columns.map(([name]) => name)));
for (const { jobs, rows, seconds } of results) {
  console.log(timingLine(`go-score score -j ${jobs}${jobs === cores ? ` (all ${cores} cores)` : ''}`, rows, seconds));
}
if (gnugoNotRun) {
  console.log(line([`${gnugoName} --score aftermath`, '–']) + `   ${gnugoNotRun}`);
} else {
  // The same sample in go-score's rows (-j 1): its own time per game, from the `ms` field.
  const byFile = new Map(results[0].rows.map((r) => [r.file, r]));
  const mine = sample.map((g) => byFile.get(fileOf.get(g.id))).filter(Boolean);
  const ok = gnugoRuns.filter((r) => !r.error);
  console.log(timingLine(`${gnugoName} --score aftermath, sample, 1 process`, gnugoRuns, sumSeconds(gnugoRuns)));
  console.log(timingLine('go-score on the same sample (-j 1, ms field)', mine, sumSeconds(mine)));
  console.log(
    `median per game on the sample: ${gnugoName} ${(median(ok.map((r) => r.ms)) / 1000).toFixed(3)} s, ` +
      `go-score ${(median(mine.filter((r) => !r.error).map((r) => r.ms)) / 1000).toFixed(3)} s (in-process, without start-up)`,
  );
}
console.log(`load now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
