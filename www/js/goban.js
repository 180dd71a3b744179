// The SVG goban: wood, lines, star points, coordinates, shaded stones, a hover ghost, a
// keyboard cursor and the scoring overlay. One unit of the viewBox is one line spacing.
// Everything is built with DOM calls (no markup strings), so it runs under a strict CSP.

import { ENGLISH } from './i18n.js';
import {
  STONE_RADIUS, SVG_NS, boardDrawing, columnLabel, geometryItems, lastMoveItem, overlayItems, pointName, stoneClass, stoneItem,
} from './diagram.js';

export { columnLabel, pointName };

// The drawing's rules, for every board goban.js draws: every colour a custom property
// (a page's theme, the widget's --go-score-* properties) or a default. In a cascade layer,
// so that the page's own rules (print) always win over them.
const GOBAN_CSS = `@layer goban {
.wood-light { stop-color: var(--wood-light); }
.wood-mid { stop-color: var(--wood-mid); }
.wood-dark { stop-color: var(--wood-dark); }
.wood { fill: url(#goban-wood); }
.grid-lines { stroke: var(--line); stroke-width: 0.035; fill: none; stroke-linecap: square; }
.grid-edge { stroke: var(--line); stroke-width: 0.06; fill: none; }
.star { fill: var(--line); }
.coord { fill: var(--coord); font-size: 0.42px; font-family: system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.stone-black { fill: var(--go-score-black, url(#stone-black)); }
.stone-white { fill: var(--go-score-white, url(#stone-white)); stroke: #8b877c; stroke-width: 0.02; }
.stone.dead { opacity: 0.42; }
.ghost { pointer-events: none; opacity: 0.45; }
.ghost-black { fill: #111; }
.ghost-white { fill: #fff; }
.last-move { fill: none; stroke-width: 0.06; }
.last-move.on-black { stroke: #f2f2f2; }
.last-move.on-white { stroke: #222; }
.target { fill: none; stroke: #e2572b; stroke-width: 0.07; stroke-dasharray: 0.12 0.08; pointer-events: none; }
.cursor { fill: none; stroke: var(--focus); stroke-width: 0.07; pointer-events: none; }
.territory { stroke-width: 0.025; }
.territory-black { fill: #111; stroke: #000; }
.territory-white { fill: #fafafa; stroke: #555; }
.dead-cross { fill: none; stroke: var(--go-score-dead, #c0392b); stroke-width: 0.07; stroke-linecap: round; }
.stone.suggested { opacity: 0.72; }
.suggested-mark { fill: none; stroke-width: 0.085; stroke-dasharray: 0.14 0.075; }
.suggested-mark.on-black { stroke: var(--go-score-suggested-on-black, #f0c4ff); }
.suggested-mark.on-white { stroke: var(--go-score-suggested-on-white, #7a1fa2); }
.sealing-point { fill: none; stroke: #b35c00; stroke-width: 0.05; stroke-linejoin: round; }
.dame-point { fill: #7d7d86; stroke: #f4ecdc; stroke-width: 0.025; }
.seki-point { fill: none; stroke: #1c5fa8; stroke-width: 0.045; }
.false-eye { fill: none; stroke: #b8261a; stroke-width: 0.06; }
.server-point { fill: none; stroke: #0b7a75; stroke-width: 0.06; stroke-dasharray: 0.1 0.06; }
}
`;

let gobanSheet = null;
/** The goban's stylesheet, one for the page and every widget (a constructable sheet, allowed
 *  under `style-src 'self'`); adopt it where a goban is drawn. */
export function gobanStyleSheet() {
  if (!gobanSheet) {
    gobanSheet = new CSSStyleSheet();
    gobanSheet.replaceSync(GOBAN_CSS);
  }
  return gobanSheet;
}

/** An SVG element with attributes, appended to `parent`. */
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** A DOM element with attributes and text, appended to `parent`. */
export function make(tag, attrs = {}, parent = null, text = '') {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  parent?.appendChild(node);
  return node;
}

