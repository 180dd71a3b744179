// `go-score score [options] <file|folder|->...`: scores every game of SGF files and folders on
// all cores and writes one row per game as games finish. The main thread only walks the inputs,
// hands one file at a time to each worker (worker.mjs) and writes rows; it loads the wasm module
// only to check `--rules` or write `--help` (the rulesets are the library's), and never holds
// more than a bounded number of files' rows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { FORMATS, Progress, formatter, summary } from './output.mjs';
import { CONVENTIONS, DEAD_MODES, row } from './score.mjs';
import { checkInputs, countInputs, walk } from './walk.mjs';

/** The names of the library's rulesets (`rulesets()`), so that a typo in `--rules` stops the run at once. */
function ruleNames() {
  const lib = createRequire(import.meta.url)('../node/go_score.js');
  return lib.rulesets().map(({ name }) => name);
}

const DEFAULT_MAX_SIZE = 16 * 1024 * 1024;

const usage = () => `usage: go-score score [options] <file|folder|->...

Scores every game of SGF files: folders are searched for .sgf files (recursively), - reads
standard input, a file holding several games gives one row per game (path#1, path#2, ...).
Each row: the counted result, the recorded one (RE), whether they agree and why not.

options:
  -f, --format FORMAT   jsonl, csv or table (default: table on a terminal, else jsonl)
      --dead MODE       auto: the record's dead stones (TB/TW) when it marks any, else
                        estimated (default); record, estimate, or none
      --conventions C   server: count as the server that recorded the game counts, when
                        the record names one (default); rules: as the rules say
      --rules RULES     score under these rules instead of the record's: ${ruleNames().join(', ')}
      --komi KOMI       this komi instead of the record's (a multiple of 0.5; --komi=-5)
  -j, --jobs N          worker threads (default: one per core, here ${availableCores()})
      --sorted          rows in input order (default: as games finish)
      --max-size SIZE   larger files are error rows, unread (default 16M; k, M, G suffixes)
      --progress        the progress bar on stderr even when it is not a terminal
  -q, --quiet           no progress bar and no summary
  -h, --help            this text
  -v, --version         the package's version

Exit status: 0 when the run completed (files that cannot be read or scored are rows with an
error), 2 on a bad option or a path that does not exist.

example: npx go-score score --format csv games/ > scores.csv`;

function availableCores() {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** A usage error: the message, a pointer to --help, exit status 2. */
class UsageError extends Error {}

/** `16M`, `500k`, `1G` or plain bytes. */
function parseSize(text) {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(text.trim());
  if (!match) throw new UsageError(`--max-size needs a size such as 16M, 500k or 1000000, got ${text}`);
  const scale = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2].toLowerCase()];
  return Math.floor(Number(match[1]) * scale);
}

