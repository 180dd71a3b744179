// The page's document: the position, the dead marks and the scoring settings, as plain
// immutable objects. Every user action makes a new document; undo/redo keeps the old ones.
// One text form (the URL hash) is used for sharing and for localStorage, with one strict
// parser, so hostile or corrupt stored state is rejected in one place.

/** Largest board side the API accepts (the core's, `board::MAX_SIZE`). */
// ---- Generated from src/wasm/wire.rs by tests/layout.rs: do not edit ----
export const MAX_SIDE = 52;
// ---- End of generated code ----
/** Largest count (captures, passes) the page accepts; far above any real game. */
const MAX_COUNT = 1_000_000;
/** Largest komi magnitude accepted from stored state. */
const MAX_KOMI = 1000;

/**
 * An empty document of the given size. `komi` null stands for the ruleset's default,
 * which only the library knows (`defaultKomi`): the page fills it in once the module is
 * loaded, and a document scored without one is scored with that default.
 */
export function emptyDoc(width = 19, height = width, rules = 'japanese', komi = null) {
  return {
    width,
    height,
    stones: new Array(width * height).fill(0),
    dead: [],
    rules,
    komi,
    handicap: 0,
    captures: { black: 0, white: 0 },
    passes: { black: 0, white: 0 },
    lastToPlay: null,
    toPlay: 'black',
    lastMove: -1,
  };
}

/** The same document with `changes` applied (a shallow copy; arrays are replaced, never mutated). */
export function withChanges(doc, changes) {
  return { ...doc, ...changes };
}

/** Point index of `[x, y]`. */
export const pointOf = (doc, x, y) => y * doc.width + x;
/** `[x, y]` of a point index. */
export const vertexOf = (doc, p) => [p % doc.width, Math.floor(p / doc.width)];

/** Orthogonal neighbours of point `p`. */
export function neighbors(doc, p) {
  const { width, height } = doc;
  const x = p % width;
  const y = (p - x) / width;
  const out = [];
  if (x > 0) out.push(p - 1);
  if (x < width - 1) out.push(p + 1);
  if (y > 0) out.push(p - width);
  if (y < height - 1) out.push(p + width);
  return out;
}

