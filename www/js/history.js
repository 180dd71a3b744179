// Undo and redo over immutable documents, with a text form so the history can outlive a
// reload of the tab. Knows nothing of the DOM.

import { parse, serialize } from './state.js';

/** The documents before and after the current one. */
export class History {
  constructor(limit = 1000) {
    this.limit = limit;
    this.past = [];
    this.future = [];
    this.lastCoalesce = null;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /**
   * Records that `current` is being replaced. Steps with the same `coalesce` key in a row
   * (typing "12" into one field) are one undo step.
   */
  record(current, coalesce = null) {
    if (!(coalesce && coalesce === this.lastCoalesce && this.past.length)) {
      this.past.push(current);
      if (this.past.length > this.limit) this.past.shift();
    }
    this.lastCoalesce = coalesce;
    this.future.length = 0;
  }

  /** Ends a run of coalesced steps (the user left the field). */
  endCoalescing() {
    this.lastCoalesce = null;
  }

  /** The document before `current`, or null. */
  undo(current) {
    this.lastCoalesce = null;
    if (!this.past.length) return null;
    this.future.push(current);
    return this.past.pop();
  }

  /** The document after `current`, or null. */
  redo(current) {
    this.lastCoalesce = null;
    if (!this.future.length) return null;
    this.past.push(current);
    return this.future.pop();
  }

  /** Text of the last `keep` steps each way, for `current`. */
  toText(current, keep) {
    return JSON.stringify({
      current: serialize(current),
      past: this.past.slice(-keep).map((d) => serialize(d)),
      future: this.future.slice(-keep).map((d) => serialize(d)),
    });
  }

  /**
   * Restores steps saved by `toText` if they were saved for `current`. Throws on anything
   * malformed (each document goes through the strict parser, `rules` the library's ruleset
   * names as `parse` takes them); nothing changes then.
   */
  restore(text, current, rules = null) {
    const saved = JSON.parse(text);
    if (!saved || saved.current !== serialize(current) || !Array.isArray(saved.past) || !Array.isArray(saved.future)) {
      return false;
    }
    const docs = (list) => list.map((item) => parse(item, rules).doc);
    const past = docs(saved.past);
    const future = docs(saved.future);
    this.past = past;
    this.future = future;
    return true;
  }
}
