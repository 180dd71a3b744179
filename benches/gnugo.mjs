// GNU Go as a peer in the benches (accuracy.mjs, cli.mjs): finding it, running it with a time
// limit, reading its `--score aftermath` result, and a small process pool.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { elapsedMs } from './common.mjs';

/** One GNU Go process is killed after this long. */
export const GNUGO_TIMEOUT_MS = 300_000;

/** gnugo on PATH, or where Debian puts it (/usr/games is not on every PATH); null when absent. */
export function findGnugo() {
  const dirs = [...(process.env.PATH || '').split(delimiter), '/usr/games'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'gnugo'), constants.X_OK);
      return join(dir, 'gnugo');
    } catch {
      // not here
    }
  }
  return null;
}

/** "GNU Go 3.8", from `gnugo --version` (or "GNU Go" when it says nothing). */
export function gnugoVersion(gnugo) {
  const first = spawnSync(gnugo, ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0].trim();
  return first || 'GNU Go';
}

/** Runs a program to its end: stdout and wall time, or an error naming what went wrong. */
export function run(program, args, input) {
  return new Promise((resolvePromise, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), GNUGO_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = elapsedMs(start);
      if (code === 0) resolvePromise({ stdout, ms });
      else reject(new Error(signal ? `killed by ${signal} after ${Math.round(ms)} ms` : `exit code ${code}`));
    });
    child.stdin.end(input ?? '');
  });
}

/** Runs the tasks (functions returning promises), `workers` at a time, results in order. */
export async function pool(tasks, workers) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** GNU Go's margin (Black − White) from `--score aftermath`'s output. */
export function gnugoMargin(stdout) {
  const win = /^(Black|White) wins by ([0-9.]+) points?/m.exec(stdout);
  if (win) return (win[1] === 'Black' ? 1 : -1) * Number(win[2]);
  if (/^Jigo/im.test(stdout)) return 0;
  throw new Error(`no result in gnugo's output: ${JSON.stringify(stdout.trim().split('\n')[0] ?? '')}`);
}

/** GNU Go knows two rulesets: Japanese (territory, its default) and Chinese (area). */
export const rulesFlags = (method) => (method === 'area' ? ['--chinese-rules'] : []);

/**
 * GNU Go plays an SGF file out and counts it (`--score aftermath`): its margin and seconds.
 * @param {string} gnugo the program
 * @param {string} file an SGF file
 * @param {'territory' | 'area'} method how the game's rules count
 */
export async function gnugoScore(gnugo, file, method) {
  const { stdout, ms } = await run(gnugo, [...rulesFlags(method), '--score', 'aftermath', '-l', file]);
  return { margin: gnugoMargin(stdout), ms };
}