/** Appends the items of a drawing (diagram.js) to `parent` as SVG nodes. */
export function appendItems(parent, items) {
  for (const { tag, attrs, text } of items) {
    const node = el(tag, attrs, parent);
    if (text !== undefined) node.textContent = text;
  }
}

function addDefs(svg) {
  const defs = el('defs', {}, svg);
  const wood = el('linearGradient', { id: 'goban-wood', x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
  el('stop', { offset: '0', class: 'wood-light' }, wood);
  el('stop', { offset: '0.55', class: 'wood-mid' }, wood);
  el('stop', { offset: '1', class: 'wood-dark' }, wood);
  const black = el('radialGradient', { id: 'stone-black', cx: 0.35, cy: 0.3, r: 0.75 }, defs);
  el('stop', { offset: '0', 'stop-color': '#6b6b6b' }, black);
  el('stop', { offset: '0.35', 'stop-color': '#2a2a2a' }, black);
  el('stop', { offset: '1', 'stop-color': '#050505' }, black);
  const white = el('radialGradient', { id: 'stone-white', cx: 0.35, cy: 0.3, r: 0.8 }, defs);
  el('stop', { offset: '0', 'stop-color': '#ffffff' }, white);
  el('stop', { offset: '0.6', 'stop-color': '#eeeeea' }, white);
  el('stop', { offset: '1', 'stop-color': '#c4c4bd' }, white);
}

/**
 * The goban drawn into an `<svg>` element; calls `onAct(point, event)` on a click or on
 * Enter/Space at the keyboard cursor, `onCursor(point)` when the cursor moves, and
 * `onShortcut(key)` for other keys (returns true when it used the key).
 */
export class Goban {
  constructor(svg, { onAct, onCursor, onShortcut, tr = ENGLISH }) {
    this.svg = svg;
    /** The translator of the board's accessible name (set a new one, then render). */
    this.tr = tr;
    this.onAct = onAct;
    this.onShortcut = onShortcut;
    this.onCursor = onCursor;
    this.doc = null;
    this.view = null;
    this.cursor = -1;
    this.hover = -1;
    this.keyboardActive = false;
    this.geometryKey = '';
    addDefs(svg);
    this.layers = {};
    for (const name of ['board', 'grid', 'coords', 'stones', 'territory', 'marks', 'ghost', 'cursor']) {
      this.layers[name] = el('g', { class: `layer-${name}` }, svg);
    }
    this.ghost = el('circle', { r: STONE_RADIUS, class: 'ghost', visibility: 'hidden' }, this.layers.ghost);
    this.cursorMark = el('rect', { width: 0.9, height: 0.9, rx: 0.12, class: 'cursor', visibility: 'hidden' }, this.layers.cursor);
    svg.addEventListener('click', (event) => {
      const p = this.pointAt(event);
      if (p < 0) return;
      this.cursor = p;
      this.onAct(p, event);
    });
    svg.addEventListener('pointermove', (event) => {
      if (event.pointerType === 'touch') return;
      this.setHover(this.pointAt(event));
    });
    svg.addEventListener('pointerleave', () => this.setHover(-1));
    svg.addEventListener('keydown', (event) => {
      this.keyboardActive = true;
      this.onKey(event);
    });
    // The cursor is for keyboard users; a mouse or finger hides it.
    svg.addEventListener('pointerdown', () => {
      this.keyboardActive = false;
      this.drawCursor();
    });
    svg.addEventListener('focus', () => {
      this.keyboardActive = this.svg.matches(':focus-visible');
      if (this.cursor < 0 && this.doc) this.cursor = Math.floor(this.doc.height / 2) * this.doc.width + Math.floor(this.doc.width / 2);
      this.drawCursor();
    });
    svg.addEventListener('blur', () => this.drawCursor());
  }

  /** The point under a mouse or touch event, or -1 off the board. */
  pointAt(event) {
    if (!this.doc) return -1;
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return -1;
    const local = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const x = Math.round(local.x);
    const y = Math.round(local.y);
    if (x < 0 || y < 0 || x >= this.doc.width || y >= this.doc.height) return -1;
    return y * this.doc.width + x;
  }

  onKey(event) {
    const doc = this.doc;
    if (!doc) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (this.cursor < 0) this.cursor = 0;
    const x = this.cursor % doc.width;
    const y = Math.floor(this.cursor / doc.width);
    if (event.key in moves) {
      const [dx, dy] = moves[event.key];
      const nx = Math.min(doc.width - 1, Math.max(0, x + dx));
      const ny = Math.min(doc.height - 1, Math.max(0, y + dy));
      this.cursor = ny * doc.width + nx;
      this.drawCursor();
      this.setHover(this.cursor);
      this.onCursor?.(this.cursor);
      event.preventDefault();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onAct(this.cursor, event);
    } else if (!event.ctrlKey && !event.metaKey && !event.altKey && this.onShortcut?.(event.key.toLowerCase())) {
      event.preventDefault();
    } else if (event.key === 'Home' || event.key === 'End') {
      this.cursor = event.key === 'Home' ? 0 : doc.width * doc.height - 1;
      this.drawCursor();
      event.preventDefault();
    }
  }

  /**
   * Redraws for a new document and view: `{ mode, tool, coords, classification, lastMove,
   * targetsAt }`, and in Score mode optionally `suggested` (points of suggested dead stones,
   * drawn apart from `doc.dead`) and `sealing` (empty points that still need a move).
   */
  render(doc, view) {
    const sizeChanged = !this.doc || this.doc.width !== doc.width || this.doc.height !== doc.height;
    this.doc = doc;
    this.view = view;
    if (sizeChanged) {
      this.cursor = Math.min(this.cursor, doc.width * doc.height - 1);
      this.hover = -1;
    }
    const key = `${doc.width}x${doc.height}:${view.coords}`;
    if (key !== this.geometryKey) {
      this.geometryKey = key;
      this.drawGeometry();
    }
    this.drawStones();
    this.drawOverlay();
    this.drawGhost();
    this.drawCursor();
    this.svg.setAttribute('aria-label', this.describe());
  }

  /** The board's accessible name: size, stones, marks and (when it takes keys) how to use it. */
  describe() {
    const { doc, view, tr } = this;
    const black = doc.stones.filter((s) => s === 1).length;
    const white = doc.stones.filter((s) => s === -1).length;
    const suggested = view.suggested?.length ?? 0;
    const parts = [tr.t('board.describe', { width: doc.width, height: doc.height, black, white, dead: doc.dead.length, suggested })];
    // Only modes that act on the board, and only when the board takes focus, name keys
    // (the widget's view mode does neither).
    if (['setup', 'play', 'score'].includes(view.mode) && this.svg.tabIndex >= 0) parts.push(tr.t('board.keys', { mode: view.mode }));
    return tr.sentences(parts);
  }

  /**
   * What the board shows now, as a drawing for a picture (diagram.js `boardDrawing`);
   * `coords` overrides the view's coordinates, `count` adds a counting step's items.
   */
  drawing({ coords = this.view.coords, count = null } = {}) {
    return boardDrawing(this.doc, { ...this.view, coords }, count);
  }

  drawGeometry() {
    const { width, height } = this.doc;
    const geometry = geometryItems(width, height, Boolean(this.view.coords));
    this.svg.setAttribute('viewBox', geometry.viewBox.join(' '));
    for (const name of ['board', 'grid', 'coords']) {
      this.layers[name].replaceChildren();
      appendItems(this.layers[name], geometry[name]);
    }
  }

  /**
   * Stones are updated in place: only points whose stone or dead mark changed are touched,
   * so a click on a big board redraws a few circles, not thousands.
   */
  drawStones() {
    const { doc, view } = this;
    const layer = this.layers.stones;
    const size = doc.stones.length;
    if (!this.stoneEls || this.stoneEls.length !== size || this.stoneWidth !== doc.width) {
      layer.replaceChildren();
      this.stoneEls = new Array(size).fill(null);
      this.stoneKeys = new Array(size).fill('');
      this.stoneWidth = doc.width;
      this.lastMoveMark = null;
    }
    // Dead marks count in every mode, so they are drawn in every mode; suggested dead
    // stones (not yet accepted) only where the view has them (Score mode).
    const dead = new Set(doc.dead);
    const suggested = new Set(view.suggested ?? []);
    for (let p = 0; p < size; p++) {
      const sign = doc.stones[p];
      const key = stoneClass(sign, dead.has(p) ? 'dead' : suggested.has(p) ? 'suggested' : '');
      if (key === this.stoneKeys[p]) continue;
      this.stoneKeys[p] = key;
      if (!key) {
        this.stoneEls[p].remove();
        this.stoneEls[p] = null;
      } else if (this.stoneEls[p]) {
        this.stoneEls[p].setAttribute('class', key);
      } else {
        const { tag, attrs } = stoneItem(doc.width, p, key);
        this.stoneEls[p] = el(tag, attrs, layer);
      }
    }
    this.lastMoveMark?.remove();
    this.lastMoveMark = null;
    const last = lastMoveItem(doc, view.lastMove);
    if (last) this.lastMoveMark = el(last.tag, last.attrs, layer);
  }

  /** The Score-mode overlay (diagram.js `overlayItems`). */
  drawOverlay() {
    const { territory, marks } = overlayItems(this.doc, this.view);
    this.layers.territory.replaceChildren();
    this.layers.marks.replaceChildren();
    appendItems(this.layers.territory, territory);
    appendItems(this.layers.marks, marks);
  }

  setHover(p) {
    this.hover = p;
    this.drawGhost();
  }

  drawGhost() {
    const { doc, view, hover } = this;
    this.drawTargets();
    let color = null;
    if (doc && view && hover >= 0 && hover < doc.stones.length && doc.stones[hover] === 0) {
      if (view.mode === 'play') color = doc.toPlay;
      else if (view.mode === 'setup' && view.tool !== 'erase') color = view.tool;
    }
    if (!color) {
      this.ghost.setAttribute('visibility', 'hidden');
      return;
    }
    const x = hover % doc.width;
    this.ghost.setAttribute('cx', x);
    this.ghost.setAttribute('cy', (hover - x) / doc.width);
    this.ghost.setAttribute('class', `ghost ghost-${color}`);
    this.ghost.setAttribute('visibility', 'visible');
  }

  /** Score mode: rings on the stones a click at the hovered point would toggle. */
  drawTargets() {
    const { doc, view, hover } = this;
    const layer = this.layers.ghost;
    for (const ring of layer.querySelectorAll('.target')) ring.remove();
    if (!doc || view?.mode !== 'score' || !view.targetsAt || hover < 0 || hover >= doc.stones.length || !doc.stones[hover]) return;
    const fragment = document.createDocumentFragment();
    for (const p of view.targetsAt(hover)) {
      const x = p % doc.width;
      el('circle', { cx: x, cy: (p - x) / doc.width, r: STONE_RADIUS - 0.03, class: 'target' }, fragment);
    }
    layer.appendChild(fragment);
  }

  drawCursor() {
    const { doc } = this;
    this.svg.classList.toggle('keyboard', this.keyboardActive);
    // The board's own root: the document on the page, a shadow root in the widget.
    const focused = this.svg.getRootNode().activeElement === this.svg;
    const show = doc && this.cursor >= 0 && this.keyboardActive && focused;
    if (!show) {
      this.cursorMark.setAttribute('visibility', 'hidden');
      return;
    }
    const x = this.cursor % doc.width;
    const y = (this.cursor - x) / doc.width;
    this.cursorMark.setAttribute('x', x - 0.45);
    this.cursorMark.setAttribute('y', y - 0.45);
    this.cursorMark.setAttribute('visibility', 'visible');
  }
}
