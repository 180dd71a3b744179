// What the CLI writes: rows on stdout (JSONL, CSV or a table), and on stderr a progress bar
// and the closing summary.
import { FIELDS } from './score.mjs';

export const FORMATS = ['jsonl', 'csv', 'table'];

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180); null is empty. */
function csvField(value) {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table's columns: title, width, cell; the file (and why or the error) comes last. */
const COLUMNS = [
  ['result', 8, (r) => (r.error ? 'error' : r.result)],
  ['recorded', 10, (r) => r.recorded ?? '–'],
  ['agrees', 7, (r) => (r.agrees === null ? '–' : r.agrees ? 'yes' : 'no')],
  ['dead', 12, (r) => (r.error ? '' : `${r.dead} ${r.deadFrom}`)],
  ['rules', 13, (r) => r.rules ?? ''],
  ['komi', -5, (r) => (r.komi === null ? '' : String(r.komi))],
  ['ms', -8, (r) => (r.ms === null ? '' : r.ms.toFixed(1))],
];
const cells = (values) =>
  values.map((v, i) => (COLUMNS[i][1] < 0 ? v.padStart(-COLUMNS[i][1]) : v.padEnd(COLUMNS[i][1]))).join(' ');

/**
 * A function from a row to the text to write for it (lines end in '\n'); the first call of
 * CSV and table writes the header line first.
 * @param {'jsonl' | 'csv' | 'table'} format
 */
export function formatter(format) {
  let first = true;
  const header = (text) => {
    if (!first) return '';
    first = false;
    return `${text}\n`;
  };
  switch (format) {
    case 'jsonl':
      return (row) => `${JSON.stringify(row)}\n`;
    case 'csv':
      return (row) => header(FIELDS.join(',')) + `${FIELDS.map((f) => csvField(row[f])).join(',')}\n`;
    case 'table':
      return (row) => {
        // The table already shows both results: only the gist of why they differ.
        const note = row.error ?? row.why?.replace(/: recorded .*$/, '');
        const line = `${cells(COLUMNS.map(([, , cell]) => cell(row)))}  ${row.file}${note ? `  (${note})` : ''}`;
        return header(`${cells(COLUMNS.map(([title]) => title))}  file`) + `${line}\n`;
      };
    default:
      throw new Error(`unknown format ${format}`);
  }
}

/** Seconds as `42s`, `3m05s` or `1h02m`. */
export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`;
}

/**
 * A one-line progress bar redrawn in place with `\r`: files done of the total (while the
 * total is still being counted, `?`), games, games per second and the time left.
 */
export class Progress {
  /** @param {NodeJS.WriteStream} stream where the bar goes (stderr) */
  constructor(stream) {
    this.stream = stream;
    this.total = null;
    this.files = 0;
    this.games = 0;
    this.started = performance.now();
    this.drawn = 0;
    this.shown = 0; // the length of the line on screen, 0 when none
  }

  /** Draws the bar, at most ten times a second unless `force`. */
  draw(force = false) {
    const now = performance.now();
    if (!force && now - this.drawn < 100) return;
    this.drawn = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? this.games / seconds : 0;
    const width = 24;
    const fraction = this.total ? Math.min(1, this.files / this.total) : 0;
    const filled = Math.round(fraction * width);
    const bar = this.total === null ? '·'.repeat(width) : '█'.repeat(filled) + '░'.repeat(width - filled);
    const left =
      this.total === null
        ? 'counting files'
        : this.files === 0
          ? 'starting'
          : `${duration(((this.total - this.files) * seconds) / this.files)} left`;
    const text = `[${bar}] ${this.files}/${this.total ?? '?'} files, ${this.games} games, ${rate.toFixed(1)} games/s, ${left}`;
    // Spaces, not an escape code, cover a longer previous line (logs stay plain text); then
    // the line is written again so that it ends, and the cursor stands, right after the text.
    const cover = this.shown > text.length ? `${' '.repeat(this.shown - text.length)}\r${text}` : '';
    this.stream.write(`\r${text}${cover}`);
    this.shown = text.length;
  }

  /** Wipes the bar off its line (before a row is written to the same terminal). */
  clear() {
    if (this.shown) this.stream.write(`\r${' '.repeat(this.shown)}\r`);
    this.shown = 0;
  }

  /** The last drawing, left on its own line. */
  finish() {
    this.draw(true);
    this.stream.write('\n');
    this.shown = 0;
  }
}

/**
 * The closing summary: games and files, errors, agreement with the recorded results, time
 * and speed.
 */
export function summary({ games, files, errors, agree, disagree, notCounted, otherAgree = agree, conventions = 'rules', seconds, workers }) {
  const compared = agree + disagree;
  const pct = (n) => (compared ? ` (${((100 * n) / compared).toFixed(1)}%)` : '');
  const [asked, other] = conventions === 'server' ? ['as the servers count', 'by the rules'] : ['by the rules', 'as the servers count'];
  return (
    `go-score: ${games} game${games === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}, ` +
    `${errors} error${errors === 1 ? '' : 's'}\n` +
    `agreement with recorded results: ${agree} of ${compared} games whose RE is a count${pct(agree)} ${asked}, ` +
    `${otherAgree}${pct(otherAgree)} ${other}; ` +
    `${notCounted} without one (resignation, time, none…)\n` +
    `${seconds.toFixed(1)} s, ${(seconds > 0 ? games / seconds : 0).toFixed(1)} games/s, ${workers} worker${workers === 1 ? '' : 's'}\n`
  );
}
