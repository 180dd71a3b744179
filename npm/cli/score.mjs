// Scoring one file: every game in it, one row each, with the recorded result compared.
// `scoreRecord` is the one place that scores: `Game.score` scores a record in one call, dead
// stones included; the library's `sgfGameTrees` cuts a collection into its games.

/** What `--dead` accepts. */
export const DEAD_MODES = ['auto', 'record', 'estimate', 'none'];

/** What `--conventions` accepts: count as the rules say, or as the recording server counts. */
export const CONVENTIONS = ['server', 'rules'];

/** The row fields, in output order (JSONL keys, CSV columns). */
export const FIELDS = [
  'file', 'game', 'size', 'moves', 'rules', 'komi', 'server', 'conventions', 'result', 'margin',
  'recorded', 'agrees', 'why', 'other', 'otherAgrees', 'deadFrom', 'dead', 'ms', 'error',
];

/**
 * Scores the end of one game record.
 * @param {object} lib the package's Node module (its `Game`)
 * @param {string | Uint8Array} sgf one record (bytes are decoded by the file's charset)
 * @param {{ dead?: string, conventions?: string, rules?: string, komi?: number }} options
 *   `dead`: `auto` (the record's TB/TW marks when it has any, else estimated; none under
 *   Tromp-Taylor, which has no dead-stone agreement), `record`, `estimate` or `none`;
 *   `conventions`: `server` (count as the recording server counts, when the record names
 *   one) or `rules`; `rules` and `komi` override the record's (a new ruleset brings its
 *   default komi when the record has no `KM`).
 * @returns the score's fields, the other conventions' count (`other`, `otherMargin`) and what
 *   makes the two differ (`departures`)
 */
export function scoreRecord(lib, sgf, { dead = 'auto', conventions = 'server', rules, komi } = {}) {
  const game = lib.Game.fromSgf(sgf);
  try {
    const overrides = { ...(rules !== undefined && { rules }), ...(komi !== undefined && { komi }) };
    const score = game.score({ dead, conventions, ...overrides });
    const board = game.board;
    return {
      size: `${board[0].length}x${board.length}`,
      moves: game.moves().length,
      rules: score.rules,
      komi: score.komi,
      server: score.server,
      conventions: score.conventions,
      result: score.result,
      margin: score.margin,
      recorded: game.info().RE ?? null,
      // The library says `given` for stones the caller chose; here that is only `--dead none`.
      deadFrom: score.deadFrom === 'given' ? 'none' : score.deadFrom,
      dead: score.dead.length,
      other: score.other && `${score.other.result} ${score.other.conventions === 'rules' ? 'by the rules' : `as ${score.other.conventions} counts`}`,
      otherMargin: score.other?.margin ?? null,
      departures: score.departures,
    };
  } finally {
    game.free();
  }
}

/** Recorded results that are not a count, by what they start with after `B+` / `W+`. */
const NOT_COUNTED = [
  [/^[BW]\s*\+\s*R(esign(ation)?)?$/i, 'a win by resignation'],
  [/^[BW]\s*\+\s*T(ime)?$/i, 'a win on time'],
  [/^[BW]\s*\+\s*F(orfeit)?$/i, 'a win by forfeit'],
  [/^[BW]\s*\+$/i, 'a win without a margin'],
  [/^void$/i, 'no result (Void)'],
  [/^\?$/, 'an unknown result'],
];

/**
 * Whether a counted margin agrees with the record's `RE`: `agrees` is true or false when `RE`
 * is a count (`B+3.5`, `W+12`, `0`, `Draw`, `Jigo`), null otherwise; `why` says why not.
 * @param {string | null} recorded the `RE` text
 * @param {number} margin Black − White, as counted
 * @param {string} result the library's result for that count (`B+3.5`, `Draw`, Ing's `B+0`)
 */
