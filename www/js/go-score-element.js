// `<go-score>`: the scorer (board and score panel) as a custom element, for pages that
// embed go-score. Everything lives in the element's shadow root: styles come from one
// constructable stylesheet (adoptedStyleSheets, allowed under `style-src 'self'`), markup is
// built with DOM calls, so it runs under a strict Content-Security-Policy. Each element has
// its own position, history and board; only the wasm modules are shared (the scoring core
// first, the full module for the boards that play, suggest or count: `loadModule`).
//
// It is the page's controller (controller.js) drawn with the page's goban.js and panel.js;
// the element adds its attributes, shadow DOM and score table. The npm package ships these
// files next to it, in the same relative layout as www/.

import initCore, { classifyRegions, defaultKomi, readDiagram, rulesets, scoreAndClassify, scoreBoard } from '../pkg-core/go_score.js';
import initFull, * as goScore from '../pkg/go_score.js';
import { diagramSvg, svgToPng } from './diagram.js';
import { Goban, gobanStyleSheet, make } from './goban.js';
import { ENGLISH, loadTranslator, loadedTranslator, supportedLanguage } from './i18n.js';
import { differenceLines, resultSentence, serverSentence, suggestedNote } from './panel.js';
import { Controller } from './controller.js';
import { MAX_SIDE, emptyDoc, normalizeDead, scoreInput, withChanges } from './state.js';
import { Estimates, vertices } from './suggest.js';

// Game and countAsServer are the full module's (a record, which names a server, is read with it).
const API = { Game: goScore.Game, countAsServer: goScore.countAsServer, scoreBoard, scoreAndClassify };
/** Dead-stone estimates per position, shared by every element (a namespace read: a build without the estimator still loads). */
const ESTIMATES = new Estimates({ estimateDeadStones: goScore.estimateDeadStones, classifyRegions });
/** What the count view needs (a namespace read: a build without countingSteps still loads). */
const COUNT_API = { scoreBoard, classifyRegions, countingSteps: goScore.countingSteps };

/**
 * The two wasm modules, each loaded once for every element on the page: the scoring core
 * (pkg-core: `scoreBoard`, `classifyRegions`, the rulesets), which is all a board in a
 * `CORE_MODES` mode needs, and the full module (`Game` and SGF, `estimateDeadStones`,
 * `countingSteps`), fetched after the core so that the first boards' bytes come first.
 */
const modules = { core: null, full: null, coreReady: false, fullReady: false, line: null, countView: null };
/** Modes that neither play moves, nor suggest dead stones, nor step through a count. */
const CORE_MODES = new Set(['setup', 'view']);

/** Loads the scoring core, and with `full` the full module after it. */
function loadModule(full) {
  modules.core ??= initCore().then(() => {
    modules.coreReady = true;
  });
  if (!full) return modules.core;
  // What only full-module boards use comes with it: line.js (moves, records), count-view.js.
  modules.full ??= modules.core
    .then(() => Promise.all([initFull(), import('./line.js'), import('./count-view.js')]))
    .then(([, line, countView]) => {
      Object.assign(modules, { line, countView, fullReady: true });
    });
  return modules.full;
}

/**
 * Reads the `position` attribute, a diagram: `X` black, `O` white, `.` (or `+`) empty,
 * lowercase `x` / `o` a stone marked dead, rows separated by newlines, spaces or `/`. The
 * scoring core reads it (`readDiagram`), so this needs the core loaded (every element loads
 * it). Returns `{ width, height, stones, dead }` (flat, row by row) or throws an Error naming
 * the bad row or point (rows and columns counted from 0, as the library's vertices are).
 */
export function parseRows(text) {
  const { board, dead } = readDiagram(text);
  const width = board[0].length;
  return { width, height: board.length, stones: board.flat(), dead: dead.map(([x, y]) => y * width + x) };
}

