// The kgs_marked rows of the accuracy bench (benches/accuracy.mjs): real KGS games whose final
// node marks the dead stones the players agreed on (`TB`/`TW`), so each finder's dead stones
// are compared with the players' stone by stone, and the count they give with the record's
// `RE`. Split into tuning and validation parts by the bench's rule on `id`; the games of the
// artefact groups are rows of their own, never part of the others (the rules of
// tests/common/kgs.rs): the games of accounts whose counts were accepted whatever they said
// (the bot `petgo3`), and games whose marks keep alive a chain the other side could take at
// once for nothing ("kept in atari").
//
// Every finder's dead stones are counted by go-score's `scoreBoard` under the corpus's rules
// and komi (handicap compensation included), so the columns differ by the finder alone. GNU
// Go 3.8 answers GTP `final_status_list dead` on the final position (a sample per part): its
// own count knows no handicap compensation, which the area-rules games here use, so only its
// dead stones are taken, never its count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMING_COLUMNS, elapsedMs, evenly, median, readJsonl, tableLine } from './common.mjs';
import { pool, run } from './gnugo.mjs';

/** Accounts whose agreed marks need not follow the board (the same as tests/common/kgs.rs). */
export const ARTEFACT_ACCOUNTS = ['petgo3'];

const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const GNUGO_WORKERS = 2;

/** The text of a root property of an SGF (`PB`, `PW`), or ''. */
const property = (sgf, name) => new RegExp(`[;\\]\\s]${name}\\[([^\\]]*)\\]`).exec(sgf)?.[1] ?? '';

/** The row a game belongs to: its artefact group, or its rules. */
function cohortOf(record, board, marks) {
  const players = [property(record.sgf, 'PB'), property(record.sgf, 'PW')];
  const account = ARTEFACT_ACCOUNTS.find((a) => players.includes(a));
  if (account) return `artefact ${account}`;
  return keptInAtari(board, marks) ? 'artefact kept in atari' : record.rules;
}

/** The four neighbours of [x, y] on a sign map. */
const around = (board, [x, y]) =>
  [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].filter(([a, b]) => b >= 0 && b < board.length && a >= 0 && a < board[0].length);

/** The chain through `at` on a sign map: its stones and its liberties (as "x,y" keys). */
function chainAt(board, at) {
  const sign = board[at[1]][at[0]];
  const stones = [at];
  const seen = new Set([`${at}`]);
  const liberties = new Set();
  for (let i = 0; i < stones.length; i++) {
    for (const n of around(board, stones[i])) {
      const v = board[n[1]][n[0]];
      if (v === 0) liberties.add(`${n}`);
      else if (v === sign && !seen.has(`${n}`)) {
        seen.add(`${n}`);
        stones.push(n);
      }
    }
  }
  return { stones, liberties };
}

/**
 * Whether the marks keep alive a chain the other side could take at once for nothing: in
 * atari, no chain touching it marked dead or in atari, and the capturing stone left with two
 * liberties or more (tests/common/kgs.rs says why).
 */
export function keptInAtari(board, marks) {
  const marked = new Set(marks.map((v) => `${v}`));
  const done = new Set();
  for (let y = 0; y < board.length; y++) {
    for (let x = 0; x < board[0].length; x++) {
      if (!board[y][x] || done.has(`${x},${y}`)) continue;
      const chain = chainAt(board, [x, y]);
      chain.stones.forEach((s) => done.add(`${s}`));
      if (chain.liberties.size !== 1 || marked.has(`${x},${y}`)) continue;
      const sign = board[y][x];
      const touching = chain.stones.flatMap((s) => around(board, s)).filter(([a, b]) => board[b][a] === -sign);
      if (touching.some((n) => marked.has(`${n}`) || chainAt(board, n).liberties.size < 2)) continue;
      const at = [...chain.liberties][0].split(',').map(Number);
      const after = board.map((row) => [...row]);
      after[at[1]][at[0]] = -sign;
      for (const n of around(after, at)) {
        if (after[n[1]][n[0]] !== sign) continue;
        const taken = chainAt(after, n);
        if (taken.liberties.size === 0) taken.stones.forEach(([a, b]) => (after[b][a] = 0));
      }
      if (chainAt(after, at).liberties.size >= 2) return true;
    }
  }
  return false;
}

/** A finder's dead stones against the players': exact, and the stones in both / one only. */
function compare(want, dead) {
  const got = new Set(dead.map(([x, y]) => `${x},${y}`));
  const both = [...got].filter((k) => want.has(k)).length;
  return {
    deadExact: both === want.size && both === got.size,
    both,
    extra: got.size - both,
    missed: want.size - both,
  };
}

/**
 * Measures the finders on the kgs_marked games: one outcome per finder per game.
 * @param {object} o
 * @param {string} o.corpus the games.jsonl path
 * @param {number} o.limit games spread evenly over the file
 * @param {number} o.gnugoSample GNU Go's games per part (outside the artefact group)
 * @param {string | null} o.gnugo the GNU Go program, or null
 * @param {string} o.gnugoName its name in the rows
 * @param {object} o.goScore the Node build
 * @param {object[]} o.jsFinders `{ name, dead(board, rules, lastToPlay) }`
 * @param {(id: string) => string} o.partOf the split rule
 * @param {(text: string) => void} o.progress a progress line
 */
