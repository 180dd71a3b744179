// What a board looks like, as plain data: the shapes of the goban (wood, lines, star
// points, coordinates, stones, the last move, the Score-mode marks, a counting step's
// shading and blocks) as items `{ tag, attrs, text }`, one list per layer. The on-screen
// board (goban.js, count-view.js) turns them into DOM nodes styled by the page's CSS; the
// picture export (`diagramSvg`) writes the same items as one self-contained SVG file, with
// colours as presentation attributes and no external fonts or CSS. No DOM here, except in
// `svgToPng` (the browser's canvas) and `saveBlob` (a download), so Node can render pictures too.

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const STONE_RADIUS = 0.48;
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

/** Star point positions along one side of `n` lines. */
function starLines(n) {
  if (n < 7) return { edges: [], mid: n >= 5 && n % 2 ? (n - 1) / 2 : -1 };
  const edge = n >= 13 ? 3 : 2;
  return { edges: [edge, n - 1 - edge], mid: n % 2 ? (n - 1) / 2 : -1 };
}

/** The star points of a board, as `[x, y]`. */
export function starPoints(width, height) {
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

const item = (tag, attrs, text) => (text === undefined ? { tag, attrs } : { tag, attrs, text });

/** The space around the outer lines: room for coordinates or not. */
export const boardMargin = (coords) => (coords ? 1.25 : 0.75);

/**
 * The board without stones: `viewBox` `[x, y, width, height]` and the items of the layers
 * `board` (the wood), `grid` (lines and star points) and `coords`.
 */
export function geometryItems(width, height, coords) {
  const margin = boardMargin(coords);
  const size = [width - 1 + 2 * margin, height - 1 + 2 * margin];
  const board = [item('rect', { x: -margin, y: -margin, width: size[0], height: size[1], rx: 0.15, class: 'wood' })];
  let d = '';
  for (let x = 0; x < width; x++) d += `M${x} 0V${height - 1}`;
  for (let y = 0; y < height; y++) d += `M0 ${y}H${width - 1}`;
  const grid = [item('path', { d, class: 'grid-lines' })];
  if (width > 1 && height > 1) grid.push(item('rect', { x: 0, y: 0, width: width - 1, height: height - 1, class: 'grid-edge' }));
  for (const [x, y] of starPoints(width, height)) grid.push(item('circle', { cx: x, cy: y, r: 0.11, class: 'star' }));
  const labels = [];
  if (coords) {
    const offset = margin * 0.55;
    for (let x = 0; x < width; x++) {
      for (const y of [-offset, height - 1 + offset]) labels.push(item('text', { x, y, class: 'coord' }, columnLabel(x)));
    }
    for (let y = 0; y < height; y++) {
      for (const x of [-offset, width - 1 + offset]) labels.push(item('text', { x, y, class: 'coord' }, String(height - y)));
    }
  }
  return { viewBox: [-margin, -margin, size[0], size[1]], board, grid, coords: labels };
}

/** The class of the stone at a point: `''` when empty; `mark` is `dead`, `suggested` or ''. */
export function stoneClass(sign, mark) {
  return sign ? `stone stone-${sign === 1 ? 'black' : 'white'}${mark ? ` ${mark}` : ''}` : '';
}

/** The stone at point `p` of a board `width` wide. */
export function stoneItem(width, p, cls) {
  const x = p % width;
  return item('circle', { cx: x, cy: (p - x) / width, r: STONE_RADIUS, class: cls, 'data-point': p });
}

/**
 * The stones of `doc` (`dead` and `suggested` points drawn apart) and the last move's ring.
 * Dead marks count in every mode; suggestions only where the view shows them.
 */
export function stoneItems(doc, view) {
  const dead = new Set(doc.dead);
  const suggested = new Set(view.suggested ?? []);
  const items = [];
  doc.stones.forEach((sign, p) => {
    if (sign) items.push(stoneItem(doc.width, p, stoneClass(sign, dead.has(p) ? 'dead' : suggested.has(p) ? 'suggested' : '')));
  });
  const last = lastMoveItem(doc, view.lastMove);
  if (last) items.push(last);
  return items;
}

/** The ring on the last move's stone, or null. */
export function lastMoveItem(doc, p) {
  if (!(p >= 0) || !doc.stones[p]) return null;
  const x = p % doc.width;
  return item('circle', { cx: x, cy: (p - x) / doc.width, r: 0.2, class: `last-move on-${doc.stones[p] === 1 ? 'black' : 'white'}` });
}

/**
 * The Score-mode marks, as layers `territory` and `marks`: each kind of mark is one
 * `<path>` (with `data-points`, how many points it marks), not one element per point, so
 * 52×52 boards stay quick. `view`: `{ mode, classification, suggested, sealing,
 * departures }` (`departures`: points the recording server counts otherwise);
 * territory, seki, dame and false eyes are drawn in Score mode only, dead crosses always.
 */
export function overlayItems(doc, view) {
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
  // Points the recording server counts otherwise than the rules: a ring.
  for (const p of view.departures ?? []) {
    const x = p % doc.width;
    add('server-point', dot(x, (p - x) / doc.width, 0.36));
  }
  const territory = [];
  const marks = [];
  for (const [cls, { d, count }] of paths) {
    (cls.startsWith('territory') ? territory : marks).push(item('path', { d: d.join(''), class: cls, 'data-points': count }));
  }
  return { territory, marks };
}

/**
 * A counting step's own drawing (count-view.js): `shade` (each side's area, under the
 * grid), `overlay` (blocks of ten and five with their sizes, points changed at this step,
 * seki points in focus), and how many points are shaded, blocks and changed points.
 */
export function countItems(step) {
  const paths = { 1: [], '-1': [] };
  step.shade.forEach((row, y) => row.forEach((s, x) => {
    if (s) paths[s].push(`M${x - 0.5} ${y - 0.5}h1v1h-1z`);
  }));
  const shade = [];
  for (const [s, cls] of [[1, 'count-shade-black'], [-1, 'count-shade-white']]) {
    if (paths[s].length) shade.push(item('path', { d: paths[s].join(''), class: cls, 'data-points': paths[s].length }));
  }
  const overlay = [];
  const blocks = new Map();
  step.blocks.forEach((row, y) => row.forEach((id, x) => {
    if (!id) return;
    const b = blocks.get(id) ?? { x0: x, x1: x, y0: y, y1: y, size: 0 };
    b.x0 = Math.min(b.x0, x);
    b.x1 = Math.max(b.x1, x);
    b.y0 = Math.min(b.y0, y);
    b.y1 = Math.max(b.y1, y);
    b.size++;
    blocks.set(id, b);
  }));
  for (const [id, b] of blocks) {
    overlay.push(item('rect', {
      x: b.x0 - 0.44, y: b.y0 - 0.44, width: b.x1 - b.x0 + 0.88, height: b.y1 - b.y0 + 0.88, rx: 0.12,
      class: 'count-block', 'data-block': id, 'data-size': b.size,
    }));
    overlay.push(item('text', { x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2, class: 'count-block-label' }, String(b.size)));
  }
  if (step.changed.length) {
    const d = step.changed.map(([x, y]) => `M${x - 0.46} ${y}a0.46 0.46 0 1 0 0.92 0a0.46 0.46 0 1 0 -0.92 0`).join('');
    overlay.push(item('path', { d, class: 'count-changed', 'data-points': step.changed.length }));
  }
  const focus = step.focus ?? [];
  if (focus.length) {
    const d = focus.map(([x, y]) => `M${x - 0.3} ${y - 0.3}h0.6v0.6h-0.6z`).join('');
    overlay.push(item('path', { d, class: 'count-focus', 'data-points': focus.length }));
  }
  return { shade, overlay, shaded: { black: paths[1].length, white: paths[-1].length }, blocks: blocks.size, changed: step.changed.length };
}

/**
 * Every layer of a board as drawn, bottom to top: `{ viewBox, layers: [[name, items]] }`.
 * `view`: as goban.js's `render` (`mode`, `coords`, `classification`, `lastMove`,
 * `suggested`, `sealing`); `count`: a counting step's `countItems`, drawn as the count view
 * does (shading under the grid, blocks on top).
 */
export function boardDrawing(doc, view, count = null) {
  const geometry = geometryItems(doc.width, doc.height, Boolean(view.coords));
  const overlay = overlayItems(doc, view);
  const layers = [
    ['board', geometry.board],
    ['count-shade', count?.shade ?? []],
    ['grid', geometry.grid],
    ['coords', geometry.coords],
    ['stones', stoneItems(doc, view)],
    ['territory', overlay.territory],
    ['marks', overlay.marks],
    ['count-overlay', count?.overlay ?? []],
  ];
  return { viewBox: geometry.viewBox, layers: layers.filter(([, items]) => items.length) };
}

// ---- The picture file ----

const LINE = '#3b2a14';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK JP', 'WenQuanYi Zen Hei', sans-serif";

/**
 * The page's look as presentation attributes, per class (and per pair of classes, `a.b`),
 * so the file needs no stylesheet. Colours are the light theme's.
 */
const STYLE = {
  wood: { fill: 'url(#goban-wood)' },
  'grid-lines': { fill: 'none', stroke: LINE, 'stroke-width': 0.035, 'stroke-linecap': 'square' },
  'grid-edge': { fill: 'none', stroke: LINE, 'stroke-width': 0.06 },
  star: { fill: LINE },
  coord: { fill: '#4a3719', 'font-size': 0.42, 'font-family': FONT, 'text-anchor': 'middle', 'dominant-baseline': 'central' },
  'stone-black': { fill: 'url(#stone-black)' },
  'stone-white': { fill: 'url(#stone-white)', stroke: '#8b877c', 'stroke-width': 0.02 },
  dead: { opacity: 0.42 },
  suggested: { opacity: 0.72 },
  'last-move': { fill: 'none', 'stroke-width': 0.06 },
  'last-move.on-black': { stroke: '#f2f2f2' },
  'last-move.on-white': { stroke: '#222' },
  territory: { 'stroke-width': 0.025 },
  'territory-black': { fill: '#111', stroke: '#000' },
  'territory-white': { fill: '#fafafa', stroke: '#555' },
  'dead-cross': { fill: 'none', stroke: '#c0392b', 'stroke-width': 0.07, 'stroke-linecap': 'round' },
  'suggested-mark': { fill: 'none', 'stroke-width': 0.085, 'stroke-dasharray': '0.14 0.075' },
  'suggested-mark.on-black': { stroke: '#f0c4ff' },
  'suggested-mark.on-white': { stroke: '#7a1fa2' },
  'sealing-point': { fill: 'none', stroke: '#b35c00', 'stroke-width': 0.05, 'stroke-linejoin': 'round' },
  'dame-point': { fill: '#7d7d86', stroke: '#f4ecdc', 'stroke-width': 0.025 },
  'seki-point': { fill: 'none', stroke: '#1c5fa8', 'stroke-width': 0.045 },
  'false-eye': { fill: 'none', stroke: '#b8261a', 'stroke-width': 0.06 },
  'server-point': { fill: 'none', stroke: '#0b7a75', 'stroke-width': 0.06, 'stroke-dasharray': '0.1 0.06' },
  'count-shade-black': { fill: '#000', 'fill-opacity': 0.3 },
  'count-shade-white': { fill: '#fff', 'fill-opacity': 0.62 },
  'count-block': { fill: 'none', stroke: '#b3261e', 'stroke-width': 0.07, 'stroke-dasharray': '0.22 0.1' },
  'count-block-label': {
    fill: '#b3261e', stroke: '#fff8ea', 'stroke-width': 0.12, 'paint-order': 'stroke', 'font-size': 0.5, 'font-weight': 700,
    'font-family': FONT, 'text-anchor': 'middle', 'dominant-baseline': 'central',
  },
  'count-changed': { fill: 'none', stroke: '#e07b00', 'stroke-width': 0.09 },
  'count-focus': { fill: 'none', stroke: '#1c5fa8', 'stroke-width': 0.08, 'stroke-dasharray': '0.14 0.08' },
};

/** The presentation attributes of an element of class `cls`. */
function styleOf(cls) {
  const names = cls.split(/\s+/).filter(Boolean);
  const out = {};
  for (const name of names) Object.assign(out, STYLE[name]);
  for (const a of names) for (const b of names) if (a !== b) Object.assign(out, STYLE[`${a}.${b}`]);
  return out;
}

/** Text made safe for XML content and attribute values. */
export function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** Numbers written short: 0.30000000000000004 → 0.3. */
const num = (value) => (typeof value === 'number' ? String(Math.round(value * 1e4) / 1e4) : value);

function element(tag, attrs, text) {
  const written = Object.entries(attrs).map(([key, value]) => ` ${key}="${escapeXml(num(value))}"`).join('');
  return text === undefined ? `<${tag}${written}/>` : `<${tag}${written}>${escapeXml(text)}</${tag}>`;
}

/** Whether a character takes a full em (CJK, kana, hangul, full-width forms). */
const wide = (ch) => /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch);

