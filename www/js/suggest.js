// Suggested dead stones: what the library's `estimateDeadStones` judges dead in a position
// nobody has marked yet, shown apart from the user's own marks until they are accepted.
// Shared by the page and the <go-score> widget. Which stones are dead and which points are
// seki come from the wasm calls alone; this module only keeps the books.
//
// A document may carry `suggestion: { key, pending }`: `key` names the position it was made
// for (size, rules, stones), `pending` lists the suggested dead stones (point indices, whole
// chains) the user has neither accepted nor rejected; never a stone the user marked. A
// suggestion made for another position is ignored, so an edit of the stones leaves it
// behind by itself. It lives on the document, so undo, redo and every redraw keep it, but it
// is never stored as marks: the URL, the saved position and SGF hold the user's own marks
// (`dead`) only (the page keeps the waiting suggestions apart, for a reload).

import { deadToggleTargets, scoreInput, vertexOf, withChanges } from './state.js';

/** Positions whose estimate is kept; stepping back and forth through a game reuses them. */
const CACHE_SIZE = 16;

/** The stones as text, once per stones array (documents replace the array, never change it). */
const stonesText = new WeakMap();

/** What identifies a position for a suggestion: size, rules, the last mover and stones. */
export function positionKey(doc) {
  let text = stonesText.get(doc.stones);
  if (text === undefined) stonesText.set(doc.stones, (text = doc.stones.join(',')));
  return `${doc.width}x${doc.height}:${doc.rules}:${doc.lastToPlay ?? '-'}:${text}`;
}

/** Whether suggestions were made (or passed over) for this very position. */
export function hasSuggestion(doc) {
  return doc.suggestion?.key === positionKey(doc);
}

/** The suggested dead stones still waiting on the user (point indices; empty when none). */
export function pendingSuggestions(doc) {
  return hasSuggestion(doc) ? doc.suggestion.pending : [];
}

const union = (a, b) => [...new Set([...a, ...b])].sort((x, y) => x - y);

/**
 * The document as it is scored and drawn while suggestions wait: the user's marks plus the
 * pending suggestions as dead stones. The same document when nothing is pending.
 */
export function withSuggestionsApplied(doc) {
  const pending = pendingSuggestions(doc);
  return pending.length ? withChanges(doc, { dead: union(doc.dead, pending) }) : doc;
}

/**
 * `estimateDeadStones` for each position, once (the estimate takes tens of milliseconds on
 * 19×19, and stepping or undoing comes back to the same positions), with what the
 * library makes of the board when its dead stones are taken off.
 */
export class Estimates {
  /** `api`: the wasm module, or an object with its `estimateDeadStones` and `classifyRegions`. */
  constructor(api) {
    this.api = api;
    this.cache = new Map();
  }

  get available() {
    return typeof this.api?.estimateDeadStones === 'function' && typeof this.api?.classifyRegions === 'function';
  }

  /**
   * `{ dead, needsSealing, seki }` for the document's position (points as indices; `seki`, a
   * Set of the points `classifyRegions` calls seki once the estimate's dead stones are off),
   * or null when the module has no estimator or cannot read the position. `dead` is empty
   * when the rules refuse dead marks (the library says so by throwing).
   */
  of(doc) {
    if (!this.available) return null;
    const key = positionKey(doc);
    if (this.cache.has(key)) return this.cache.get(key);
    const entry = this.compute(doc);
    this.cache.set(key, entry);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value);
    return entry;
  }

  compute(doc) {
    const board = [];
    for (let y = 0; y < doc.height; y++) board.push(doc.stones.slice(y * doc.width, (y + 1) * doc.width));
    const index = ([x, y]) => y * doc.width + x;
    let estimate;
    try {
      const { lastToPlay, rules } = doc;
      estimate = this.api.estimateDeadStones({ board, rules, ...(lastToPlay && { lastToPlay }) });
    } catch {
      return null;
    }
    let dead = estimate.dead;
    let classification;
    try {
      classification = this.api.classifyRegions({ board, rules: doc.rules, dead });
    } catch {
      // These rules take no dead marks (Tromp-Taylor): nothing to suggest.
      dead = [];
      try {
        classification = this.api.classifyRegions({ board, rules: doc.rules });
      } catch {
        return null;
      }
    }
    const seki = new Set();
    for (const region of classification.regions) {
      if (region.kind === 'seki') for (const point of region.points) seki.add(index(point));
    }
    return { dead: dead.map(index), needsSealing: estimate.needsSealing.map(index), seki };
  }
}

