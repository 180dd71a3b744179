// A game line: the moves of an opened SGF or of a game played on the page, carried on the
// document as an immutable value (`doc.line`, with `doc.move` the move shown). Settings
// changes copy the document and so keep the line; undo/redo bring back the line each
// document had; stepping shows another of the line's positions. The engine (`Game`) is
// rebuilt from the line's SGF whenever the live one does not stand where the document
// does, so ko and superko always see the whole history (after undo, redo, branching or a
// rules change).

import { addCounts, applySettings, gameAt, positionAfter, readSgf } from './engine.js';
import { normalizeDead, vertexOf, withChanges } from './state.js';

/** The one live engine: the game of `line` with `rules`/`komi`, standing after `n` moves. */
let live = null;

function forget() {
  live?.game.free();
  live = null;
}

/** The line's game read from its SGF, under the settings (`rules`, `komi`, `handicap`) of a document. */
function lineGame(api, sgf, settings) {
  return applySettings(api.Game.fromSgf(sgf), settings);
}

/**
 * The engine standing after move `n` of `line` under the settings (`rules`, `komi`,
 * `handicap`) of a document: the live one,
 * taken back if it is further on, else a new one read from the line's SGF. Throws when
 * the moves are not legal under `rules` (the message names the move).
 */
export function engineAt(api, line, n, { rules, komi, handicap }) {
  if (!(live && live.line === line && live.rules === rules && live.komi === komi && live.handicap === handicap && live.n >= n)) {
    forget();
    const game = lineGame(api, line.sgf, { rules, komi, handicap });
    live = { line, rules, komi, handicap, game, n: line.moves.length };
  }
  // Each undo takes back one action: a move, or a set-up node between moves.
  while (live.n > n) {
    for (let i = live.n - n; i > 0; i--) live.game.undo();
    live.n = live.game.moves().length;
  }
  return live.game;
}

/** A line read from a file starts with no counts. */
const EMPTY_BASE = Object.freeze({ captures: { black: 0, white: 0 }, passes: { black: 0, white: 0 }, lastToPlay: null, lastMove: -1 });


function freezeLine(line) {
  Object.freeze(line.moves);
  Object.freeze(line.positions);
  return Object.freeze(line);
}

/**
 * The line of a game just read from an SGF (standing at its end), with the positions after
 * every move: stones from `boardAt`, prisoners as the engine counted them after each move
 * (`moves()[k].captures`), passes and turns from the moves. `hints` are the dead stones
 * the file's TB/TW imply for the final position.
 */
export function openLine(api, game, width, hints, base = EMPTY_BASE) {
  const played = game.moves();
  const moves = played.map(({ color, vertex }) => ({ color, p: vertex ? vertex[1] * width + vertex[0] : -1 }));
  const positions = [];
  const passes = { ...base.passes };
  for (let k = 0; k <= moves.length; k++) {
    const stones = game.boardAt(k).flat();
    const move = moves[k - 1];
    if (move && move.p < 0) passes[move.color]++;
    positions.push({
      stones,
      captures: move ? addCounts(base.captures, played[k - 1].captures) : { ...base.captures },
      passes: { ...passes },
      toPlay: k === moves.length ? game.toPlay : moves[k].color,
      lastToPlay: move ? move.color : base.lastToPlay,
      lastMove: move ? (move.p >= 0 && stones[move.p] ? move.p : -1) : base.lastMove,
    });
  }
  const line = freezeLine({
    sgf: game.toSgf(),
    moves,
    positions,
    base,
    hints,
  });
  forget();
  live = { line, rules: game.rules, komi: game.komi, handicap: game.handicap, game, n: moves.length };
  return line;
}

/**
 * An SGF record (text or bytes) read with the engine (`readSgf`) and standing at its end on
 * the line of its moves, so that stepping and play go on from there. When the moves cannot
 * be laid out, the position still opens, without a line, and `stepError` says why.
 */
export function openRecord(api, sgf) {
  const loaded = readSgf(api, sgf);
  let { doc } = loaded;
  let stepError = null;
  try {
    const line = openLine(api, loaded.game, doc.width, doc.dead);
    doc = docAtMove(doc, line, line.moves.length, doc.dead);
  } catch (error) {
    stepError = error;
    loaded.game.free();
  }
  return { ...loaded, doc, stepError };
}