export async function measureKgs({ corpus, limit, gnugoSample, gnugo, gnugoName, goScore, jsFinders, partOf, progress }) {
  const games = evenly(
    readJsonl(corpus).map((record) => ({ ...record, part: partOf(record.id) })),
    limit,
  );
  const outcomes = [];
  const positions = new Map();
  const started = process.hrtime.bigint();
  const finders = [
    { name: 'marks', dead: (_board, _rules, _last, marks) => marks },
    ...jsFinders,
  ];
  for (const [index, record] of games.entries()) {
    // Until the record reads, its group is not known: its errors count in the rules' rows.
    record.cohort = record.rules;
    const base = { part: record.part, cohort: record.cohort, id: record.id };
    let position;
    try {
      const game = goScore.Game.fromSgf(record.sgf);
      const input = game.scoreInput([]);
      position = {
        board: game.board,
        lastToPlay: game.lastToPlay,
        marks: game.deadHints(),
        input: { ...input, rules: record.rules, komi: record.komi },
      };
      game.free();
      positions.set(record.id, position);
      record.cohort = cohortOf(record, position.board, position.marks);
      base.cohort = record.cohort;
    } catch (error) {
      for (const finder of finders) outcomes.push({ ...base, finder: finder.name, error: error.message });
      continue;
    }
    const want = new Set(position.marks.map(([x, y]) => `${x},${y}`));
    for (let k = 0; k < finders.length; k++) {
      const finder = finders[(index + k) % finders.length];
      try {
        const start = process.hrtime.bigint();
        const dead = await finder.dead(position.board, record.rules, position.lastToPlay, position.marks);
        const score = goScore.scoreBoard({ ...position.input, dead });
        const ms = elapsedMs(start);
        outcomes.push({
          ...base,
          finder: finder.name,
          ...compare(want, dead),
          exact: score.margin === record.margin,
          winner: Math.sign(score.margin) === Math.sign(record.margin),
          ms,
        });
      } catch (error) {
        outcomes.push({ ...base, finder: finder.name, error: error.message });
      }
    }
    if ((index + 1) % 50 === 0) progress(`kgs_marked: ${index + 1}/${games.length} games`);
  }
  const jsSeconds = elapsedMs(started) / 1000;

  const sample = ['tuning', 'validation'].flatMap((part) =>
    evenly(
      games.filter((g) => g.part === part && !g.cohort.startsWith('artefact') && positions.has(g.id)),
      gnugoSample,
    ),
  );
  let gnugoSeconds = 0;
  if (gnugo && sample.length) {
    const dir = mkdtempSync(join(tmpdir(), 'go-score-kgs-'));
    const gnugoStarted = process.hrtime.bigint();
    try {
      let done = 0;
      const tasks = sample.map((record, i) => async () => {
        const base = { part: record.part, cohort: record.cohort, id: record.id, sample: true, finder: gnugoName };
        const position = positions.get(record.id);
        const file = join(dir, `kgs-${i}.sgf`);
        writeFileSync(file, record.sgf);
        try {
          const gtp = `loadsgf ${file}\nfinal_status_list dead\nquit\n`;
          const { stdout, ms } = await run(gnugo, ['--mode', 'gtp'], gtp);
          const replies = stdout.split(/\n\s*\n/).filter((r) => r.trim());
          if (replies.length < 2 || replies.some((r) => r.startsWith('?'))) throw new Error(`GTP: ${stdout.trim()}`);
          const dead = replies[1]
            .replace(/^=\s*/, '')
            .split(/\s+/)
            .filter(Boolean)
            .map((v) => [GTP_LETTERS.indexOf(v[0].toUpperCase()), record.size - Number(v.slice(1))]);
          const score = goScore.scoreBoard({ ...position.input, dead });
          const want = new Set(position.marks.map(([x, y]) => `${x},${y}`));
          return {
            ...base,
            ...compare(want, dead),
            exact: score.margin === record.margin,
            winner: Math.sign(score.margin) === Math.sign(record.margin),
            ms,
          };
        } catch (error) {
          return { ...base, error: error.message };
        } finally {
          progress(`kgs_marked, ${gnugoName}: ${++done}/${sample.length}`);
        }
      });
      outcomes.push(...(await pool(tasks, GNUGO_WORKERS)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    gnugoSeconds = elapsedMs(gnugoStarted) / 1000;
  }
  return { games, outcomes, sampleIds: new Set(sample.map((g) => g.id)), jsSeconds, gnugoSeconds };
}

/** Totals of a list of outcomes. */
function summarize(list) {
  const scored = list.filter((o) => !o.error);
  const sum = (key) => scored.reduce((a, o) => a + o[key], 0);
  const count = (key) => scored.filter((o) => o[key]).length;
  const both = sum('both');
  const times = scored.map((o) => o.ms);
  return {
    n: list.length,
    deadExact: count('deadExact'),
    // null when the rows have no dead stone on that side.
    precision: both + sum('extra') ? both / (both + sum('extra')) : null,
    recall: both + sum('missed') ? both / (both + sum('missed')) : null,
    exact: count('exact'),
    winner: count('winner'),
    msMedian: times.length ? median(times) : null,
    msMax: times.length ? Math.max(...times) : null,
    errors: list.length - scored.length,
  };
}

/**
 * The rows: per finder and part, outside the artefact group, then per rules, then the artefact
 * group; and every finder on GNU Go's sample.
 */
export function kgsRows({ outcomes, sampleIds }, finderOrder) {
  const rows = [];
  const rank = (name) => (finderOrder.includes(name) ? finderOrder.indexOf(name) : finderOrder.length);
  const finders = [...new Set(outcomes.map((o) => o.finder))].sort((a, b) => rank(a) - rank(b));
  const cohorts = [...new Set(outcomes.map((o) => o.cohort))].sort((a, b) =>
    a.startsWith('artefact') === b.startsWith('artefact') ? a.localeCompare(b) : a.startsWith('artefact') ? 1 : -1,
  );
  const push = (finder, part, group, list) => {
    if (list.length) rows.push({ finder, part, group, sample: list.some((o) => o.sample), ...summarize(list) });
  };
  for (const finder of finders) {
    for (const part of ['tuning', 'validation']) {
      const mine = outcomes.filter((o) => o.finder === finder && o.part === part);
      push(finder, part, 'all but artefact', mine.filter((o) => !o.cohort.startsWith('artefact')));
      for (const cohort of cohorts) push(finder, part, cohort, mine.filter((o) => o.cohort === cohort));
    }
  }
  const sampleRows = [];
  for (const finder of finders) {
    for (const part of ['tuning', 'validation']) {
      const list = outcomes.filter((o) => o.finder === finder && o.part === part && sampleIds.has(o.id));
      if (list.length) sampleRows.push({ finder, part, group: 'sample', sample: true, ...summarize(list) });
    }
  }
  return { rows, sampleRows };
}

/** Prints the kgs_marked tables. */
export function printKgs(measured, { rows, sampleRows }, { corpus, gnugoName, gnugoNote }) {
  const pct = (k, n) => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`;
  const columns = [
    ['finder', 22, (r) => r.finder + (r.sample && r.finder === gnugoName ? ' *' : '')],
    ['part', 11, (r) => r.part],
    ['group', 20, (r) => r.group],
    ['n', 6, (r) => String(r.n)],
    ['dead exact', 11, (r) => pct(r.deadExact, r.n)],
    ['precision', 10, (r) => (r.precision === null ? '–' : `${(100 * r.precision).toFixed(2)}%`)],
    ['recall', 9, (r) => (r.recall === null ? '–' : `${(100 * r.recall).toFixed(2)}%`)],
    ['exact result', 13, (r) => pct(r.exact, r.n)],
    ['right winner', 13, (r) => pct(r.winner, r.n)],
    ...TIMING_COLUMNS,
  ];
  const line = (cells) => tableLine(columns, 3, cells);
  const table = (title, list) => {
    console.log(`\n${title}`);
    console.log(line(columns.map(([name]) => name)));
    for (const r of list) console.log(line(columns.map(([, , cell]) => cell(r))));
  };
  const counts = (part) => measured.games.filter((g) => g.part === part).length;
  console.log(
    `\nkgs_marked: ${corpus}\n${measured.games.length} games with the players' dead stones marked (TB/TW): tuning ` +
      `${counts('tuning')}, validation ${counts('validation')} (the same split rule on id). Artefact groups, apart from every other row and ` +
      `never tuned to: "artefact ${ARTEFACT_ACCOUNTS.join(', ')}", games of accounts whose agreed marks need not follow the ` +
      'board; "artefact kept in atari", games whose marks keep alive a chain the other side could take at once for nothing.\n' +
      'marks: the record\'s own marks, counted the same way (how far the count can follow RE). dead exact: the finder ' +
      'names exactly the stones the players removed; precision and recall over all stones of the rows; exact result: ' +
      'the count equals RE; right winner: same sign. Every finder\'s stones are counted by go-score\'s scoreBoard ' +
      'under the corpus\'s rules and komi, handicap compensation included.\n' +
      (gnugoNote ??
        `* ${gnugoName}: a sample per part outside the artefact group, GTP final_status_list dead on the final ` +
          'position (its own count knows no handicap compensation, used by the area-rules games here, so it is not ' +
          'taken); ms/game: its whole process.'),
  );
  table('kgs_marked: totals per finder, part and group', rows);
  if (sampleRows.some((r) => r.finder === gnugoName)) table(`kgs_marked: every finder on ${gnugoName}'s sample`, sampleRows);
  console.log(
    `kgs_marked took ${measured.jsSeconds.toFixed(0)} s for the JS finders` +
      (measured.gnugoSeconds ? `, ${measured.gnugoSeconds.toFixed(0)} s for ${gnugoName}` : ''),
  );
}