/** Reads the `size` attribute: `19` or `19x13` (width × height). */
export function parseSize(text) {
  const match = /^\s*(\d{1,2})\s*(?:[x×:]\s*(\d{1,2}))?\s*$/.exec(text);
  const width = match ? Number(match[1]) : NaN;
  const height = match?.[2] ? Number(match[2]) : width;
  if (!(width >= 1 && width <= MAX_SIDE && height >= 1 && height <= MAX_SIDE)) {
    throw new Error(`size "${text}" must be N or WxH, each 1 … ${MAX_SIDE}`);
  }
  return { width, height };
}

/**
 * What each `mode` does. A mode says how the board is drawn (`goban`: the board's own mode,
 * which decides the hover stone and the territory overlay), whether the score panel shows,
 * which buttons it offers and whether a click acts (`acts`: the controller's `act` in the
 * mode of the same name). New modes (e.g. a counting lesson) are added here, and may also give:
 * - `board(element, { doc, view, result, classification })` → `{ doc, view }`: what the
 *   board draws instead of the position itself (e.g. a step of a count);
 * - `render(element, area, { doc, result, classification })`: fills `area`, the mode's own
 *   element between the toolbar and the panel (step buttons, explanations), on every render.
 */
export const MODES = {
  setup: {
    goban: 'setup',
    panel: true,
    buttons: ['black', 'white', 'erase', 'clear', 'undo'],
    acts: true,
  },
  play: {
    goban: 'play',
    panel: true,
    buttons: ['pass', 'undo'],
    acts: true,
  },
  // A click marks a group dead or alive again; on a suggested dead stone it rejects the
  // suggestion. Suggestions (unless `suggest="off"`) wait for the Accept button.
  score: {
    goban: 'score',
    panel: true,
    buttons: ['accept', 'undo'],
    acts: true,
  },
  view: {
    goban: 'view',
    panel: false,
    buttons: [],
    acts: false,
  },
  // How the count is made (count-view.js): its own board, step controls and words; the
  // `method` attribute picks the tab (japanese, ing, chinese, why).
  count: {
    goban: 'view',
    panel: false,
    ownBoard: true,
    buttons: [],
    acts: false,
    render(element, area, { doc }) {
      if (!element.moduleReady) {
        area.textContent = element.tr.t('panel.loading');
        return;
      }
      if (!element.countView) {
        element.countView = new modules.countView.CountView(area, COUNT_API, { tr: element.tr });
        element.shadowRoot.adoptedStyleSheets = [gobanStyleSheet(), styleSheet(), element.countView.styleSheet];
      }
      const view = element.countView;
      view.setTranslator(element.tr);
      if (area.childNodes.length !== 1 || area.firstChild !== view.view) area.replaceChildren(view.view);
      view.show(scoreInput(doc), element.getAttribute('method'));
      view.setCoords(element.hasAttribute('coordinates') && element.getAttribute('coordinates') !== 'false');
    },
  },
};

/** The toolbar's buttons: the label is the page's message `label` (the same words), the title
 *  the widget's own `widget.<name>Title`. */
const BUTTONS = {
  black: { tool: 'black', label: 'side.black' },
  white: { tool: 'white', label: 'side.white' },
  erase: { tool: 'erase', label: 'tools.erase' },
  clear: { label: 'history.clear' },
  pass: { label: 'play.pass' },
  accept: { primary: true, label: 'score.accept' },
  undo: { label: 'history.undo' },
};

const PANEL_ROWS = ['territory', 'stones', 'prisoners', 'komi', 'handicapCompensation', 'passStones', 'neutralShare', 'total'];