/** A line with no moves yet, starting from the document's position and counts. */
function startLine(api, doc) {
  forget();
  const game = gameAt(api, doc);
  const base = { captures: { ...doc.captures }, passes: { ...doc.passes }, lastToPlay: doc.lastToPlay, lastMove: doc.lastMove };
  const line = freezeLine({
    sgf: game.toSgf(),
    moves: [],
    positions: [{ ...positionAfter(game, base, -1), lastMove: doc.lastMove }],
    base,
    hints: null,
  });
  live = { line, rules: doc.rules, komi: doc.komi, handicap: doc.handicap, game, n: 0 };
  return line;
}

/** The document showing move `k` of `line`, with `dead` marks (kept only on stones). */
export function docAtMove(doc, line, k, dead) {
  const position = line.positions[k];
  return withChanges(doc, {
    line,
    move: k,
    stones: position.stones,
    captures: position.captures,
    passes: position.passes,
    toPlay: position.toPlay,
    lastToPlay: position.lastToPlay,
    lastMove: position.lastMove,
    dead: normalizeDead(doc, position.stones, dead),
  });
}

/**
 * The document after the side to play plays at `p` (or passes, `p` = -1) with the engine.
 * Played after stepping back, the move starts a branch: the line's later moves are left
 * out of the new line (the old document, which undo brings back, still has them).
 * Throws the engine's error for an illegal move; nothing changes then.
 */
export function playOnLine(api, doc, p) {
  const line = doc.line ?? startLine(api, doc);
  const n = doc.line ? doc.move : 0;
  const game = engineAt(api, line, n, doc);
  const color = game.toPlay;
  if (p >= 0) {
    const [x, y] = vertexOf(doc, p);
    game.play(x, y);
  } else {
    game.pass();
  }
  const next = freezeLine({
    sgf: game.toSgf(),
    moves: [...line.moves.slice(0, n), { color, p }],
    positions: [...line.positions.slice(0, n + 1), positionAfter(game, line.base, p)],
    base: line.base,
    hints: null,
  });
  live = { ...live, line: next, n: n + 1 };
  const position = next.positions[n + 1];
  return docAtMove(doc, next, n + 1, normalizeDead(doc, position.stones, doc.dead));
}

/** The whole line as SGF under the document's rules and komi; `dead` (points) scores its end. */
export function lineSgf(api, doc, dead) {
  const { line } = doc;
  const game = engineAt(api, line, line.moves.length, doc);
  return dead ? game.toSgf(dead.map((q) => vertexOf(doc, q))) : game.toSgf();
}

/** Human text of move `k` (1-based) of the line, e.g. `Black D4` or `White passed`. */
export function moveText(line, k, name) {
  const move = line.moves[k - 1];
  if (!move) return '';
  const who = move.color === 'black' ? 'Black' : 'White';
  return move.p >= 0 ? `${who} ${name(move.p)}` : `${who} passed`;
}

// ---- Keeping the line across a reload (localStorage, next to the position) ----

/** The line as text for storage: its SGF, starting counts and TB/TW hints. */
export function lineText(line) {
  return JSON.stringify({ sgf: line.sgf, base: line.base, hints: line.hints });
}

const isCount = (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000;
const isCounts = (c) => c !== null && typeof c === 'object' && isCount(c.black) && isCount(c.white);

/**
 * The line stored by `lineText`, for `doc` at move `move`; throws on anything unexpected
 * (the SGF goes through the engine's own reader, the rest is checked here) or when the
 * line's position at `move` is not the document's.
 */
export function lineFromText(api, text, doc, move) {
  const saved = JSON.parse(text);
  if (!saved || typeof saved.sgf !== 'string' || saved.sgf.length > 2_000_000) throw new Error('no game record');
  const { base, hints } = saved;
  const colors = [null, 'black', 'white'];
  if (!base || !isCounts(base.captures) || !isCounts(base.passes) || !colors.includes(base.lastToPlay)
    || !Number.isInteger(base.lastMove) || base.lastMove < -1 || base.lastMove >= doc.stones.length) {
    throw new Error('bad starting counts');
  }
  const size = doc.stones.length;
  if (hints !== null && !(Array.isArray(hints) && hints.every((p) => Number.isInteger(p) && p >= 0 && p < size))) {
    throw new Error('bad dead-stone hints');
  }
  const game = lineGame(api, saved.sgf, doc);
  const board = game.board;
  if (board.length !== doc.height || board[0].length !== doc.width) {
    game.free();
    throw new Error('the record is for another board');
  }
  const clean = { captures: { ...base.captures }, passes: { ...base.passes }, lastToPlay: base.lastToPlay, lastMove: base.lastMove };
  const line = openLine(api, game, doc.width, hints ? [...hints] : null, Object.freeze(clean));
  const position = line.positions[move];
  if (!position || position.stones.some((s, p) => s !== doc.stones[p])) throw new Error('the record does not reach this position');
  return line;
}
