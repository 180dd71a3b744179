// Types of the `<go-score>` custom element (go-score/widget).
import type { Classification, ScoreInput, ScoreResult } from '../pkg/go_score.js';

/** What the element lets its user do. */
export type GoScoreMode = 'setup' | 'play' | 'score' | 'view' | 'count';

/** How a mode behaves; see `MODES`. */
export interface GoScoreModeSpec {
  /** The board's drawing mode: which hover stone and whether the territory overlay shows. */
  goban: 'setup' | 'play' | 'score' | 'view';
  /** Whether the score panel shows. */
  panel: boolean;
  /** Toolbar buttons offered: 'black' | 'white' | 'erase' | 'clear' | 'pass' | 'accept' | 'undo' ('accept' shows only while suggestions wait). */
  buttons: string[];
  /** What a click at point index `p` (`y * width + x`) does: the new position, or null for none. */
  act: ((element: GoScoreElement, doc: unknown, p: number) => unknown) | null;
  /** Optional: the mode draws its own board in its area, and the element's board is hidden. */
  ownBoard?: boolean;
  /** Optional: what the board draws instead of the position (e.g. a step of a count). */
  board?: (element: GoScoreElement, state: { doc: unknown; view: unknown; result: ScoreResult | null; classification: Classification | null }) => { doc: unknown; view: unknown };
  /** Optional: fills the mode's own element (part `mode-area`) on every render. */
  render?: (element: GoScoreElement, area: HTMLElement, state: { doc: unknown; result: ScoreResult | null; classification: Classification | null }) => void;
}

/** The modes the element knows, by `mode` attribute value. */
export declare const MODES: Record<GoScoreMode, GoScoreModeSpec>;

/** The `score-change` event: `detail` is the new score. */
export type ScoreChangeEvent = CustomEvent<ScoreResult>;

export interface GoScoreElementEventMap extends HTMLElementEventMap {
  'score-change': ScoreChangeEvent;
}

/** A listener for event `K` of the element, called with the element as `this`. */
export type GoScoreElementListener<K extends keyof GoScoreElementEventMap> = (this: GoScoreElement, event: GoScoreElementEventMap[K]) => void;

/** Options of `toSVG()` and `toPNG()`. */
export interface GoScorePictureOptions {
  /** Letters and numbers around the board; default: as the element shows them (`coordinates`). */
  coordinates?: boolean;
  /** The caption under the board (result under the rules, both counts; in count mode the step); default true. */
  caption?: boolean;
}

/** Options of `toPNG()`. */
export interface GoScorePngOptions extends GoScorePictureOptions {
  /** 1 (32 px per line spacing) or 2 (64 px); default 1. */
  scale?: 1 | 2;
}

/** The languages the element speaks (its `language` property); any other `lang` gives English. */
export type GoScoreLanguage = 'en' | 'ja' | 'ko' | 'zh-Hans' | 'zh-Hant' | 'fr' | 'de' | 'es' | 'ru';

/**
 * `<go-score size="19" rules="japanese" komi="6.5" position="…" mode="score" suggest="off" readonly coordinates lang="ko">`:
 * a board and its score panel in a shadow root.
 *
 * Every word (panel, buttons, notices, count steps, accessible names) is in the language of
 * its `lang` attribute, else of the nearest ancestor with one, else the document's:
 * English, Japanese, Korean, Chinese (`zh-CN`/`zh-Hans`, `zh-TW`/`zh-HK`/`zh-Hant`),
 * French, German, Spanish, Russian; any other language shows English. Changing `lang` on
 * the element, an ancestor or `<html>` switches it at once. Error messages from the
 * library stay English, inside a sentence in the element's language.
 *
 * In Score mode, on a position with no dead marks, the element suggests the dead stones
 * `estimateDeadStones` finds: drawn with a dashed ring (confirmed marks have a cross), scored
 * as if dead with the panel saying "Suggested", until the Accept button (or A on the board)
 * makes them marks; a click on a suggested stone rejects it. A suggestion never replaces or
 * adds to marks the user made. `suggest="off"` turns suggestions off. Before any mark, seki
 * is marked only where the library finds it with the estimate's dead stones taken off.
 */
export declare class GoScoreElement extends HTMLElement {
  /** The `mode` attribute; unknown values read as 'score'. */
  mode: GoScoreMode;
  /** Whether the `readonly` attribute is present. */
  readonly readOnly: boolean;
  /**
   * The last score, or null before the first (the module still loading) or on a bad position.
   * While suggestions wait, it counts the suggested dead stones as dead (as the panel does).
   */
  readonly result: ScoreResult | null;
  /**
   * What `scoreBoard` takes for the position shown, dead marks included (and the suggested
   * dead stones while they wait); null before the first render.
   */
  scoreInput(): ScoreInput | null;
  /** The suggested dead stones shown and not yet accepted, as vertices `[x, y]` (empty when none). */
  readonly suggestions: [number, number][];
  /** Makes the suggested dead stones dead marks (one undo step); false when none were waiting or the element is read-only. */
  acceptSuggestions(): boolean;
  /** The language the element's words are in now (a catalogue may still be loading for a new `lang`). */
  readonly language: GoScoreLanguage;
  /**
   * The board as shown as one self-contained SVG file (no external fonts, CSS or images):
   * stones, dead and suggested marks, territory, seki, dame, false eyes; in `count` mode the
   * current step (shading, blocks). Throws before the element is connected.
   */
  toSVG(options?: GoScorePictureOptions): string;
  /**
   * The same picture as a PNG (`image/png` Blob), drawn from the SVG on a canvas. Under a
   * Content-Security-Policy the page needs `img-src blob:`.
   */
  toPNG(options?: GoScorePngOptions): Promise<Blob>;
  addEventListener<K extends keyof GoScoreElementEventMap>(type: K, listener: GoScoreElementListener<K>, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof GoScoreElementEventMap>(type: K, listener: GoScoreElementListener<K>, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Reads a `position` written as rows ('X', 'O', '.', dead 'x' / 'o') with the scoring core's `readDiagram` (so once the core is loaded: an element on the page loads it); throws an Error naming the bad row or point. */
export declare function parseRows(text: string): { width: number; height: number; stones: number[]; dead: number[] };
/** Reads a `size` ('19' or '19x13'); throws an Error on anything else. */
export declare function parseSize(text: string): { width: number; height: number };

declare global {
  interface HTMLElementTagNameMap {
    'go-score': GoScoreElement;
  }
}
