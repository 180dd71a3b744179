// The SVG goban: wood, lines, star points, coordinates, shaded stones, a hover ghost, a
// keyboard cursor and the scoring overlay. One unit of the viewBox is one line spacing.
// Everything is built with DOM calls (no markup strings), so it runs under a strict CSP.

const SVG_NS = 'http://www.w3.org/2000/svg';
const STONE_RADIUS = 0.48;
/** Column letters: the traditional ones skip I. */
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The column label of column `x` (A…Z without I, then AA, AB…). */
export function columnLabel(x) {
  if (x < LETTERS.length) return LETTERS[x];
  return LETTERS[Math.floor(x / LETTERS.length) - 1] + LETTERS[x % LETTERS.length];
}

/** Human name of a point, e.g. `D4`: letters without I, numbers from the bottom. */
export function pointName(x, y, height) {
  return `${columnLabel(x)}${height - y}`;
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** Star point positions along one side of `n` lines. */
function starLines(n) {
  if (n < 7) return { edges: [], mid: n >= 5 && n % 2 ? (n - 1) / 2 : -1 };
  const edge = n >= 13 ? 3 : 2;
  return { edges: [edge, n - 1 - edge], mid: n % 2 ? (n - 1) / 2 : -1 };
}

function starPoints(width, height) {
  const xs = starLines(width);
  const ys = starLines(height);
  const points = [];
  for (const x of xs.edges) for (const y of ys.edges) points.push([x, y]);
  if (xs.mid >= 0 && ys.mid >= 0 && (xs.edges.length || width === height)) points.push([xs.mid, ys.mid]);
  if (width >= 15 && height >= 15) {
    if (xs.mid >= 0) for (const y of ys.edges) points.push([xs.mid, y]);
    if (ys.mid >= 0) for (const x of xs.edges) points.push([x, ys.mid]);
  }
  return points;
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
  constructor(svg, { onAct, onCursor, onShortcut }) {
    this.svg = svg;
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

  describe() {
    const { doc, view } = this;
    const black = doc.stones.filter((s) => s === 1).length;
    const white = doc.stones.filter((s) => s === -1).length;
    // Only modes that act on the board, and only when the board takes focus, name keys
    // (the widget's view mode does neither).
    const mode = { setup: 'Set-up mode', play: 'Play mode', score: 'Score mode' }[view.mode];
    const keys = mode && this.svg.tabIndex >= 0 ? `${mode}. Arrow keys move the cursor; Enter or Space acts.` : '';
    const suggested = view.suggested?.length ? `, ${view.suggested.length} suggested dead (not yet accepted)` : '';
    return `Go board ${doc.width} by ${doc.height}, ${black} black and ${white} white stones, ${doc.dead.length} marked dead${suggested}. ${keys}`.trim();
  }

  drawGeometry() {
    const { width, height } = this.doc;
    const margin = this.view.coords ? 1.25 : 0.75;
    this.svg.setAttribute('viewBox', `${-margin} ${-margin} ${width - 1 + 2 * margin} ${height - 1 + 2 * margin}`);
    const { board, grid, coords } = this.layers;
    board.replaceChildren();
    grid.replaceChildren();
    coords.replaceChildren();
    el('rect', {
      x: -margin, y: -margin, width: width - 1 + 2 * margin, height: height - 1 + 2 * margin,
      rx: 0.15, class: 'wood',
    }, board);
    let d = '';
    for (let x = 0; x < width; x++) d += `M${x} 0V${height - 1}`;
    for (let y = 0; y < height; y++) d += `M0 ${y}H${width - 1}`;
    el('path', { d, class: 'grid-lines' }, grid);
    if (width > 1 && height > 1) el('rect', { x: 0, y: 0, width: width - 1, height: height - 1, class: 'grid-edge' }, grid);
    for (const [x, y] of starPoints(width, height)) el('circle', { cx: x, cy: y, r: 0.11, class: 'star' }, grid);
    if (this.view.coords) {
      const offset = margin * 0.55;
      for (let x = 0; x < width; x++) {
        for (const y of [-offset, height - 1 + offset]) {
          const text = el('text', { x, y, class: 'coord' }, coords);
          text.textContent = columnLabel(x);
        }
      }
      for (let y = 0; y < height; y++) {
        for (const x of [-offset, width - 1 + offset]) {
          const text = el('text', { x, y, class: 'coord' }, coords);
          text.textContent = String(height - y);
        }
      }
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
      const mark = dead.has(p) ? ' dead' : suggested.has(p) ? ' suggested' : '';
      const key = sign ? `stone stone-${sign === 1 ? 'black' : 'white'}${mark}` : '';
      if (key === this.stoneKeys[p]) continue;
      this.stoneKeys[p] = key;
      if (!key) {
        this.stoneEls[p].remove();
        this.stoneEls[p] = null;
      } else if (this.stoneEls[p]) {
        this.stoneEls[p].setAttribute('class', key);
      } else {
        const x = p % doc.width;
        this.stoneEls[p] = el('circle', { cx: x, cy: (p - x) / doc.width, r: STONE_RADIUS, class: key, 'data-point': p }, layer);
      }
    }
    this.lastMoveMark?.remove();
    this.lastMoveMark = null;
    if (view.lastMove >= 0 && doc.stones[view.lastMove]) {
      const x = view.lastMove % doc.width;
      const y = (view.lastMove - x) / doc.width;
      this.lastMoveMark = el('circle', { cx: x, cy: y, r: 0.2, class: `last-move on-${doc.stones[view.lastMove] === 1 ? 'black' : 'white'}` }, layer);
    }
  }

  /**
   * The Score-mode overlay. Each kind of mark is one `<path>` (with `data-points`, how many
   * points it marks) rather than one element per point: 52×52 boards stay quick.
   */
  drawOverlay() {
    const { doc, view } = this;
    const territory = document.createDocumentFragment();
    const marks = document.createDocumentFragment();
    const paths = new Map();
    const add = (cls, d) => {
      const entry = paths.get(cls) ?? { d: [], count: 0 };
      entry.d.push(d);
      entry.count++;
      paths.set(cls, entry);
    };
    const dot = (x, y, r) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
    const classification = view.mode === 'score' ? view.classification : null;
    /** Dame and neutral points: the only ones an open-border mark is drawn on. */
    const open = new Set();
    if (classification) {
      for (const region of classification.regions) {
        for (const [x, y] of region.points) {
          if (region.kind === 'territory' && region.owner) {
            add(`territory territory-${region.owner}`, `M${x - 0.15} ${y - 0.15}h0.3v0.3h-0.3z`);
          } else if (region.kind === 'seki') {
            add('seki-point', dot(x, y, 0.12));
          } else if (region.kind === 'dame' || region.kind === 'neutral') {
            add('dame-point', dot(x, y, 0.1));
            open.add(y * doc.width + x);
          }
        }
        for (const [x, y] of region.falseEyes) add('false-eye', `M${x} ${y - 0.22}l0.22 0.22l-0.22 0.22l-0.22 -0.22z`);
      }
    }
    for (const p of doc.dead) {
      const x = p % doc.width;
      const y = (p - x) / doc.width;
      const r = 0.2;
      add(`dead-cross on-${doc.stones[p] === 1 ? 'black' : 'white'}`, `M${x - r} ${y - r}l${2 * r} ${2 * r}m0 ${-2 * r}l${-2 * r} ${2 * r}`);
    }
    // Suggested dead stones: a dashed ring, hollow where a confirmed mark is a cross.
    for (const p of view.suggested ?? []) {
      if (!doc.stones[p]) continue;
      const x = p % doc.width;
      add(`suggested-mark on-${doc.stones[p] === 1 ? 'black' : 'white'}`, dot(x, (p - x) / doc.width, 0.27));
    }
    // Points the estimate says still need a move (an open border): a small hollow triangle,
    // on the dame the classification finds (a seki point is left as seki).
    if (classification) {
      for (const p of view.sealing ?? []) {
        if (!open.has(p)) continue;
        const x = p % doc.width;
        const y = (p - x) / doc.width;
        add('sealing-point', `M${x} ${y - 0.17}l0.16 0.28h-0.32z`);
      }
    }
    for (const [cls, { d, count }] of paths) {
      el('path', { d: d.join(''), class: cls, 'data-points': count }, cls.startsWith('territory') ? territory : marks);
    }
    this.layers.territory.replaceChildren(territory);
    this.layers.marks.replaceChildren(marks);
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
