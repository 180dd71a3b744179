// The package's `scoreBoard`. scripts/build.sh appends this file to wasm-bindgen's
// go_score.js (both the browser ES module and the Node CommonJS flavour), where
// `scoreBoardFlat` and `scoreBoardGeneric` are in scope, and then exports `scoreBoard`.
//
// Why: handing the input over as JSON and reading the result back as JSON costs more than
// scoring an area-counted board (issue 9). A well-formed input is handed over flat instead:
// the board as one sign per point, the dead stones as x, y pairs and only the small rest as
// JSON; the result comes back as one array of numbers, one of owners and a line of labels.
// Whatever this fast path does not recognise, and every error, goes to
// `scoreBoardGeneric`, the full decoder, so the answers and the messages are those of the
// one implementation in Rust (src/api.rs); tests/node/fast_path.test.mjs compares the two.

const SCORE_INPUT_KEYS = new Set([
  'board',
  'dead',
  'rules',
  'komi',
  'captures',
  'handicap',
  'handicapCompensation',
  'passes',
  'lastToPlay',
  'scoreFalseEyes',
]);
const MAX_SIDE = 52;
// Buffers reused from call to call (JS is single-threaded; the wasm glue copies them in
// and, for the outputs, back).
const SIGNS = new Int8Array(MAX_SIDE * MAX_SIDE);
const OWNERSHIP = new Int8Array(MAX_SIDE * MAX_SIDE);
const DEAD = new Int32Array(2 * MAX_SIDE * MAX_SIDE);
const NUMBERS = new Float64Array(43); // api::SCORE_NUMBERS
const NOT_FLAT = null;

/** A value JSON.stringify would write as it is: no own or inherited `toJSON`. */
function plainArray(value) {
  return Array.isArray(value) && value.toJSON === undefined;
}

/** Fills SIGNS row by row; returns the width, or NOT_FLAT for anything unusual. */
function flatBoard(board) {
  if (!plainArray(board) || board.length < 1 || board.length > MAX_SIDE) return NOT_FLAT;
  let width = -1;
  let at = 0;
  for (let y = 0; y < board.length; y++) {
    const row = board[y];
    if (typeof row === 'string') {
      if (width === -1) width = row.length;
      if (row.length !== width || width < 1 || width > MAX_SIDE) return NOT_FLAT;
      for (let x = 0; x < width; x++) {
        const code = row.charCodeAt(x);
        SIGNS[at++] = code === 88 ? 1 : code === 79 ? -1 : code === 46 ? 0 : 2; // X O .
        if (SIGNS[at - 1] === 2) return NOT_FLAT;
      }
    } else if (plainArray(row)) {
      if (width === -1) width = row.length;
      if (row.length !== width || width < 1 || width > MAX_SIDE) return NOT_FLAT;
      for (let x = 0; x < width; x++) {
        const sign = row[x];
        if (sign !== 1 && sign !== -1 && sign !== 0) return NOT_FLAT;
        SIGNS[at++] = sign;
      }
    } else {
      return NOT_FLAT;
    }
  }
  return width;
}

/** Fills DEAD with x, y pairs; returns how many numbers, or NOT_FLAT. */
function flatDead(dead) {
  if (dead === undefined || dead === null) return 0;
  if (!plainArray(dead) || dead.length > MAX_SIDE * MAX_SIDE) return NOT_FLAT;
  let at = 0;
  for (let i = 0; i < dead.length; i++) {
    const vertex = dead[i];
    if (!plainArray(vertex) || vertex.length !== 2) return NOT_FLAT;
    const [x, y] = vertex;
    if (!Number.isInteger(x) || !Number.isInteger(y)) return NOT_FLAT;
    if (Math.abs(x) > 1e9 || Math.abs(y) > 1e9) return NOT_FLAT;
    DEAD[at++] = x;
    DEAD[at++] = y;
  }
  return at;
}

function sideScore(n, i) {
  return {
    territory: n[i],
    stones: n[i + 1],
    prisoners: n[i + 2],
    komi: n[i + 3],
    handicapCompensation: n[i + 4],
    passStones: n[i + 5],
    neutralShare: n[i + 6],
    total: n[i + 7],
  };
}

function methodScore(n, i, winner, result) {
  return { black: sideScore(n, i), white: sideScore(n, i + 8), margin: n[i + 16], winner, result };
}

/** The fast path: the result, or NOT_FLAT when the input is not one it takes. */
function scoreBoardFast(input) {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return NOT_FLAT;
  const proto = Object.getPrototypeOf(input);
  if (proto !== Object.prototype && proto !== null) return NOT_FLAT;
  const options = {};
  for (const key of Object.keys(input)) {
    if (!SCORE_INPUT_KEYS.has(key)) return NOT_FLAT;
    if (key !== 'board' && key !== 'dead') options[key] = input[key];
  }
  const width = flatBoard(input.board);
  if (width === NOT_FLAT) return NOT_FLAT;
  const deadCount = flatDead(input.dead);
  if (deadCount === NOT_FLAT) return NOT_FLAT;
  const height = input.board.length;
  const points = width * height;
  const ownership = OWNERSHIP.subarray(0, points);
  let labels;
  try {
    labels = scoreBoardFlat(
      width,
      SIGNS.subarray(0, points),
      DEAD.subarray(0, deadCount),
      JSON.stringify(options),
      NUMBERS,
      ownership,
    );
  } catch {
    return NOT_FLAT; // the full decoder gives the error its message
  }
  const [rules, method, winner, result, territoryWinner, territoryResult, areaWinner, areaResult] =
    labels.split(' ');
  const n = NUMBERS;
  const owners = new Array(height);
  for (let y = 0, at = 0; y < height; y++) {
    const row = new Array(width);
    for (let x = 0; x < width; x++) row[x] = ownership[at++];
    owners[y] = row;
  }
  return {
    rules,
    komi: n[0],
    method,
    territory: methodScore(n, 2, territoryWinner, territoryResult),
    area: methodScore(n, 19, areaWinner, areaResult),
    margin: n[1],
    winner,
    result,
    ownership: owners,
    difference: {
      total: n[36],
      lastToPlay: n[37],
      handicap: n[38],
      passes: n[39],
      compensation: n[40],
      passStones: n[41],
      other: n[42],
    },
  };
}

/**
 * Scores a position under territory and area counting. Throws an `Error` naming the
 * problem on bad input.
 * @param {ScoreInput} input
 * @returns {ScoreResult}
 */
function scoreBoard(input) {
  let result = NOT_FLAT;
  try {
    result = scoreBoardFast(input);
  } catch {
    // A getter or proxy threw while the input was read: the full decoder reads it again
    // and reports it as it always does.
  }
  return result === NOT_FLAT ? scoreBoardGeneric(input) : result;
}