/** A line's width in ems, roughly (no fonts are measured: the file must render anywhere). */
export function textWidth(text) {
  let width = 0;
  for (const ch of text) width += wide(ch) ? 1 : ch === ' ' ? 0.3 : 0.56;
  return width;
}

/**
 * `text` broken into lines of at most `ems` wide: at spaces, and between any two wide
 * characters (CJK text has no spaces).
 */
export function wrapText(text, ems) {
  const tokens = text.match(/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6][、。，．：；！？）」』,.;:!?)]?|\S+?(?=[\u2e80-\u9fff\uac00-\ud7a3]|\s|$)|\s+/gu) ?? [];
  const lines = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (line.trim() && textWidth(next.trimEnd()) > ems) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Pixels per line spacing of a picture at 1×. */
export const UNIT = 32;
/** The caption's font size, in line spacings. */
const CAPTION_SIZE = 0.42;
/** The narrowest picture, in line spacings: room for a caption under a small board. */
const MIN_WIDTH = 11;

/**
 * A drawing (`boardDrawing`) as one self-contained SVG file: white paper, the board, and
 * under it the caption's lines (each wrapped to the picture's width). `lang`: the caption's
 * language; `title`: the picture's accessible name (default: the caption). Returns
 * `{ svg, width, height }`, the size in pixels at 1×.
 */
