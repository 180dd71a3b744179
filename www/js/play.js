// Play mode's move rules, until the library's `Game` engine is available to the page:
// alternate moves, captures, suicide (illegal unless the ruleset allows it), simple ko
// (no immediate single-stone recapture) and passes. Superko is not checked.

import { chainAt, neighbors, normalizeDead, withChanges } from './state.js';

const SIGN = { black: 1, white: -1 };
const OTHER = { black: 'white', white: 'black' };
const SUICIDE_ALLOWED = new Set(['nz', 'tromp-taylor']);

/**
 * Why a move is illegal; the message is shown to the user. `key`: the message's key in the
 * catalogues (www/js/i18n/), when go-score words it itself (a library error has none).
 */
export class IllegalMove extends Error {
  constructor(message, key = null) {
    super(message);
    this.key = key;
  }
}

/** The document after the side to play plays at point `p`; throws `IllegalMove`. */
export function playMove(doc, p) {
  const color = doc.toPlay;
  const sign = SIGN[color];
  if (doc.stones[p] !== 0) throw new IllegalMove('That point is occupied.', 'illegal.occupied');
  if (p === doc.ko) throw new IllegalMove('Ko: retake elsewhere first.', 'illegal.ko');
  const stones = doc.stones.slice();
  stones[p] = sign;
  const captured = [];
  for (const n of neighbors(doc, p)) {
    if (stones[n] !== -sign) continue;
    const { chain, liberties } = chainAt(stones, doc, n);
    if (liberties.size === 0) {
      for (const q of chain) {
        stones[q] = 0;
        captured.push(q);
      }
    }
  }
  const own = chainAt(stones, doc, p);
  const captures = { ...doc.captures };
  captures[color] += captured.length;
  if (own.liberties.size === 0) {
    if (!SUICIDE_ALLOWED.has(doc.rules)) throw new IllegalMove('Suicide is not allowed under these rules.', 'illegal.suicide');
    for (const q of own.chain) stones[q] = 0;
    captures[OTHER[color]] += own.chain.length;
  }
  // Simple ko: a lone stone that took exactly one stone and has one liberty may not be
  // taken back at once.
  const ko =
    captured.length === 1 && own.chain.length === 1 && own.liberties.size === 1 ? captured[0] : -1;
  return withChanges(doc, {
    stones,
    dead: normalizeDead(doc, stones, doc.dead),
    captures,
    lastToPlay: color,
    toPlay: OTHER[color],
    ko,
  });
}

/** The document after the side to play passes. */
export function pass(doc) {
  const color = doc.toPlay;
  return withChanges(doc, {
    passes: { ...doc.passes, [color]: doc.passes[color] + 1 },
    lastToPlay: color,
    toPlay: OTHER[color],
    ko: -1,
  });
}