// Theme: every colour is a custom property with a default; set them on `go-score` (they
// inherit into the shadow root).
const CSS = `
:host {
  display: block;
  max-width: var(--go-score-max-width, 36rem);
  color: var(--go-score-fg, #1d1d1b);
  font: var(--go-score-font, 0.95rem/1.4 system-ui, sans-serif);
  --wood-light: var(--go-score-wood-light, #e9c48a);
  --wood-mid: var(--go-score-wood, #dcb06f);
  --wood-dark: var(--go-score-wood-dark, #cf9f5c);
  --line: var(--go-score-line, #3b2a14);
  --coord: var(--go-score-coord, #4a3719);
  --focus: var(--go-score-accent, #1f5fbf);
  --accent: var(--go-score-accent, #1f5fbf);
  --panel: var(--go-score-panel, #ffffff);
  --border: var(--go-score-border, #d8d3c8);
  --muted: var(--go-score-muted, #5c5a55);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.goban { display: block; width: 100%; height: auto; touch-action: manipulation; user-select: none;
  -webkit-tap-highlight-color: transparent; border-radius: 4px; box-shadow: 0 2px 8px rgb(0 0 0 / 0.22); }
.goban:focus { outline: none; }
.goban[hidden] { display: none; }
.goban.keyboard:focus { outline: 3px solid var(--focus); outline-offset: 2px; }
.interactive .goban { cursor: pointer; }
.bar { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center; margin: 0.5rem 0 0; }
.bar[hidden], .mode-area[hidden], .panel[hidden], .error[hidden], table[hidden], details[hidden], button[hidden], .note[hidden] { display: none; }
button { font: inherit; padding: 0.2rem 0.65rem; border: 1px solid var(--border); border-radius: 6px;
  background: var(--panel); color: inherit; cursor: pointer; }
button[aria-pressed=true], button.primary { background: var(--accent); border-color: var(--accent); color: var(--go-score-accent-fg, #fff); }
button.primary { font-weight: 600; }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
.status { color: var(--muted); font-size: 0.9em; margin-left: auto; }
.panel { margin-top: 0.5rem; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 0.5rem 0.7rem; }
.result { font-weight: 600; margin: 0 0 0.35rem; }
.panel.suggested { border-style: dashed; border-color: var(--accent); }
.note { margin: 0 0 0.35rem; padding-left: 0.5rem; border-left: 3px solid var(--accent); font-size: 0.9em; }
.error { color: var(--go-score-error, #8a1c12); margin: 0 0 0.35rem; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.9em; }
th, td { padding: 0.1rem 0.3rem; text-align: right; }
.panel td { white-space: nowrap; }
.panel th { overflow-wrap: break-word; hyphens: auto; }
.frame { overflow-wrap: break-word; }
thead th { border-bottom: 1px solid var(--border); }
tbody th { text-align: left; font-weight: normal; color: var(--muted); }
tr.unused { display: none; }
tr.total td, tr.total th { font-weight: 700; border-top: 1px solid var(--border); }
th.official { color: var(--accent); }
details { font-size: 0.88em; margin-top: 0.35rem; }
details ul { margin: 0.3rem 0 0; padding-left: 1.1rem; }
`;

let sheet = null;
function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

/**
 * `<go-score size="19" rules="japanese" komi="6.5" position="…" mode="score" suggest="off" readonly coordinates lang="ko">`.
 * Fires `score-change` (detail: the ScoreResult) whenever the score of its position changes.
 * In Score mode it suggests dead stones on a position without marks unless `suggest="off"`.
 * Its words are in the language of its `lang` attribute, else of the nearest ancestor with
 * one, else the document's (English when the language is not one go-score has); changing
 * any of those switches it at once. `toSVG()` and `toPNG()` give the board as shown, with
 * the score as a caption.
 */
export class GoScoreElement extends HTMLElement {
  static get observedAttributes() {
    return ['size', 'rules', 'komi', 'position', 'mode', 'readonly', 'coordinates', 'method', 'suggest', 'lang'];
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.adoptedStyleSheets = [gobanStyleSheet(), styleSheet()];
    /** The position, undo, clicks and score; this element is its host. */
    this.controller = new Controller(this);
    this.controller.estimates = ESTIMATES;
    /** Whether the position was read from the attributes. */
    this.started = false;
    this.loadError = '';
    /** What this board is loading: 'core', 'full' or null. */
    this.loading = null;
    /** Whether the position was read with the modules loaded (see `reset`). */
    this.readWithModules = false;
    this.lastKey = '';
    this.notice = '';
    /** The translator in use; the one asked for may still be loading. */
    this.tr = ENGLISH;
    this.buildDom();
    this.localize();
  }