export function judge(recorded, margin, result) {
  const text = recorded?.trim() ?? '';
  if (!text) return { agrees: null, why: 'no recorded result (RE)' };
  let expected = null;
  const win = /^([BW])\s*\+\s*(\d+(?:\.\d*)?|\.\d+)\s*(?:points?|pts?\.?)?$/i.exec(text);
  if (win) expected = (win[1].toUpperCase() === 'B' ? 1 : -1) * Number(win[2]);
  else if (/^(0|draw|jigo)$/i.test(text)) expected = 0;
  if (expected === null) {
    const kind = NOT_COUNTED.find(([pattern]) => pattern.test(text))?.[1] ?? 'not a score';
    return { agrees: null, why: `RE[${text}] is ${kind}, not a count` };
  }
  if (margin === expected) return { agrees: true, why: null };
  if (Math.sign(margin) !== Math.sign(expected)) {
    return { agrees: false, why: `the winner differs: recorded ${text}, counted ${result}` };
  }
  const apart = Math.abs(margin - expected);
  return { agrees: false, why: `the margin differs by ${apart} point${apart === 1 ? '' : 's'}: recorded ${text}, counted ${result}` };
}

/** What each reason of a departure counts, in words: one point, or points listed. */
const DEPARTURES = {
  'false-eye': ['the false eye at', 'the false eyes at'],
  seki: ['the point in seki at', 'the points in seki at'],
  alive: ['the stone left on the board at', 'every stone left on the board: at'],
};

/**
 * Why the server's count differs from the rules', in words: "OGS counts the false eye at
 * [6, 4]: 1 point". Null when they agree.
 * @param {string | null} server the recording server
 * @param {{ vertex: number[] | null, reason: string, margin: number }[]} departures
 */
export function departureText(server, departures) {
  if (!server || !departures?.length) return null;
  const parts = [];
  for (const reason of [...new Set(departures.map((d) => d.reason))]) {
    const items = departures.filter((d) => d.reason === reason);
    const points = Math.abs(items.reduce((sum, d) => sum + d.margin, 0));
    const amount = `${points} point${points === 1 ? '' : 's'}`;
    const words = DEPARTURES[reason];
    if (words) {
      const where = items.map((d) => `[${d.vertex.join(', ')}]`).join(', ');
      parts.push(`${words[items.length === 1 ? 0 : 1]} ${where}: ${amount}`);
    } else if (reason === 'compensation') {
      parts.push(`another handicap compensation: ${amount}`);
    } else {
      parts.push(`by another counting method: ${amount}`);
    }
  }
  return `${server} counts ${parts.join('; ')}`;
}

/** A row with every field, null where unknown. */
export function row(fields) {
  return Object.fromEntries(FIELDS.map((key) => [key, fields[key] ?? null]));
}

/** One game's row, timed. */
function gameRow(lib, sgf, name, game, options) {
  const start = performance.now();
  let fields;
  try {
    const { otherMargin, departures, ...score } = scoreRecord(lib, sgf, options);
    const verdict = judge(score.recorded, score.margin, score.result);
    const otherAgrees = otherMargin === null ? null : judge(score.recorded, otherMargin).agrees;
    // The convention that makes the two counts differ explains a row either way: why this
    // count agrees where the other does not, or why it does not.
    const convention = verdict.agrees !== null && otherAgrees !== null && otherAgrees !== verdict.agrees
      ? departureText(score.server, departures)
      : null;
    const why = [convention, verdict.why].filter(Boolean).join('; ') || null;
    fields = { ...score, ...verdict, why, otherAgrees };
  } catch (error) {
    fields = { error: messageOf(error) };
  }
  const ms = Math.round((performance.now() - start) * 10) / 10;
  return row({ ...fields, file: game ? `${name}#${game}` : name, game, ms });
}

/**
 * The rows of one file, one per game, as each is scored: a single game is named by its path,
 * the games of a collection `path#1`, `path#2`, …
 * @param {object} lib the package's Node module
 * @param {Uint8Array} bytes the file
 * @param {string} name the path shown
 * @param {object} options as for `scoreRecord`
 */
export function* scoreFile(lib, bytes, name, options) {
  if (bytes.length === 0) {
    yield row({ file: name, error: 'empty file', ms: 0 });
    return;
  }
  // The first game from the bytes, so that its row carries the file's own errors and notes.
  const first = gameRow(lib, bytes, name, null, options);
  const trees = lib.sgfGameTrees(bytes);
  if (trees.length < 2) {
    yield first;
    return;
  }
  yield { ...first, file: `${name}#1`, game: 1 };
  for (let k = 2; k <= trees.length; k++) yield gameRow(lib, trees[k - 1], name, k, options);
}

/** An error's message, without the "Error: " prefix. */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