/**
 * The document with suggestions for its position, if none were made yet: the estimate's dead
 * stones when the user has marked none, else none (a suggestion never replaces or adds to
 * the user's own marks). The same document when suggestions exist or cannot be made.
 */
export function suggest(doc, estimates) {
  if (hasSuggestion(doc)) return doc;
  const estimate = estimates.of(doc);
  if (!estimate) return doc;
  return withChanges(doc, { suggestion: { key: positionKey(doc), pending: doc.dead.length ? [] : estimate.dead } });
}

/** The document with its pending suggestions made the user's marks. */
export function acceptSuggestions(doc) {
  const pending = pendingSuggestions(doc);
  if (!pending.length) return doc;
  return withChanges(doc, { dead: union(doc.dead, pending), suggestion: { key: positionKey(doc), pending: [] } });
}

/** The document with neither marks nor pending suggestions (and none made again for it). */
export function clearMarks(doc) {
  if (!doc.dead.length && !pendingSuggestions(doc).length) return doc;
  return withChanges(doc, { dead: [], suggestion: { key: positionKey(doc), pending: [] } });
}

/**
 * A click on the stone at `p` in Score mode, as `{ doc, change }`. On a suggested stone it
 * rejects that suggestion (`change` 'rejected': the stones stay alive); on a marked stone it
 * takes the marks back ('alive'); on another stone it marks it dead ('dead'). Each acts on
 * the stones `deadToggleTargets` names (the chain and its colour's stones reachable through
 * empty points; the chain alone with `onlyChain`).
 */
export function toggleMark(doc, p, onlyChain = false) {
  if (!doc.stones[p]) return { doc, change: null };
  const targets = new Set(deadToggleTargets(doc, p, onlyChain));
  const pending = pendingSuggestions(doc);
  const suggestion = hasSuggestion(doc) ? { key: doc.suggestion.key, pending: pending.filter((q) => !targets.has(q)) } : doc.suggestion;
  if (pending.includes(p)) return { doc: withChanges(doc, { suggestion }), change: 'rejected' };
  if (doc.dead.includes(p)) return { doc: withChanges(doc, { dead: doc.dead.filter((q) => !targets.has(q)), suggestion }), change: 'alive' };
  return { doc: withChanges(doc, { dead: union(doc.dead, targets), suggestion }), change: 'dead' };
}

/**
 * The classification to draw: before the user has marked anything, a seki mark only where
 * the library finds seki with the estimate's dead stones off. Unmarked dead stones share
 * liberties with the stones around them, so the position read as it stands shows seki on
 * nearly every empty point; those points are left unmarked instead. Real seki stays.
 */
export function classificationToDraw(classification, doc, estimate) {
  if (!classification || doc.dead.length || !estimate) return classification;
  const regions = classification.regions.map((region) => (region.kind === 'seki'
    ? { ...region, points: region.points.filter(([x, y]) => estimate.seki.has(y * doc.width + x)) }
    : region));
  return { ...classification, regions };
}

/**
 * The score of `doc` as the page and the widget show it, in one library call: the pending
 * suggestions `suggested` counted as dead; with `classify`, also the regions the board
 * draws (`scoreAndClassify`), and in Score mode (`scoreMode`) as `classificationToDraw`
 * shows them against `estimate`. With `server` (the record's server), also that server's
 * count (`countAsServer`, docs/servers.md) as `serverCount` when its margin differs, else
 * null. Throws the library's error.
 */
export function scoreShown(api, doc, suggested, { classify, scoreMode, estimate, server }) {
  const input = scoreInput(suggested.length ? withSuggestionsApplied(doc) : doc);
  let result;
  let classification = null;
  if (classify) {
    const both = api.scoreAndClassify(input);
    result = both.score;
    classification = scoreMode ? classificationToDraw(both.classification, doc, estimate) : both.classification;
  } else {
    result = api.scoreBoard(input);
  }
  let serverCount = null;
  if (server) {
    // Rows as plain arrays: only scoreBoard's fast path reads typed ones.
    const board = input.board.map((row) => Array.from(row));
    const count = api.countAsServer({ ...input, board, server });
    if (count.margin !== result.margin) serverCount = count;
  }
  return { result, classification, serverCount };
}

/** The open borders the board marks: the estimate's, until the user marks a dead stone. */
export function sealingShown(doc, estimate) {
  return !doc.dead.length && estimate ? estimate.needsSealing : [];
}

/** Vertices `[x, y]` of point indices, for the library and for embedders. */
export function vertices(doc, points) {
  return points.map((p) => vertexOf(doc, p));
}