/** The stones of the chain containing `p` (iterative flood fill); none on an empty point. */
export function chainAt(stones, doc, p) {
  const color = stones[p];
  const chain = [];
  if (color === 0) return chain;
  const seen = new Uint8Array(stones.length);
  const stack = [p];
  seen[p] = 1;
  while (stack.length) {
    const q = stack.pop();
    chain.push(q);
    for (const n of neighbors(doc, q)) {
      if (stones[n] === color && !seen[n]) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return chain;
}

/**
 * Dead marks after a board change: marks on empty points go, and a chain with any dead
 * stone is dead as a whole (the API marks whole chains; the drawing must agree).
 */
export function normalizeDead(doc, stones, dead) {
  const isDead = new Uint8Array(stones.length);
  for (const p of dead) {
    if (stones[p] === 0 || isDead[p]) continue;
    for (const q of chainAt(stones, doc, p)) isDead[q] = 1;
  }
  const out = [];
  for (let p = 0; p < isDead.length; p++) if (isDead[p]) out.push(p);
  return out;
}

/**
 * The stones a click at `p` marks dead or alive (suggest.js `toggleMark`): the chain at `p`
 * and every stone of the same colour reachable from it through empty points and
 * same-coloured stones, so dead stones scattered inside one territory change with one
 * click. `onlyChain` limits it to the chain itself.
 */
export function deadToggleTargets(doc, p, onlyChain = false) {
  const color = doc.stones[p];
  if (color === 0) return [];
  return onlyChain ? chainAt(doc.stones, doc, p) : reachableStones(doc, p, color);
}

function reachableStones(doc, start, color) {
  const { stones } = doc;
  const seen = new Uint8Array(stones.length);
  const stack = [start];
  const found = [];
  seen[start] = 1;
  while (stack.length) {
    const q = stack.pop();
    if (stones[q] === color) found.push(q);
    for (const n of neighbors(doc, q)) {
      if (!seen[n] && stones[n] !== -color) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return found;
}

/**
 * The stones after the set-up `tool` (`black`, `white`, `erase`) is used on point `p`: a
 * stone of the tool's colour is taken away, as on a real board. Null when nothing changes.
 */
export function stonesAfterTool(doc, p, tool) {
  const sign = tool === 'black' ? 1 : tool === 'white' ? -1 : 0;
  const value = doc.stones[p] === sign ? 0 : sign;
  if (doc.stones[p] === value) return null;
  const stones = doc.stones.slice();
  stones[p] = value;
  return stones;
}

/** What `scoreBoard` / `classifyRegions` take for this document. */
export function scoreInput(doc) {
  const board = [];
  for (let y = 0; y < doc.height; y++) {
    board.push(doc.stones.slice(y * doc.width, (y + 1) * doc.width));
  }
  const input = {
    board,
    dead: doc.dead.map((p) => vertexOf(doc, p)),
    rules: doc.rules,
    ...(doc.komi !== null && { komi: doc.komi }),
    handicap: doc.handicap,
    captures: { ...doc.captures },
    passes: { ...doc.passes },
  };
  if (doc.lastToPlay) input.lastToPlay = doc.lastToPlay;
  return input;
}

// ---- Text form: `v=1&s=19x19&b=<run-length board>&d=<dead>&r=…&k=…` ----

const COORDS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const STONE_CHARS = { 0: '.', 1: 'X', '-1': 'O' };

function encodeBoard(stones) {
  let out = '';
  let i = 0;
  while (i < stones.length) {
    let j = i;
    while (j < stones.length && stones[j] === stones[i]) j++;
    const run = j - i;
    out += (run > 1 ? run : '') + STONE_CHARS[stones[i]];
    i = j;
  }
  return out;
}

function decodeBoard(text, size) {
  if (!/^(\d{0,4}[.XO])*$/.test(text)) throw new Error('the board has characters other than digits, X, O and .');
  const stones = [];
  for (const [, count, ch] of text.matchAll(/(\d{0,4})([.XO])/g)) {
    const run = count === '' ? 1 : Number(count);
    if (run < 1 || stones.length + run > size) throw new Error('the board has more points than its size');
    stones.push(...new Array(run).fill(ch === 'X' ? 1 : ch === 'O' ? -1 : 0));
  }
  if (stones.length !== size) throw new Error(`the board has ${stones.length} points, expected ${size}`);
  return stones;
}

const pointCode = (doc, p) => {
  const [x, y] = vertexOf(doc, p);
  return COORDS[x] + COORDS[y];
};

function decodePoints(doc, text, what) {
  if (text.length % 2) throw new Error(`${what} has an odd number of coordinate letters`);
  const points = [];
  for (let i = 0; i < text.length; i += 2) {
    const x = COORDS.indexOf(text[i]);
    const y = COORDS.indexOf(text[i + 1]);
    if (x < 0 || y < 0 || x >= doc.width || y >= doc.height) {
      throw new Error(`${what} point ${text.slice(i, i + 2)} is off the board`);
    }
    points.push(pointOf(doc, x, y));
  }
  return points;
}

/** The document (and page mode) as URL-hash text. */
export function serialize(doc, mode) {
  const parts = [
    ['v', '1'],
    ['s', `${doc.width}x${doc.height}`],
    ['b', encodeBoard(doc.stones)],
    ['d', oneStonePerChain(doc).map((p) => pointCode(doc, p)).join('')],
    ['r', doc.rules],
    ...(doc.komi !== null ? [['k', String(doc.komi)]] : []),
    ['h', String(doc.handicap)],
    ['c', `${doc.captures.black},${doc.captures.white}`],
    ['p', `${doc.passes.black},${doc.passes.white}`],
    ['l', doc.lastToPlay ? doc.lastToPlay[0] : '-'],
    ['t', doc.toPlay[0]],
    ['lm', doc.lastMove >= 0 ? pointCode(doc, doc.lastMove) : ''],
  ];
  if (mode) parts.push(['m', mode]);
  return parts.map(([k, v]) => `${k}=${v}`).join('&');
}

// Dead marks are whole chains, so one stone per chain is stored; the chain re-grows on load.
function oneStonePerChain(doc) {
  const covered = new Uint8Array(doc.stones.length);
  const kept = [];
  for (const p of doc.dead) {
    if (covered[p]) continue;
    kept.push(p);
    for (const q of chainAt(doc.stones, doc, p)) covered[q] = 1;
  }
  return kept;
}

function count(text, what) {
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_COUNT) throw new Error(`${what} must be a whole number ≥ 0`);
  return Number(text);
}

function pair(text, what) {
  const parts = (text ?? '').split(',');
  if (parts.length !== 2) throw new Error(`${what} must be two numbers`);
  return { black: count(parts[0], `${what} by black`), white: count(parts[1], `${what} by white`) };
}

const MODES = ['setup', 'play', 'score'];

/**
 * Parses URL-hash text into `{ doc, mode }`. Throws an Error saying what is wrong for
 * anything unexpected: nothing from the text is ever used unchecked. `rules`: the names of
 * the library's rulesets (`rulesets()`), which the ruleset must be one of; without them
 * (the module not loaded) only its form is checked, and the library refuses an unknown
 * one when it scores. Without `k` the komi is the ruleset's default (null).
 */
export function parse(text, rules = null) {
  if (typeof text !== 'string' || text.length > 20000) throw new Error('the stored state is not a short text');
  const fields = new Map();
  for (const part of text.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new Error(`“${part.slice(0, 20)}” is not key=value`);
    const key = part.slice(0, eq);
    if (fields.has(key)) throw new Error(`${key} appears twice`);
    fields.set(key, decodeURIComponent(part.slice(eq + 1)));
  }
  const known = ['v', 's', 'b', 'd', 'r', 'k', 'h', 'c', 'p', 'l', 't', 'ko', 'lm', 'm'];
  for (const key of fields.keys()) if (!known.includes(key)) throw new Error(`unknown field ${key.slice(0, 20)}`);
  if (fields.get('v') !== '1') throw new Error('unknown state version');
  const size = /^(\d{1,2})x(\d{1,2})$/.exec(fields.get('s') ?? '');
  if (!size) throw new Error('the board size must be W×H');
  const width = Number(size[1]);
  const height = Number(size[2]);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new Error(`the board size ${width}×${height} is outside 1…${MAX_SIDE}`);
  }
  const ruleset = fields.get('r') ?? 'japanese';
  if (rules ? !rules.includes(ruleset) : !/^[a-z][a-z-]{0,19}$/.test(ruleset)) throw new Error(`unknown rules ${ruleset.slice(0, 20)}`);
  const komiText = fields.get('k');
  let komi = null;
  if (komiText !== undefined) {
    if (!/^-?\d{1,4}(\.[05])?$/.test(komiText)) throw new Error('komi must be a multiple of 0.5');
    komi = Number(komiText);
    if (Math.abs(komi) > MAX_KOMI) throw new Error('komi is too large');
  }
  let doc = emptyDoc(width, height, ruleset, komi);
  doc.stones = decodeBoard(fields.get('b') ?? '', width * height);
  const dead = decodePoints(doc, fields.get('d') ?? '', 'a dead mark');
  if (dead.some((p) => doc.stones[p] === 0)) throw new Error('a dead mark is on an empty point');
  doc.dead = normalizeDead(doc, doc.stones, dead);
  doc.handicap = count(fields.get('h') ?? '0', 'handicap');
  if (doc.handicap > width * height) throw new Error('handicap is more than the board has points');
  doc.captures = pair(fields.get('c') ?? '0,0', 'captures');
  doc.passes = pair(fields.get('p') ?? '0,0', 'passes');
  const last = fields.get('l') ?? '-';
  if (!['b', 'w', '-'].includes(last)) throw new Error('last to play must be b, w or -');
  doc.lastToPlay = last === 'b' ? 'black' : last === 'w' ? 'white' : null;
  const toPlay = fields.get('t') ?? 'b';
  if (!['b', 'w'].includes(toPlay)) throw new Error('to play must be b or w');
  doc.toPlay = toPlay === 'b' ? 'black' : 'white';
  // An older link may name a ko point: it is checked and dropped, as the engine keeps the ko
  // of the moves it plays.
  const ko = decodePoints(doc, fields.get('ko') ?? '', 'the ko point');
  if (ko.length > 1 || (ko.length === 1 && doc.stones[ko[0]] !== 0)) throw new Error('the ko point must be one empty point');
  const lastMove = decodePoints(doc, fields.get('lm') ?? '', 'the last move');
  if (lastMove.length > 1 || (lastMove.length === 1 && doc.stones[lastMove[0]] === 0)) throw new Error('the last move must be one stone');
  doc.lastMove = lastMove.length ? lastMove[0] : -1;
  const mode = fields.get('m');
  if (mode !== undefined && !MODES.includes(mode)) throw new Error('unknown mode');
  return { doc, mode };
}