/** The command line, checked: the options and inputs of a run, or `{ help }` / `{ version }`. */
export function parseCommandLine(args, stdoutIsTty) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: 'string', short: 'f' },
        dead: { type: 'string' },
        conventions: { type: 'string' },
        rules: { type: 'string' },
        komi: { type: 'string' },
        jobs: { type: 'string', short: 'j' },
        sorted: { type: 'boolean' },
        'max-size': { type: 'string' },
        progress: { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (values.version) return { version: true };
  const [command, ...inputs] = positionals;
  if (command === undefined) throw new UsageError('no command: go-score score <file|folder|->...');
  if (command !== 'score') throw new UsageError(`unknown command ${command}: the command is \`score\``);
  if (!inputs.length) throw new UsageError('nothing to score: give SGF files, folders, or - for standard input');

  const format = values.format ?? (stdoutIsTty ? 'table' : 'jsonl');
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got ${format}`);
  const dead = values.dead ?? 'auto';
  if (!DEAD_MODES.includes(dead)) throw new UsageError(`--dead must be one of ${DEAD_MODES.join(', ')}, got ${dead}`);
  const conventions = values.conventions ?? 'server';
  if (!CONVENTIONS.includes(conventions)) {
    throw new UsageError(`--conventions must be one of ${CONVENTIONS.join(', ')}, got ${conventions}`);
  }
  if (values.rules !== undefined) {
    const names = ruleNames();
    if (!names.includes(values.rules)) throw new UsageError(`--rules must be one of ${names.join(', ')}, got ${values.rules}`);
  }
  let komi;
  if (values.komi !== undefined) {
    komi = Number(values.komi);
    if (values.komi.trim() === '' || !Number.isFinite(komi) || komi * 2 !== Math.round(komi * 2)) {
      throw new UsageError(`--komi must be a multiple of 0.5, got ${values.komi}`);
    }
  }
  let jobs = availableCores();
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 1024) {
      throw new UsageError(`--jobs must be a whole number from 1 to 1024, got ${values.jobs}`);
    }
  }
  return {
    inputs,
    format,
    jobs,
    sorted: Boolean(values.sorted),
    maxSize: values['max-size'] === undefined ? DEFAULT_MAX_SIZE : parseSize(values['max-size']),
    progress: values.quiet ? false : values.progress || Boolean(process.stderr.isTTY),
    quiet: Boolean(values.quiet),
    score: { dead, conventions, ...(values.rules !== undefined && { rules: values.rules }), ...(komi !== undefined && { komi }) },
  };
}

/** Standard input's bytes, or an error when there are more than `maxSize`. */
async function readStdin(maxSize) {
  const chunks = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += chunk.length;
    if (size > maxSize) {
      process.stdin.destroy();
      return { error: `standard input too large: over the limit of ${maxSize} bytes (--max-size)` };
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks) };
}

/**
 * Runs the command line; resolves to the exit status.
 * @param {string[]} args the arguments after the program name
 */
export async function main(args) {
  let run;
  try {
    run = parseCommandLine(args, Boolean(process.stdout.isTTY));
    if (run.inputs) {
      const problem = await checkInputs(run.inputs);
      if (problem) throw new UsageError(problem);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`go-score: ${error.message}\ntry go-score --help\n`);
    return 2;
  }
  if (run.help) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  if (run.version) {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`${manifest.version}\n`);
    return 0;
  }
  return score(run);
}

/** The run: workers, the lazy walk, rows out, progress and summary. */
function score(run) {
  const out = process.stdout;
  const format = formatter(run.format);
  const progress = run.progress ? new Progress(process.stderr) : null;
  // Rows go to the bar's terminal too: the bar is wiped before a row and redrawn after.
  const sharesTerminal = Boolean(progress && process.stderr.isTTY && out.isTTY);
  if (progress) {
    progress.draw(true);
    countInputs(run.inputs).then(
      (total) => {
        progress.total = total;
      },
      () => {},
    );
  }
  const totals = { games: 0, files: 0, errors: 0, agree: 0, disagree: 0, notCounted: 0, otherAgree: 0, conventions: run.score.conventions };
  const started = performance.now();
  const inputs = walk(run.inputs);
  // In sorted mode, files scored ahead of the oldest unfinished one wait, at most this many.
  const window = run.jobs * 4;

  return new Promise((resolve, reject) => {
    const workers = []; // { worker, task }
    let nextSeq = 0;
    let exhausted = false;
    let pulling = false;
    let outputBlocked = false;
    let finished = false;
    // Sorted mode: rows of files finished or started out of turn, by sequence number.
    const held = new Map();
    let head = 0;

    const write = (scored) => {
      if (scored.error) totals.errors++;
      else {
        totals.games++;
        if (scored.agrees === true) totals.agree++;
        else if (scored.agrees === false) totals.disagree++;
        else totals.notCounted++;
        // The other conventions' count: the same as this one unless the row says otherwise.
        if (scored.otherAgrees ?? scored.agrees) totals.otherAgree++;
      }
      if (progress) progress.games = totals.games + totals.errors;
      if (sharesTerminal) progress.clear();
      // A full pipe stops new files from being taken up until it drains (one listener).
      if (!out.write(format(scored)) && !outputBlocked) {
        outputBlocked = true;
        out.once('drain', () => {
          outputBlocked = false;
          pump();
        });
      }
      if (sharesTerminal) progress.draw(true);
      else progress?.draw();
    };

    const emit = (seq, scored) => {
      if (!run.sorted || seq === head) return write(scored);
      held.get(seq).rows.push(scored);
    };

    const fileDone = (seq) => {
      totals.files++;
      if (progress) progress.files = totals.files;
      if (run.sorted) {
        held.get(seq).done = true;
        // The oldest files that are complete go out, then the rows so far of the next one.
        while (held.get(head)?.done) {
          held.get(head).rows.forEach(write);
          held.delete(head);
          head++;
          held.get(head)?.rows.splice(0).forEach(write);
        }
      }
      progress?.draw();
    };

    const spawn = () => {
      const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
        workerData: { options: run.score, maxSize: run.maxSize },
      });
      const slot = { worker, task: null };
      worker.on('message', (message) => {
        if (message.row) return emit(message.seq, message.row);
        slot.task = null;
        fileDone(message.seq);
        pump();
      });
      // A worker that dies (out of memory, a crash in the module) costs its file an error
      // row; a fresh worker takes its place.
      const lost = (why) => {
        const index = workers.indexOf(slot);
        if (index < 0) return;
        workers.splice(index, 1);
        if (slot.task) {
          const { seq, name } = slot.task;
          slot.task = null;
          emit(seq, row({ file: name, error: `the worker scoring this file stopped: ${why}` }));
          fileDone(seq);
        }
        pump();
      };
      worker.on('error', (error) => lost(error.message));
      worker.on('exit', (code) => lost(`exit code ${code}`));
      workers.push(slot);
      return slot;
    };

    const freeSlot = () => workers.find((w) => !w.task) ?? (workers.length < run.jobs ? spawn() : null);

    const dispatch = async (item, seq) => {
      if (run.sorted) held.set(seq, { rows: [], done: false });
      if (item.error) {
        emit(seq, row({ file: item.name, error: item.error }));
        return fileDone(seq);
      }
      if (item.stdin) {
        const input = await readStdin(run.maxSize);
        if (input.error) {
          emit(seq, row({ file: '-', error: input.error }));
          return fileDone(seq);
        }
        item = { ...item, bytes: input.bytes };
      }
      const slot = freeSlot();
      slot.task = { seq, name: item.name };
      const message = { seq, name: item.name, path: item.path, bytes: item.bytes };
      slot.worker.postMessage(message, item.bytes ? [item.bytes.buffer] : []);
    };

    const busy = () => workers.filter((w) => w.task).length;
    const canDispatch = () =>
      !outputBlocked && (busy() < run.jobs) && (!run.sorted || nextSeq - head < window);

    // Takes inputs from the walk while a worker is free; one pull at a time.
    async function pump() {
      if (pulling || finished) return;
      pulling = true;
      try {
        while (!exhausted && canDispatch()) {
          const { value, done } = await inputs.next();
          if (done) exhausted = true;
          else await dispatch(value, nextSeq++);
        }
      } catch (error) {
        reject(error);
        return;
      } finally {
        pulling = false;
      }
      if (exhausted && busy() === 0 && totals.files === nextSeq) finish();
    }

    function finish() {
      finished = true;
      for (const { worker } of workers.splice(0)) worker.terminate();
      const seconds = (performance.now() - started) / 1000;
      progress?.finish();
      if (!run.quiet) process.stderr.write(summary({ ...totals, seconds, workers: run.jobs }));
      resolve(0);
    }

    // A reader that stops early (`| head`) closes the pipe: stop quietly.
    out.on('error', (error) => {
      if (error.code !== 'EPIPE') return reject(error);
      finished = true;
      for (const { worker } of workers.splice(0)) worker.terminate();
      resolve(0);
    });
    pump();
  });
}
