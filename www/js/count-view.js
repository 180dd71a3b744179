// The teaching view: how a finished game is counted, step by step, by Japanese, Ing and
// Chinese counting, and why area and territory margins differ. Used by the page (main.js)
// and by the `<go-score mode="count">` widget. The steps are the library's
// `countingSteps`; this module only draws them (goban.js plus an overlay) and puts them
// into words (count-words.js). DOM calls and textContent only: it runs under a strict CSP.

import { Goban, appendItems, el as svgEl, make } from './goban.js';
import { SVG_NS, countItems, diagramSvg } from './diagram.js';
import { ENGLISH } from './i18n.js';
import { captionLines, differenceLines } from './panel.js';
import {
  DIFFERENCE_TERMS, METHODS, TALLY_ROWS, countNumber, methodTab, methodTitle, stepTitle, stepWords, termNote, whyIntro,
} from './count-words.js';

/** Milliseconds between steps while playing. */
const PLAY_INTERVAL = 1600;
let serial = 0;

/** The view's own rules; the page and the widget adopt this sheet (no inline styles). */
export const COUNT_CSS = `
.count-view { display: block; max-width: 40rem; }
.count-view:focus { outline: none; }
.count-view:focus-visible { outline: 3px solid var(--focus, #1f5fbf); outline-offset: 3px; border-radius: 6px; }
.count-tabs { display: grid; grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr)); gap: 0.25rem; margin: 0 0 0.5rem; }
.count-tabs button { min-width: 0; }
.count-tabs button[aria-selected=true] { background: var(--accent, #1f5fbf); border-color: var(--accent, #1f5fbf);
  color: var(--accent-fg, var(--go-score-accent-fg, #fff)); }
.count-board { display: block; width: 100%; height: auto; border-radius: 4px; box-shadow: 0 2px 8px rgb(0 0 0 / 0.22); }
.count-board .wood { fill: url(#count-wood-__ID__); }
.count-board .stone-black { fill: var(--go-score-black, url(#count-stone-black-__ID__)); }
.count-board .stone-white { fill: var(--go-score-white, url(#count-stone-white-__ID__)); }
.count-shade-black { fill: rgb(0 0 0 / 0.3); }
.count-shade-white { fill: rgb(255 255 255 / 0.62); }
.count-block { fill: none; stroke: #b3261e; stroke-width: 0.07; stroke-dasharray: 0.22 0.1; }
.count-block-label { font: 700 0.5px system-ui, sans-serif; fill: #b3261e; stroke: #fff8ea; stroke-width: 0.12px;
  paint-order: stroke; text-anchor: middle; dominant-baseline: central; }
.count-changed { fill: none; stroke: #e07b00; stroke-width: 0.09; }
.count-focus { fill: none; stroke: #1c5fa8; stroke-width: 0.08; stroke-dasharray: 0.14 0.08; }
.count-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; margin: 0.5rem 0 0.25rem; }
.count-controls button { min-width: 2.6rem; }
.count-controls[hidden], .count-tally[hidden], .count-result[hidden], .count-why[hidden], .count-steps-part[hidden],
  .count-error[hidden], .count-board[hidden] { display: none; }
.count-position { color: var(--muted, #5c5a55); font-variant-numeric: tabular-nums; margin-left: auto; }
.count-title { font-size: 1.05rem; margin: 0.35rem 0 0.25rem; }
.count-words p, .count-why p { margin: 0.25rem 0; }
.count-tally { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 0.4rem 0; min-width: 14rem; }
.count-tally th, .count-tally td { padding: 0.12rem 0.55rem; text-align: right; }
.count-tally thead th { border-bottom: 1px solid var(--border, #d8d3c8); }
.count-tally tbody th { text-align: left; font-weight: normal; color: var(--muted, #5c5a55); }
.count-tally tr.count-total th, .count-tally tr.count-total td { font-weight: 700; border-top: 1px solid var(--border, #d8d3c8); }
.count-tally td.count-moved { background: rgb(224 123 0 / 0.18); }
.count-result { font-weight: 600; border-left: 4px solid var(--accent, #1f5fbf); padding: 0.2rem 0.5rem; margin: 0.4rem 0; }
.count-result span { display: inline-block; margin-right: 1rem; }
.count-keys { color: var(--muted, #5c5a55); font-size: 0.85em; margin: 0.3rem 0 0; }
.count-keys[hidden] { display: none; }
@media (pointer: coarse) { .count-keys { display: none; } }
.count-error { color: var(--error-fg, var(--go-score-error, #8a1c12)); }
.count-why ul { margin: 0.3rem 0; padding-left: 1.2rem; }
.count-terms { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 0.4rem 0; width: 100%; }
.count-terms th, .count-terms td { padding: 0.15rem 0.4rem; text-align: left; vertical-align: top; border-bottom: 1px solid var(--border, #d8d3c8); }
.count-terms td.count-term-value { text-align: right; font-weight: 700; white-space: nowrap; }
.count-terms tr.count-total th, .count-terms tr.count-total td { border-bottom: none; border-top: 2px solid var(--border, #d8d3c8); }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; border: 0; }
`;