  buildDom() {
    const root = make('div', { class: 'frame', part: 'frame' }, this.shadowRoot);
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'goban');
    svg.setAttribute('part', 'board');
    svg.setAttribute('role', 'img');
    root.appendChild(svg);
    this.goban = new Goban(svg, {
      onAct: (p, event) => this.act(p, event),
      onShortcut: (key) => this.interactive && this.moduleReady && this.sync().shortcut(key),
    });
    this.bar = make('div', { class: 'bar', part: 'toolbar' }, root);
    this.buttons = {};
    for (const [name, spec] of Object.entries(BUTTONS)) {
      const attrs = { type: 'button', 'data-action': name, ...(spec.primary ? { class: 'primary' } : {}) };
      const button = make('button', attrs, this.bar);
      button.addEventListener('click', () => this.onButton(name));
      this.buttons[name] = button;
    }
    this.status = make('span', { class: 'status', role: 'status' }, this.bar);
    this.modeArea = make('div', { class: 'mode-area', part: 'mode-area', hidden: '' }, root);
    this.panel = make('section', { class: 'panel', part: 'panel' }, root);
    this.resultLine = make('p', { class: 'result', 'aria-live': 'polite' }, this.panel);
    this.noteLine = make('p', { class: 'note', hidden: '' }, this.panel);
    this.serverLine = make('p', { class: 'note server-count', hidden: '' }, this.panel);
    this.errorLine = make('p', { class: 'error', role: 'alert', hidden: '' }, this.panel);
    const table = make('table', {}, this.panel);
    this.table = table;
    const head = make('tr', {}, make('thead', {}, table));
    make('th', { scope: 'col' }, head);
    this.heads = {};
    for (const method of ['territory', 'area']) {
      this.heads[method] = make('th', { scope: 'colgroup', colspan: '2' }, head);
    }
    const sides = make('tr', {}, table.tHead);
    make('th', {}, sides);
    this.sideHeads = [];
    for (let i = 0; i < 2; i++) {
      this.sideHeads.push([make('th', { scope: 'col' }, sides), 'side.b'], [make('th', { scope: 'col' }, sides), 'side.w']);
    }
    const body = make('tbody', {}, table);
    this.cells = new Map();
    this.rows = new Map();
    this.rowHeads = new Map();
    for (const row of PANEL_ROWS) {
      const tr = make('tr', { class: row === 'total' ? 'total' : '' }, body);
      this.rowHeads.set(row, make('th', { scope: 'row' }, tr));
      for (const method of ['territory', 'area']) {
        for (const side of ['black', 'white']) {
          this.cells.set(`${method}.${side}.${row}`, make('td', { 'data-score': `${method}.${side}.${row}` }, tr, '–'));
        }
      }
      this.rows.set(row, tr);
    }
    const details = make('details', {}, this.panel);
    this.details = details;
    this.summary = make('summary', {}, details);
    this.differenceList = make('ul', {}, details);
  }

  /** The labels that do not depend on the position, in the current language. */
  localize() {
    const tr = this.tr;
    this.shadowRoot.firstChild.setAttribute('lang', tr.lang);
    for (const [name, button] of Object.entries(this.buttons)) {
      button.textContent = tr.t(BUTTONS[name].label);
      button.title = tr.t(`widget.${name}Title`);
    }
    this.panel.setAttribute('aria-label', tr.t('panel.heading'));
    for (const method of ['territory', 'area']) this.heads[method].textContent = tr.t(`head.${method}`);
    for (const [th, key] of this.sideHeads) th.textContent = tr.t(key);
    for (const [row, th] of this.rowHeads) th.textContent = tr.t(`row.${row}`);
    this.summary.textContent = tr.t('panel.why');
    this.goban.tr = tr;
    this.countView?.setTranslator(tr);
  }

  /**
   * The language asked for: the `lang` attribute, else the nearest ancestor's (across
   * shadow roots), else the document's.
   */
  requestedLanguage() {
    let node = this;
    while (node) {
      if (node.nodeType === 1 && node.hasAttribute('lang')) return node.getAttribute('lang');
      node = node.parentNode ?? node.host ?? null;
    }
    return document.documentElement.getAttribute('lang') ?? '';
  }

  /** Switches to the language asked for (loading its catalogue once), then redraws. */
  updateLanguage() {
    const code = supportedLanguage(this.requestedLanguage()) ?? 'en';
    this.wantedLanguage = code;
    const ready = loadedTranslator(code);
    if (ready) {
      this.setTranslator(ready);
      return;
    }
    loadTranslator(code).then((tr) => {
      if (this.wantedLanguage === code) this.setTranslator(tr);
    }, () => {
      // A catalogue that does not load leaves the widget in the language it has.
    });
  }

  setTranslator(tr) {
    if (tr === this.tr) return;
    this.tr = tr;
    this.localize();
    this.render();
  }

  /** The language the widget's words are in now (a code of the supported languages). */
  get language() {
    return this.tr.lang;
  }

  /**
   * The board as shown, as a self-contained SVG file (text): stones, dead and suggested
   * marks, territory, seki, dame and false eyes; in `count` mode the current step. With a
   * caption (unless `caption: false`): the result under the rules and both counts, in the
   * widget's language. `coordinates` (default: as shown) draws the coordinates.
   */
  toSVG(options = {}) {
    return this.picture(options).svg;
  }

  /**
   * The same picture as a PNG Blob, `scale` times (1 or 2) its size of 32 px per line.
   * The page's CSP must allow `img-src blob:`.
   */
  async toPNG(options = {}) {
    const scale = options.scale ?? 1;
    if (scale !== 1 && scale !== 2) throw new Error(`scale must be 1 or 2, got ${scale}`);
    return svgToPng(this.picture(options), scale);
  }

  picture({ coordinates, caption = true } = {}) {
    if (!this.doc) throw new Error('the widget is not connected');
    const coords = coordinates ?? this.coordinatesShown;
    if (MODES[this.mode].ownBoard) {
      if (!this.countView) throw new Error('the count is not shown yet');
      return this.countView.toSVG({ coords, caption });
    }
    const lines = this.sync().captionLines();
    return diagramSvg(this.goban.drawing({ coords }), { caption: caption ? lines : [], lang: this.tr.lang, title: lines.join(' ') });
  }

  get coordinatesShown() {
    return this.hasAttribute('coordinates') && this.getAttribute('coordinates') !== 'false';
  }

  connectedCallback() {
    watchLanguages();
    this.updateLanguage();
    if (!this.doc) this.reset();
    // Moved in the document: keep the position; the module is already there.
    this.loadModules();
  }

  /** Whether this board's position is an SGF record (read with the full module's `Game`). */
  get sgfPosition() {
    return (this.getAttribute('position') ?? '').trim().startsWith('(');
  }

  /** Whether this board needs the full module: its mode or an SGF position does. */
  get needsFullModule() {
    return !CORE_MODES.has(this.mode) || this.sgfPosition;
  }

  /** Whether the modules this board needs are loaded. */
  get moduleReady() {
    return modules.coreReady && (modules.fullReady || !this.needsFullModule);
  }

  /**
   * Loads what the board needs (once per need), then reads its position again (the rules
   * and komi are the library's); a position the core has read already stays, with its undo.
   */
  loadModules() {
    if (this.moduleReady || !this.isConnected) return;
    const need = this.needsFullModule ? 'full' : 'core';
    if (this.loading === need) return;
    this.loading = need;
    // The core reads a diagram: its stones show once the core is in, before the full module.
    if (need === 'full' && !modules.coreReady) {
      loadModule(false).then(
        () => {
          if (!this.moduleReady && !this.sgfPosition) this.reset();
        },
        () => {}, // the full module's load reports the error
      );
    }
    loadModule(need === 'full').then(
      () => {
        this.loading = null;
        // A position read by the core already (not an SGF: that needs `Game`) stays.
        if (this.readWithModules && !this.sgfPosition) this.render();
        else this.reset();
      },
      (error) => {
        this.loading = null;
        this.loadError = this.tr.t('widget.loadError', { error: error.message });
        this.render();
      },
    );
  }

  disconnectedCallback() {
    this.countView?.stop();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.doc) return;
    if (name === 'lang') {
      this.updateLanguage();
    } else if (name === 'rules' || name === 'komi') {
      this.applySettings();
    } else if (name === 'size' || name === 'position') {
      this.reset();
    } else {
      this.render();
    }
  }

  /** The current mode's name (unknown values read as `score`). */
  get mode() {
    const mode = this.getAttribute('mode');
    return mode in MODES ? mode : 'score';
  }
  set mode(value) {
    this.setAttribute('mode', value);
  }

  /** The last score (a ScoreResult), or null before the first or when the position has none. */
  get result() {
    return this.controller.result;
  }

  /** The document shown, or null before the element was first connected. */
  get doc() {
    return this.started ? this.controller.doc : null;
  }

  /** The controller, set as the attributes and the modules say. */
  sync() {
    const { controller } = this;
    controller.mode = this.mode;
    controller.suggesting = this.suggesting;
    controller.api = this.moduleReady ? API : null;
    controller.line = modules.line;
    return controller;
  }

  /** Whether clicks and the toolbar act. */
  get interactive() {
    return !this.readOnly && MODES[this.mode].acts;
  }

  // The controller's host: it reports here.
  changed() {
    this.notice = '';
    this.render();
  }

  refused(message) {
    this.notice = message;
    this.render();
  }

  /**
   * What `scoreBoard` takes for the position shown, dead marks included (and the suggested
   * dead stones while they wait, as the score shown counts them).
   */
  scoreInput() {
    return this.doc ? scoreInput(this.sync().scoredDoc()) : null;
  }

  /** Whether Score mode suggests dead stones (the `suggest` attribute is not `off`). */
  get suggesting() {
    return this.getAttribute('suggest')?.trim().toLowerCase() !== 'off';
  }

  /** The suggested dead stones shown and not yet accepted, as vertices `[x, y]`. */
  get suggestions() {
    return this.doc ? vertices(this.doc, this.sync().pending()) : [];
  }

  /** Makes the suggested dead stones dead marks (one undo step); false when there were none. */
  acceptSuggestions() {
    if (this.readOnly || !this.doc) return false;
    const fromButton = this.shadowRoot.activeElement === this.buttons.accept;
    if (!this.sync().accept()) return false;
    // The button goes away with the suggestions: keep a keyboard user on the board.
    if (fromButton) this.goban.svg.focus();
    return true;
  }

  get readOnly() {
    return this.hasAttribute('readonly');
  }

  /**
   * Rules and komi from the attributes (komi: the ruleset's default when absent). The
   * rulesets and their komi are the library's: until the module is loaded (nothing is
   * scored then, and the position is read again once it is) the rules are not checked
   * and a komi not given stays null.
   */
  settings(fallback = {}) {
    const rulesText = this.getAttribute('rules');
    const rules = rulesText ?? fallback.rules ?? 'japanese';
    if (this.moduleReady) {
      const names = rulesets().map(({ name }) => name);
      if (!names.includes(rules)) throw new Error(`rules "${rules}" is not one of ${names.join(', ')}`);
    }
    const komiText = this.getAttribute('komi');
    let komi = komiText === null || komiText.trim() === '' ? null : Number(komiText);
    if (komi !== null && !Number.isFinite(komi)) throw new Error(`komi "${komiText}" is not a number`);
    komi ??= rulesText === null && fallback.komi !== undefined ? fallback.komi : this.moduleReady ? defaultKomi(rules) : null;
    return { rules, komi };
  }

  /** Rebuilds the position from the attributes; on a bad attribute, shows why. */
  reset() {
    this.attributeError = '';
    // Read with the modules it needs (rules checked, komi known), or to be read again.
    this.readWithModules = this.moduleReady;
    let read;
    try {
      read = this.readPosition();
    } catch (error) {
      this.attributeError = error.message;
      read = { doc: emptyDoc(19), server: null };
    }
    this.controller.reset(read.doc);
    this.controller.server = read.server;
    this.started = true;
    this.render();
  }

  /** The position the attributes give, as `{ doc, server }` (`server`: a record's server, else null). */
  readPosition() {
    const position = (this.getAttribute('position') ?? '').trim();
    const sizeText = this.getAttribute('size');
    const size = sizeText ? parseSize(sizeText) : null;
    if (position.startsWith('(')) {
      if (!this.moduleReady) return { doc: emptyDoc(size?.width ?? 19, size?.height), server: null };
      // The record at its end, with its moves: play goes on from there (line.js).
      const { doc, server } = modules.line.openRecord(API, position);
      return { doc: withChanges(doc, this.settings({ rules: doc.rules, komi: doc.komi })), server };
    }
    const { rules, komi } = this.settings();
    // The core reads a diagram: until it is loaded, an empty board (read again then).
    if (!position || !modules.coreReady) {
      return { doc: emptyDoc(size?.width ?? 19, size?.height ?? size?.width ?? 19, rules, komi), server: null };
    }
    let rows;
    try {
      rows = parseRows(position);
    } catch (error) {
      throw new Error(`position: ${error.message}`);
    }
    if (size && (size.width !== rows.width || size.height !== rows.height)) {
      throw new Error(`position is ${rows.width}×${rows.height} but size is ${size.width}×${size.height}`);
    }
    const doc = emptyDoc(rows.width, rows.height, rules, komi);
    return { doc: withChanges(doc, { stones: rows.stones, dead: normalizeDead(doc, rows.stones, rows.dead) }), server: null };
  }

  applySettings() {
    try {
      this.attributeError = '';
      this.controller.doc = withChanges(this.doc, this.settings());
    } catch (error) {
      this.attributeError = error.message;
    }
    this.render();
  }

  /** A click on point `p` (shift-click: one chain only); nothing acts until the module is loaded. */
  act(p, event) {
    if (!this.interactive || !this.doc || !this.moduleReady) return;
    this.sync().act(p, Boolean(event?.shiftKey));
  }

  onButton(name) {
    const spec = BUTTONS[name];
    const controller = this.sync();
    if (spec.tool) {
      controller.setTool(spec.tool);
    } else if (name === 'clear') {
      controller.clear();
    } else if (name === 'pass') {
      // The engine passes; until the module is loaded there is none (as for clicks, `act`).
      if (this.moduleReady) controller.pass();
    } else if (name === 'accept') {
      this.acceptSuggestions();
    } else if (name === 'undo') {
      controller.undo();
    }
  }

  render() {
    if (!this.doc) return;
    // A new mode or position may need the full module: ask for it (once; not after a failure).
    if (!this.loadError) this.loadModules();
    const modeName = this.mode;
    const spec = MODES[modeName];
    const { interactive } = this;
    const tr = this.tr;
    const reason = this.loadError || (this.attributeError && tr.t('widget.attributeError', { error: this.attributeError }));
    const controller = this.sync();
    const { doc, result, classification, serverCount, suggested: pending, error, view } = controller.render({
      classify: Boolean(spec.render || spec.board), error: reason || null,
    });
    this.shadowRoot.firstChild.classList.toggle('interactive', interactive);
    this.goban.svg.setAttribute('tabindex', interactive ? '0' : '-1');
    let shown = {
      doc,
      view: { ...view, mode: spec.goban, coords: this.coordinatesShown, targetsAt: interactive ? view.targetsAt : null },
    };
    if (spec.board) shown = spec.board(this, { ...shown, result, classification });
    this.goban.render(shown.doc, shown.view);
    this.goban.svg.toggleAttribute('hidden', Boolean(spec.ownBoard));
    if (!spec.ownBoard) this.countView?.stop();
    this.modeArea.hidden = !spec.render;
    if (spec.render) spec.render(this, this.modeArea, { doc, result, classification });
    else this.modeArea.replaceChildren();
    this.bar.hidden = !interactive;
    for (const [name, button] of Object.entries(this.buttons)) {
      button.hidden = !interactive || !spec.buttons.includes(name) || (name === 'accept' && !pending.length);
      if (BUTTONS[name].tool) button.setAttribute('aria-pressed', String(controller.tool === BUTTONS[name].tool));
    }
    this.buttons.undo.disabled = !controller.history.canUndo;
    const toPlay = modeName === 'play' ? tr.t('toPlay', { side: doc.toPlay }) : '';
    this.status.textContent = interactive ? this.notice || toPlay : '';
    this.panel.hidden = !spec.panel && !error;
    this.renderPanel(result, error, doc, pending.length, interactive, serverCount);
    this.emit(result);
  }

  renderPanel(result, error, doc, suggested, interactive, serverCount = null) {
    this.errorLine.hidden = !error;
    const tr = this.tr;
    this.errorLine.textContent = error ? tr.t('panel.cannotScore', { error }) : '';
    // A score that counts suggested dead stones says so until they are accepted.
    const prefix = Boolean(result && suggested);
    this.panel.classList.toggle('suggested', prefix);
    this.noteLine.hidden = !prefix;
    this.noteLine.textContent = prefix ? suggestedNote(suggested, interactive, tr) : '';
    this.table.hidden = !result;
    this.details.hidden = !result;
    this.serverLine.hidden = !(result && serverCount);
    this.serverLine.textContent = result && serverCount ? serverSentence(result, serverCount, doc, tr) : '';
    if (!result) {
      for (const cell of this.cells.values()) cell.textContent = '–';
      this.resultLine.textContent = tr.t(error ? 'widget.noScore' : 'panel.loading');
      this.differenceList.replaceChildren();
      return;
    }
    const sentence = resultSentence(result, tr);
    this.resultLine.textContent = prefix ? tr.t('panel.suggested', { text: sentence }) : sentence;
    for (const method of ['territory', 'area']) {
      this.heads[method].classList.toggle('official', result.method === method);
      this.heads[method].title = result.method === method ? tr.t('widget.officialTitle') : '';
      for (const side of ['black', 'white']) {
        for (const row of PANEL_ROWS) this.cells.get(`${method}.${side}.${row}`).textContent = tr.number(result[method][side][row]);
      }
    }
    for (const [row, tr] of this.rows) {
      const used = row === 'total' || ['territory', 'area'].some((m) => ['black', 'white'].some((s) => result[m][s][row] !== 0));
      tr.classList.toggle('unused', !used);
    }
    this.differenceList.replaceChildren(...differenceLines(result, doc, tr).map((line) => make('li', {}, null, line)));
  }

  /** Fires `score-change` when the score differs from the last one fired. */
  emit(result) {
    if (!result) return;
    const key = JSON.stringify(result);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.dispatchEvent(new CustomEvent('score-change', { detail: result, bubbles: true, composed: true }));
  }
}

let watching = false;
/**
 * One observer for the whole document: a `lang` attribute changed anywhere (the page's
 * `<html>`, a section around a widget) makes every connected widget look its language up
 * again. Changes inside other shadow roots are not seen; a widget's own `lang` always is.
 */
function watchLanguages() {
  if (watching || typeof MutationObserver !== 'function') return;
  watching = true;
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('go-score')) if (element instanceof GoScoreElement) element.updateLanguage();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
}

if (!customElements.get('go-score')) customElements.define('go-score', GoScoreElement);
