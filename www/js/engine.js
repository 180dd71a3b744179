// Moves and SGF through the library's `Game` engine: captures, suicide, ko and superko as
// the ruleset says. The document stays a plain position: line.js keeps the one live `Game`
// of the game's moves, started from a document (`gameAt`) or read from a record (`readSgf`).

import { emptyDoc, normalizeDead, pointOf, withChanges } from './state.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Longest game-information text kept from an SGF (names, event, result). */
const INFO_LIMIT = 200;

/** Per-colour counts added. */
export const addCounts = (a, b) => ({ black: a.black + b.black, white: a.white + b.white });

/**
 * The position `game` stands at, counted from `base`: a game started from a document's
 * position (`gameAt`) counts only its own captures and passes, which go on top of the
 * document's (`base.captures`, `base.passes`); `base.lastToPlay` until the game has a move.
 * `lastMove`: the point just played, -1 for none (a pass, or a stone the move captured).
 */
export function positionAfter(game, base, lastMove) {
  const stones = game.board.flat();
  return {
    stones,
    captures: addCounts(base.captures, game.captures),
    passes: addCounts(base.passes, game.passes),
    toPlay: game.toPlay,
    lastToPlay: game.lastToPlay ?? base.lastToPlay,
    lastMove: lastMove >= 0 && stones[lastMove] ? lastMove : -1,
  };
}

/**
 * An SGF of the document's position alone: its size, set-up stones and side to play. Rules,
 * komi and handicap are set on the `Game` itself (`gameAt`), never written into SGF text.
 */
export function setupSgf(doc) {
  const code = (p) => LETTERS[p % doc.width] + LETTERS[Math.floor(p / doc.width)];
  const list = (sign) => {
    const points = [];
    doc.stones.forEach((s, p) => s === sign && points.push(`[${code(p)}]`));
    return points.join('');
  };
  const size = doc.width === doc.height ? `${doc.width}` : `${doc.width}:${doc.height}`;
  const black = list(1);
  const white = list(-1);
  return `(;GM[1]FF[4]CA[UTF-8]SZ[${size}]${black ? `AB${black}` : ''}${white ? `AW${white}` : ''}PL[${doc.toPlay === 'black' ? 'B' : 'W'}])`;
}

/**
 * Sets a document's rules, komi (`null`: the ruleset's default) and handicap on `game`,
 * the rules first (a default komi follows them). Throws, and frees the game, when a move
 * of the game is not legal under the rules.
 */
export function applySettings(game, { rules, komi, handicap }) {
  try {
    game.setRules(rules);
    if (komi !== null) game.setKomi(komi);
    game.setHandicap(handicap);
  } catch (error) {
    game.free();
    throw error;
  }
  return game;
}

/** A new `Game` standing at the document's position, under its rules, komi and handicap. */
export function gameAt(api, doc) {
  return applySettings(api.Game.fromSgf(setupSgf(doc)), doc);
}

/**
 * Reads an SGF (bytes) with the engine: the final position of its main line, counts, the
 * dead stones its TB/TW markup implies, and its game information as plain strings.
 */
export function readSgf(api, bytes) {
  const game = api.Game.fromSgf(bytes);
  const board = game.board;
  const height = board.length;
  const width = board[0].length;
  let doc = emptyDoc(width, height, game.rules, game.komi);
  const stones = board.flat();
  const dead = game.deadHints().map(([x, y]) => pointOf(doc, x, y));
  const moves = game.moves();
  const last = moves.length ? moves[moves.length - 1].vertex : null;
  const lastPoint = last ? pointOf(doc, last[0], last[1]) : -1;
  doc = withChanges(doc, {
    stones,
    dead: normalizeDead(doc, stones, dead),
    captures: game.captures,
    passes: game.passes,
    handicap: game.handicap,
    lastToPlay: game.lastToPlay,
    toPlay: game.toPlay,
    lastMove: lastPoint >= 0 && stones[lastPoint] ? lastPoint : -1,
  });
  const info = {};
  for (const [key, value] of Object.entries(game.info() ?? {})) {
    if (typeof value === 'string') info[key] = value.slice(0, INFO_LIMIT);
  }
  return { game, doc, info, notes: game.notes, moves: moves.length, server: game.server };
}