export function diagramSvg(drawing, { caption = [], lang = 'en', title = null } = {}) {
  const [x0, y0, boardWidth, boardHeight] = drawing.viewBox;
  const width = Math.max(boardWidth, MIN_WIDTH);
  const left = x0 - (width - boardWidth) / 2;
  const lineHeight = CAPTION_SIZE * 1.4;
  const pad = caption.length ? 0.35 : 0;
  const lines = caption.flatMap((text) => wrapText(text, (width - 0.5) / CAPTION_SIZE));
  // Whole pixels at 1× (so 2× is exactly twice): the paper grows by the rounding.
  const pixels = [Math.ceil(width * UNIT), Math.ceil((boardHeight + pad * 2 + lines.length * lineHeight) * UNIT)];
  const height = pixels[1] / UNIT;
  const box = [left, y0, pixels[0] / UNIT, height];
  const out = [
    `<svg xmlns="${SVG_NS}" version="1.1" width="${pixels[0]}" height="${pixels[1]}" viewBox="${box.map(num).join(' ')}" lang="${escapeXml(lang)}" role="img">`,
    element('title', {}, title ?? caption.join(' ')),
    '<defs>',
    '<linearGradient id="goban-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9c48a"/><stop offset="0.55" stop-color="#dcb06f"/><stop offset="1" stop-color="#cf9f5c"/></linearGradient>',
    '<radialGradient id="stone-black" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#6b6b6b"/><stop offset="0.35" stop-color="#2a2a2a"/><stop offset="1" stop-color="#050505"/></radialGradient>',
    '<radialGradient id="stone-white" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#eeeeea"/><stop offset="1" stop-color="#c4c4bd"/></radialGradient>',
    '</defs>',
    element('rect', { x: left, y: y0, width: box[2], height, fill: '#ffffff' }),
  ];
  for (const [name, items] of drawing.layers) {
    out.push(`<g class="layer-${name}">`);
    for (const { tag, attrs, text } of items) out.push(element(tag, { ...attrs, ...styleOf(attrs.class ?? '') }, text));
    out.push('</g>');
  }
  if (lines.length) {
    out.push(`<g class="caption" fill="#1d1d1b" font-family="${escapeXml(FONT)}" font-size="${CAPTION_SIZE}">`);
    lines.forEach((text, i) => {
      out.push(element('text', { x: left + 0.25, y: y0 + boardHeight + pad + lineHeight * (i + 0.75) }, text));
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return { svg: out.join('\n'), width: pixels[0], height: pixels[1] };
}

/**
 * A picture file as PNG, `scale` times its size (1 or 2), drawn by the browser from the SVG
 * (an image from a blob: URL onto a canvas; the page's CSP allows `img-src blob:`).
 */
export async function svgToPng({ svg, width, height }, scale = 1) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const w = Math.round(width * scale);
    const h = Math.round(height * scale);
    const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(w, h) : Object.assign(document.createElement('canvas'), { width: w, height: h });
    canvas.getContext('2d').drawImage(image, 0, 0, w, h);
    if (canvas.convertToBlob) return await canvas.convertToBlob({ type: 'image/png' });
    return await new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves `blob` as a file called `name` (the browser's download), as a link to a blob: URL. */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