const sheets = new Map();
/** The view's stylesheet for the view with id `id` (its gradients have ids of their own). */
export function countStyleSheet(id) {
  if (!sheets.has(id)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(COUNT_CSS.replaceAll('__ID__', id));
    sheets.set(id, sheet);
  }
  return sheets.get(id);
}

/**
 * The view inside `root`. `api` gives `countingSteps`, `scoreBoard` and (optionally)
 * `classifyRegions`; `options.coords` draws coordinates, `options.tr` is the translator
 * (`setTranslator` changes it). Call `show(input, method)` with a ScoreInput; nothing is
 * computed before that.
 */
export class CountView {
  constructor(root, api, options = {}) {
    this.api = api;
    this.options = options;
    this.tr = options.tr ?? ENGLISH;
    this.id = `v${++serial}`;
    this.input = null;
    this.inputKey = '';
    this.method = 'japanese';
    this.requested = null;
    this.countings = new Map();
    this.index = 0;
    this.timer = null;
    this.root = root;
    this.build();
  }

  /** The sheet this view's markup needs (the host adopts it: the document or a shadow root). */
  get styleSheet() {
    return countStyleSheet(this.id);
  }

  build() {
    const view = make('div', { class: 'count-view', role: 'group', tabindex: '0' }, this.root);
    this.view = view;
    this.tabs = make('div', { class: 'count-tabs', role: 'tablist' }, view);
    this.tabButtons = new Map();
    const panelId = `count-panel-${this.id}`;
    for (const method of METHODS) {
      const button = make('button', {
        type: 'button', role: 'tab', id: `count-tab-${this.id}-${method}`, 'aria-selected': 'false',
        'aria-controls': panelId, 'data-method': method, tabindex: '-1',
      }, this.tabs);
      button.addEventListener('click', () => this.setMethod(method));
      this.tabButtons.set(method, button);
    }
    const panel = make('div', { class: 'count-panel', role: 'tabpanel', id: panelId }, view);
    this.panel = panel;
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('class', 'goban count-board');
    svg.setAttribute('role', 'img');
    svg.setAttribute('tabindex', '-1');
    panel.appendChild(svg);
    this.goban = new Goban(svg, { onAct: () => {}, onShortcut: () => false, tr: this.tr });
    // Gradients of its own: a board elsewhere in the document may be hidden, and a hidden
    // gradient paints nothing.
    for (const gradient of svg.querySelectorAll('defs [id]')) gradient.id = `count-${gradient.id.replace('goban-', '')}-${this.id}`;
    this.shadeLayer = document.createElementNS(SVG_NS, 'g');
    this.shadeLayer.setAttribute('class', 'count-shade');
    svg.insertBefore(this.shadeLayer, this.goban.layers.grid);
    this.overlay = svgEl('g', { class: 'count-overlay' }, svg);

    const controls = make('div', { class: 'count-controls', role: 'group' }, panel);
    this.controls = controls;
    this.buttons = {};
    for (const name of ['first', 'back', 'play', 'forward', 'last']) {
      const button = make('button', { type: 'button', 'data-step': name }, controls);
      button.addEventListener('click', () => this.onButton(name));
      this.buttons[name] = button;
    }
    this.position = make('span', { class: 'count-position' }, controls);
    this.title = make('h3', { class: 'count-title' }, panel);
    this.words = make('div', { class: 'count-words' }, panel);
    this.result = make('p', { class: 'count-result', hidden: '' }, panel);
    this.resultCount = make('span', { 'data-count': 'result' }, this.result);
    this.resultScore = make('span', { 'data-count': 'score-result' }, this.result);
    this.tally = make('table', { class: 'count-tally' }, panel);
    this.tallyCaption = make('caption', { class: 'visually-hidden' }, this.tally);
    const head = make('tr', {}, make('thead', {}, this.tally));
    this.tallyHeads = ['countView.atStep', 'side.black', 'side.white'].map((key) => [make('th', { scope: 'col' }, head), key]);
    this.tallyBody = make('tbody', {}, this.tally);
    this.keys = make('p', { class: 'count-keys' }, panel);
    this.why = make('div', { class: 'count-why', hidden: '' }, panel);
    this.error = make('p', { class: 'count-error', role: 'alert', hidden: '' }, panel);
    this.live = make('p', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' }, view);
    this.localize();

    view.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Labels that do not depend on the position, in the translator's language. */
  localize() {
    const t = (key) => this.tr.t(key);
    this.view.setAttribute('aria-label', t('countView.label'));
    this.tabs.setAttribute('aria-label', t('countView.tabs'));
    for (const [method, button] of this.tabButtons) button.textContent = methodTab(method, this.tr);
    this.controls.setAttribute('aria-label', t('countView.steps'));
    // [name, text, accessible name (it starts with the visible word), title]
    const specs = {
      first: ['«', t('countView.first'), t('countView.firstTitle')],
      back: [t('countView.back'), t('countView.backLabel'), t('countView.backTitle')],
      play: [t(this.timer ? 'countView.pause' : 'countView.play'), null, t('countView.playTitle')],
      forward: [t('countView.next'), t('countView.nextLabel'), t('countView.nextTitle')],
      last: ['»', t('countView.last'), t('countView.lastTitle')],
    };
    for (const [name, [text, label, title]] of Object.entries(specs)) {
      const button = this.buttons[name];
      button.textContent = text;
      button.title = title;
      if (label) button.setAttribute('aria-label', label);
    }
    this.tallyCaption.textContent = t('countView.tallyCaption');
    for (const [th, key] of this.tallyHeads) th.textContent = t(key);
    this.keys.textContent = t('countView.keys');
  }

  /** Shows everything in the language of `tr` (a Translator), at the same step. */
  setTranslator(tr) {
    if (tr === this.tr) return;
    this.tr = tr;
    this.goban.tr = tr;
    this.localize();
    this.render(false);
  }

  /**
   * Shows the count of `input` (a ScoreInput), on tab `method` (`japanese`, `ing`,
   * `chinese` or `why`; default: the count the input's rules use). Keeps the step when
   * the input and method are unchanged.
   */
  show(input, method = null) {
    const key = JSON.stringify(input);
    const requested = METHODS.includes(method) ? method : null;
    const changed = key !== this.inputKey;
    if (changed) {
      this.stop();
      this.input = input;
      this.inputKey = key;
      this.countings.clear();
      this.score = null;
      this.ingScore = null;
      this.scoreError = '';
      try {
        this.score = this.api.scoreBoard(input);
      } catch (error) {
        this.scoreError = error instanceof Error ? error.message : String(error);
      }
    }
    // A tab the user picked stays picked until the position or the requested method changes.
    if (changed || requested !== this.requested) {
      this.requested = requested;
      this.setMethod(requested ?? this.defaultMethod(), false);
    }
  }

  /** Draws coordinates around the board or not. */
  setCoords(coords) {
    if (Boolean(this.options.coords) === Boolean(coords)) return;
    this.options.coords = coords;
    this.render(false);
  }

  /** Stops playing (e.g. when the view is hidden). */
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.buttons.play.textContent = this.tr.t('countView.play');
  }

  /**
   * The count the rules use, as the library picks it (`countingSteps` without a method),
   * kept as that method's counting; the first tab when the position cannot be counted.
   */
  defaultMethod() {
    let counting;
    try {
      counting = this.api.countingSteps(this.input);
    } catch {
      return METHODS[0];
    }
    this.countings.set(counting.method, counting);
    return counting.method;
  }

  /** The counting for `method` (computed once per input), or throws the library's error. */
  counting(method) {
    if (!this.countings.has(method)) {
      let value;
      try {
        if (typeof this.api.countingSteps !== 'function') throw new Error('this build of the library has no countingSteps');
        value = this.api.countingSteps({ ...this.input, method });
      } catch (error) {
        value = { error: error instanceof Error ? error.message : String(error) };
      }
      this.countings.set(method, value);
    }
    return this.countings.get(method);
  }

  setMethod(method, announce = true) {
    this.stop();
    this.method = method;
    this.index = 0;
    for (const [name, button] of this.tabButtons) {
      const selected = name === method;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
    }
    this.panel.setAttribute('aria-labelledby', this.tabButtons.get(method).id);
    this.view.dataset.method = method;
    this.render(announce);
  }

  onButton(name) {
    const steps = this.stepCount();
    if (name === 'play') {
      if (this.timer) this.stop();
      else this.play();
      return;
    }
    this.stop();
    const target = { first: 0, back: this.index - 1, forward: this.index + 1, last: steps - 1 }[name];
    this.go(target);
  }

  play() {
    if (this.stepCount() < 2) return;
    if (this.index >= this.stepCount() - 1) this.go(0);
    this.buttons.play.textContent = this.tr.t('countView.pause');
    this.timer = setInterval(() => {
      this.go(this.index + 1);
      if (this.index >= this.stepCount() - 1) this.stop();
    }, PLAY_INTERVAL);
  }

  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const onTab = event.target.getAttribute?.('role') === 'tab';
    if (onTab && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      const names = METHODS;
      const next = names[(names.indexOf(this.method) + (event.key === 'ArrowRight' ? 1 : names.length - 1)) % names.length];
      this.setMethod(next);
      this.tabButtons.get(next).focus();
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft' || event.key === 'Home' || event.key === 'End') {
      if (this.method === 'why') return;
      this.stop();
      const last = this.stepCount() - 1;
      this.go({ ArrowRight: this.index + 1, ArrowLeft: this.index - 1, Home: 0, End: last }[event.key]);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  stepCount() {
    const counting = this.method === 'why' ? null : this.counting(this.method);
    return counting?.steps?.length ?? 0;
  }

  go(index) {
    const last = this.stepCount() - 1;
    const target = Math.max(0, Math.min(last, index));
    if (target === this.index) return;
    this.index = target;
    this.render(true);
  }

  render(announce) {
    this.error.hidden = true;
    if (!this.input) return;
    const coords = Boolean(this.options.coords);
    if (this.method === 'why') {
      this.renderWhy(coords);
      if (announce) this.say(methodTitle('why', this.tr));
      return;
    }
    this.why.hidden = true;
    const counting = this.counting(this.method);
    for (const node of [this.controls, this.tally, this.words, this.title, this.keys]) node.hidden = false;
    if (counting.error) {
      this.showError(this.tr.t('countView.cannotShow', { method: methodTitle(this.method, this.tr), error: counting.error }));
      return;
    }
    const step = counting.steps[this.index];
    const last = counting.steps.length - 1;
    this.view.dataset.step = String(this.index);
    this.view.dataset.kind = step.kind;
    this.view.dataset.steps = String(counting.steps.length);
    this.drawStep(counting, step, coords);
    this.buttons.first.disabled = this.index === 0;
    this.buttons.back.disabled = this.index === 0;
    this.buttons.forward.disabled = this.index === last;
    this.buttons.last.disabled = this.index === last;
    this.buttons.play.disabled = last < 1;
    this.keepFocus();
    const tr = this.tr;
    this.position.textContent = tr.t('countView.position', { n: this.index + 1, total: counting.steps.length });
    this.title.textContent = tr.t('countView.title', { n: this.index + 1, title: stepTitle(step.kind, tr) });
    const compare = this.compare(counting);
    const lines = stepWords(counting, this.index, compare, tr);
    this.words.replaceChildren(...lines.map((line) => make('p', {}, null, line)));
    this.renderTally(counting, step);
    const atResult = step.kind === 'result';
    this.result.hidden = !atResult;
    if (atResult) {
      this.resultCount.textContent = tr.t('countView.thisCount', { result: counting.result, margin: counting.margin });
      this.resultCount.dataset.margin = String(counting.margin);
      this.resultCount.dataset.result = counting.result;
      this.resultScore.textContent = compare ? tr.t('countView.score', { label: compare.label, result: compare.result, margin: compare.margin }) : '';
      if (compare) {
        this.resultScore.dataset.margin = String(compare.margin);
        this.resultScore.dataset.result = compare.result;
      }
    }
    if (announce) {
      this.say(tr.t('countView.announce', {
        method: methodTitle(this.method, tr), n: this.index + 1, total: counting.steps.length, title: stepTitle(step.kind, tr), words: tr.sentences(lines),
      }));
    }
  }

  /** A disabled button loses focus; keep it in the view for keyboard users. */
  keepFocus() {
    const active = this.root.getRootNode().activeElement;
    if (active && Object.values(this.buttons).includes(active) && active.disabled) this.view.focus();
  }

  showError(text) {
    for (const node of [this.controls, this.tally, this.words, this.result, this.title]) node.hidden = true;
    this.error.textContent = text;
    this.error.hidden = false;
  }

  say(text) {
    this.live.textContent = text;
  }

  /** scoreBoard's figures this method's count must reach. */
  compare(counting) {
    if (!this.score) return null;
    if (counting.method === 'japanese') return pick(this.tr.t('compare.territory'), this.score.territory);
    if (counting.method === 'chinese') return pick(this.tr.t('compare.area'), this.score.area);
    if (!this.ingScore) {
      try {
        this.ingScore = this.api.scoreBoard({ ...this.input, rules: 'ing' });
      } catch {
        return null;
      }
    }
    return pick(this.tr.t('compare.ing'), this.ingScore.area, this.ingScore.margin, this.ingScore.result);
  }

  drawStep(counting, step, coords) {
    const { width, height } = counting;
    const stones = step.board.flat();
    // Before the dead stones come off, they are crossed as on the scoring board.
    const dead = step.kind === 'start' ? (this.input.dead ?? []).map(([x, y]) => y * width + x).filter((p) => stones[p]) : [];
    const doc = { width, height, stones, dead, lastMove: -1, toPlay: 'black' };
    this.goban.render(doc, { mode: 'view', coords, classification: null, lastMove: -1 });
    this.goban.svg.removeAttribute('hidden');
    const count = countItems(step);
    this.countDrawing = count;
    this.shadeLayer.replaceChildren();
    appendItems(this.shadeLayer, count.shade);
    this.overlay.replaceChildren();
    appendItems(this.overlay, count.overlay);
    const tr = this.tr;
    const parts = [this.goban.describe(), tr.t('board.countShade', count.shaded)];
    if (count.blocks) parts.push(tr.t('board.countBlocks', { n: count.blocks }));
    if (count.changed) parts.push(tr.t('board.countChanged', { n: count.changed }));
    this.goban.svg.setAttribute('aria-label', tr.sentences(parts));
  }

  /** The position itself with its dead marks, territory, seki and false eyes (the "why" tab). */
  drawPosition(classification, coords) {
    const { board, dead = [] } = this.input;
    const width = board[0].length;
    const doc = { width, height: board.length, stones: board.flat(), dead: dead.map(([x, y]) => y * width + x), lastMove: -1, toPlay: 'black' };
    this.goban.render(doc, { mode: 'score', coords, classification, lastMove: -1 });
    this.goban.svg.removeAttribute('hidden');
    this.countDrawing = null;
    this.shadeLayer.replaceChildren();
    this.overlay.replaceChildren();
  }

  renderTally(counting, step) {
    const tr = this.tr;
    const rows = TALLY_ROWS[counting.method] ?? TALLY_ROWS.japanese;
    const before = counting.steps[this.index - 1];
    const used = rows.filter(([field]) => field === 'total' || counting.steps.some((s) => s.black[field] || s.white[field]));
    this.tallyBody.replaceChildren(...used.map(([field, label]) => {
      const row = make('tr', { class: field === 'total' ? 'count-total' : '' });
      make('th', { scope: 'row' }, row, tr.t(label));
      for (const side of ['black', 'white']) {
        const td = make('td', { 'data-count': `${side}.${field}` }, row, countNumber(step[side][field], tr));
        if (before && before[side][field] !== step[side][field]) td.classList.add('count-moved');
      }
      return row;
    }));
  }

  renderWhy(coords) {
    for (const node of [this.controls, this.tally, this.result, this.keys]) node.hidden = true;
    this.title.hidden = false;
    this.words.hidden = true;
    const tr = this.tr;
    this.title.textContent = methodTitle('why', tr);
    delete this.view.dataset.step;
    delete this.view.dataset.kind;
    delete this.view.dataset.steps;
    if (!this.score) {
      this.showError(tr.t('panel.cannotScore', { error: this.scoreError }));
      this.title.hidden = false;
      return;
    }
    const score = this.score;
    let features = null;
    let classification = null;
    if (typeof this.api.classifyRegions === 'function') {
      try {
        classification = this.api.classifyRegions(this.input);
        features = { seki: 0, falseEyes: 0, dame: 0 };
        for (const region of classification.regions) {
          if (region.kind === 'seki') features.seki += region.points.length;
          if (region.kind === 'dame' || region.kind === 'neutral') features.dame += region.points.length;
          features.falseEyes += region.falseEyes.length;
        }
      } catch {
        features = null;
      }
    }
    this.drawPosition(classification, coords);
    const parts = whyIntro(score, features, tr).map((line) => make('p', {}, null, line));
    const table = make('table', { class: 'count-terms' });
    make('caption', { class: 'visually-hidden' }, table, tr.t('countView.termsCaption'));
    const head = make('tr', {}, make('thead', {}, table));
    for (const key of ['countView.term', 'countView.inThisGame', 'countView.forBlack']) make('th', { scope: 'col' }, head, tr.t(key));
    const body = make('tbody', {}, table);
    for (const [key, label] of DIFFERENCE_TERMS) {
      const value = score.difference[key];
      if (value === undefined) continue;
      if ((key === 'compensation' || key === 'passStones') && !value) continue;
      const row = make('tr', { class: key === 'total' ? 'count-total' : '' }, body);
      make('th', { scope: 'row' }, row, tr.t(label));
      make('td', {}, row, termNote(key, score, this.input, tr));
      make('td', { class: 'count-term-value', 'data-term': key }, row, tr.signed(value));
    }
    parts.push(table);
    const list = make('ul', {});
    for (const line of differenceLines(score, { handicap: this.input.handicap ?? 0 }, tr)) make('li', {}, list, line);
    parts.push(list);
    this.why.replaceChildren(...parts);
    this.why.hidden = false;
  }

  /**
   * The step shown (or the "why" tab's position) as a picture: `{ svg, width, height }`
   * (diagram.js `diagramSvg`), captioned with the method, the step and both sides' count
   * (on the "why" tab: the result and both counts). `coords` overrides the view's.
   */
  toSVG({ coords = Boolean(this.options.coords), caption = true } = {}) {
    if (!this.input) throw new Error('nothing is shown yet');
    const tr = this.tr;
    const lines = [];
    if (this.method === 'why') {
      if (this.score) lines.push(...captionLines(this.score, false, tr));
    } else {
      const counting = this.counting(this.method);
      if (counting.error) throw new Error(counting.error);
      const step = counting.steps[this.index];
      lines.push(tr.t('caption.step', { method: methodTitle(this.method, tr), n: this.index + 1, total: counting.steps.length, title: stepTitle(step.kind, tr) }));
      lines.push(tr.t('caption.tally', { black: step.black.total, white: step.white.total }));
    }
    const drawing = this.goban.drawing({ coords, count: this.countDrawing });
    return diagramSvg(drawing, { caption: caption ? lines : [], lang: tr.lang, title: lines.join(' ') });
  }
}

function pick(label, part, margin = part.margin, result = part.result) {
  return { label, total: { black: part.black.total, white: part.white.total }, margin, result };
}
