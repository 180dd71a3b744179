// The scorer's controller, shared by the page (main.js) and the <go-score> widget: the
// document (state.js), its mode and set-up tool, undo (history.js), what clicks, Pass,
// Accept and Clear do, Score mode's suggestions (suggest.js), moves (line.js, handed over
// with the engine) and each render's score and board view. No DOM: the host draws, words
// what it reports, and adds its own panels (the page) or attributes (the widget).

import { pointName } from './diagram.js';
import { History } from './history.js';
import { captionLines, departurePoints } from './panel.js';
import { deadToggleTargets, emptyDoc, normalizeDead, stonesAfterTool, vertexOf, withChanges } from './state.js';
import {
  Estimates, acceptSuggestions, pendingSuggestions, scoreShown, sealingShown, suggest, toggleMark, withSuggestionsApplied,
} from './suggest.js';

/** The set-up tools, in the order the page and the widget offer them. */
export const TOOLS = ['black', 'white', 'erase'];

/** The message of an error (the library's words, in English). */
export const errorText = (error) => (error instanceof Error ? error.message : String(error));

/** An error as a sentence: upper case first, a full stop last. */
export function sentence(error, tr) {
  const text = errorText(error).trim();
  return text ? text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.') : tr.t('error.notPossible');
}

/**
 * One scorer's state and actions. `host` gives `tr` (its translator) and takes
 * `changed(message)` (redraw; `message`, unless null, says what was done) and
 * `refused(message)` (an action not done, e.g. an illegal move).
 */
export class Controller {
  constructor(host, { historyLimit = 1000 } = {}) {
    this.host = host;
    this.doc = emptyDoc(19);
    /** Clicks act in `setup`, `play` and `score`, not in other modes (the widget's `view`, `count`). */
    this.mode = 'setup';
    this.tool = 'black';
    this.history = new History(historyLimit);
    /** The scoring module (or an object with its functions); null until it is loaded. */
    this.api = null;
    /** line.js (moves need its `playOnLine`), given with a module that has `Game`. */
    this.line = null;
    /** Dead-stone estimates per position (suggest.js). */
    this.estimates = new Estimates(null);
    /** Whether Score mode suggests dead stones. */
    this.suggesting = true;
    /** The server that recorded the game, when its record names one. */
    this.server = null;
    /** Why there is no module, when it failed to load. */
    this.noModule = '';
    /** The last score rendered (a ScoreResult), or null. */
    this.result = null;
  }

  get tr() {
    return this.host.tr;
  }

  /** Starts afresh on `doc`: no undo steps, no server. */
  reset(doc) {
    this.history = new History(this.history.limit);
    this.doc = doc;
    this.server = null;
  }

  // ---- Undo / redo ----

  /** Makes `next` the document, one undo step; false when it is the same. */
  commit(next, message = null, coalesce = null) {
    if (next === this.doc) return false;
    this.history.record(this.doc, coalesce);
    this.doc = next;
    this.host.changed(message);
    return true;
  }

  /** Shows `next` without an undo step (stepping through a game). */
  navigate(next, message = null) {
    this.history.endCoalescing();
    this.doc = next;
    this.host.changed(message);
  }

  /** Takes back the last change; false when there is none. */
  undo() {
    return this.travel(this.history.undo(this.doc), 'status.undone');
  }

  /** Does again the change last undone; false when there is none. */
  redo() {
    return this.travel(this.history.redo(this.doc), 'status.redone');
  }

  /** Shows `doc` from the history (null: none there), saying `key`. */
  travel(doc, key) {
    if (!doc) return false;
    this.doc = doc;
    this.host.changed(this.tr.t(key));
    return true;
  }

  // ---- Actions ----

  /** The document with `changes` that are not moves: it leaves the game's line (undo brings it back). */
  offLine(changes) {
    return withChanges(this.doc, { ...changes, line: null, move: 0 });
  }

  setMode(mode) {
    this.mode = mode;
    this.host.changed(this.tr.t('status.mode', { mode }));
  }

  setTool(tool, announce = false) {
    if (!TOOLS.includes(tool)) return;
    this.tool = tool;
    this.host.changed(announce ? this.tr.t('status.tool', { tool }) : null);
  }

  /** A click on point `p` in the current mode; `onlyChain` (shift-click) marks one chain only. */
  act(p, onlyChain = false) {
    const { doc, tr } = this;
    const point = pointName(...vertexOf(doc, p), doc.height);
    if (this.mode === 'score') {
      if (!doc.stones[p]) {
        this.host.changed(tr.t('status.emptyPoint', { point }));
        return;
      }
      const { doc: next, change } = toggleMark(doc, p, onlyChain);
      const words = { dead: 'status.markedDead', alive: 'status.alive', rejected: 'status.rejected' };
      this.commit(next, tr.t(words[change], { point }));
    } else if (this.mode === 'play') {
      const next = this.play(p, (reason) => tr.t('status.illegal', { point, reason }));
      if (!next) return;
      const branched = doc.line && doc.move < doc.line.moves.length;
      this.commit(next, branched
        ? tr.t('status.branched', { side: next.lastToPlay, point, n: next.move, later: doc.line.moves.length - doc.move })
        : tr.t('status.played', { side: next.lastToPlay, point }));
    } else if (this.mode === 'setup') {
      const stones = stonesAfterTool(doc, p, this.tool);
      if (!stones) return;
      const what = stones[p] === 1 ? 'black' : stones[p] === -1 ? 'white' : 'removed';
      this.commit(
        this.offLine({ stones, dead: normalizeDead(doc, stones, doc.dead), lastMove: -1 }),
        tr.sentences([tr.t('status.placed', { what, point }), doc.line ? tr.t('status.setUp') : '']),
      );
    }
  }

  /** The side to play passes. */
  pass() {
    const next = this.play(-1, (reason) => this.tr.t('status.passFailed', { reason }));
    if (next) this.commit(next, this.tr.t('status.passed', { side: next.lastToPlay }));
  }

  /** The document after a move at `p` (-1: a pass); null, `refusal(reason)` reported, when refused. */
  play(p, refusal) {
    try {
      if (!this.api?.Game || !this.line) throw new Error(this.noModule || this.tr.t('error.notPossible'));
      return this.line.playOnLine(this.api, this.doc, p);
    } catch (error) {
      this.host.refused(refusal(this.tr.t('illegal.library', { error: sentence(error, this.tr) })));
      return null;
    }
  }

  /** Makes the pending suggestions dead marks (one undo step); false when none were pending. */
  accept() {
    const n = this.pending().length;
    if (!n) return false;
    this.commit(acceptSuggestions(this.doc), this.tr.t('status.accepted', { n }));
    return true;
  }

  /** An empty board of the same size and settings. */
  clear() {
    const { doc } = this;
    this.server = null;
    const fresh = emptyDoc(doc.width, doc.height, doc.rules, doc.komi);
    this.commit(withChanges(fresh, { handicap: doc.handicap }), this.tr.t('status.cleared'));
  }

  /** Board keys: B / W / E pick the set-up stone, P passes, A accepts suggestions. */
  shortcut(key) {
    const tool = { b: 'black', w: 'white', e: 'erase' }[key];
    if (tool && this.mode === 'setup') {
      this.setTool(tool, true);
      return true;
    }
    if (key === 'p' && this.mode === 'play') {
      this.pass();
      return true;
    }
    return key === 'a' && this.mode === 'score' && this.accept();
  }

  // ---- Score mode's suggestions ----

  /** Whether the document stands at its game's end (or has no moves): suggestions are made there only. */
  atGameEnd() {
    return !this.doc.line || this.doc.move === this.doc.line.moves.length;
  }

  /** The suggested dead stones shown (Score mode only), as point indices. */
  pending() {
    return this.mode === 'score' && this.suggesting ? pendingSuggestions(this.doc) : [];
  }

  /** The document as scored: with the pending suggestions counted as dead. */
  scoredDoc() {
    return this.pending().length ? withSuggestionsApplied(this.doc) : this.doc;
  }

  /** Makes Score mode's suggestions, once per position, kept on the document (not an undo step); how many now. */
  suggest() {
    if (this.mode !== 'score' || !this.api || !this.atGameEnd()) return 0;
    if (!this.suggesting) {
      if (this.doc.suggestion) this.doc = withChanges(this.doc, { suggestion: null });
      return 0;
    }
    const before = this.doc;
    this.doc = suggest(before, this.estimates);
    return this.doc === before ? 0 : pendingSuggestions(this.doc).length;
  }

  // ---- Rendering ----

  /**
   * The render step: suggestions (`made`: how many now), the score in one module call
   * (classified too in Score mode or with `classify`), the goban's `view` (the host adds
   * `mode`, `coords`). Not scored with `error` (the host's reason) or without a module.
   */
  render({ classify = false, error = null } = {}) {
    const made = error ? 0 : this.suggest();
    const { doc } = this;
    const scoreMode = this.mode === 'score';
    const suggested = this.pending();
    // Not before the module is in: the estimates keep what they find for each position.
    const estimate = !error && this.api && scoreMode && this.atGameEnd() ? this.estimates.of(doc) : null;
    let result = null;
    let classification = null;
    let serverCount = null;
    if (!error && this.api) {
      try {
        ({ result, classification, serverCount } = scoreShown(this.api, doc, suggested, {
          classify: classify || scoreMode, scoreMode, estimate, server: this.server,
        }));
      } catch (err) {
        error = errorText(err);
      }
    }
    this.result = result;
    const view = {
      tool: this.tool,
      classification,
      lastMove: doc.lastMove,
      targetsAt: (p) => deadToggleTargets(doc, p),
      suggested,
      sealing: sealingShown(doc, estimate),
      departures: departurePoints(serverCount, doc),
    };
    return { doc, result, classification, serverCount, suggested, error, view, made };
  }

  /** A picture's caption: the result and both counts, or "no score". */
  captionLines() {
    return this.result ? captionLines(this.result, this.pending().length > 0, this.tr) : [this.tr.t('caption.noScore')];
  }
}
