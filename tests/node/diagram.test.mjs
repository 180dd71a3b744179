// The picture export (www/js/diagram.js, the drawing the page, the widget and the downloads
// share): a fixture rendered to SVG in Node, parsed by a strict little XML reader, its
// stones and marks counted against the fixture and the library's classification; a counting
// step's picture; the caption wrapped in every script.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { boardDrawing, countItems, diagramSvg, textWidth, wrapText, UNIT } from '../../www/js/diagram.js';
import { loadTranslator } from '../../www/js/i18n.js';
import { captionLines } from '../../www/js/panel.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lib = createRequire(import.meta.url)(root + 'pkg/node/go_score.js');

/**
 * Parses XML strictly enough for a test: one root, every tag closed in order, attributes
 * quoted and unique, only the five XML entities. Returns the root `{ name, attrs, children, text }`.
 */
function parseXml(source) {
  let i = 0;
  const fail = (why) => { throw new Error(`${why} at ${i}: ${source.slice(i, i + 40)}`); };
  const decode = (text) => text.replace(/&(lt|gt|amp|quot|apos|#\d+);|&/g, (match, name) => {
    if (!name) fail('a bare &');
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name] ?? String.fromCodePoint(Number(name.slice(1)));
  });
  const stack = [{ name: '#document', attrs: {}, children: [], text: '' }];
  while (i < source.length) {
    if (source.startsWith('<?', i)) {
      i = source.indexOf('?>', i) + 2;
    } else if (source.startsWith('</', i)) {
      const match = /^<\/([\w:-]+)\s*>/.exec(source.slice(i)) ?? fail('a bad end tag');
      const open = stack.pop();
      if (open.name !== match[1]) fail(`</${match[1]}> closes <${open.name}>`);
      i += match[0].length;
    } else if (source[i] === '<') {
      const match = /^<([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/.exec(source.slice(i)) ?? fail('a bad start tag');
      const attrs = {};
      for (const [, key, value] of match[2].matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (key in attrs) fail(`attribute ${key} twice`);
        attrs[key] = decode(value);
      }
      const node = { name: match[1], attrs, children: [], text: '' };
      stack.at(-1).children.push(node);
      if (!match[3]) stack.push(node);
      i += match[0].length;
    } else {
      const end = source.indexOf('<', i) === -1 ? source.length : source.indexOf('<', i);
      const text = source.slice(i, end);
      if (stack.length === 1 && text.trim()) fail('text outside the root');
      stack.at(-1).text += decode(text);
      i = end;
    }
  }
  if (stack.length !== 1) fail(`<${stack.at(-1).name}> not closed`);
  const roots = stack[0].children;
  if (roots.length !== 1) fail('not one root');
  return roots[0];
}

const all = (node) => [node, ...node.children.flatMap(all)];
const hasClass = (node, cls) => (node.attrs.class ?? '').split(/\s+/).includes(cls);
/** Points marked by the paths of class `cls`: their data-points, checked against their subpaths. */
function marked(nodes, cls) {
  let total = 0;
  for (const node of nodes.filter((n) => n.name === 'path' && hasClass(n, cls))) {
    const points = Number(node.attrs['data-points']);
    assert.equal((node.attrs.d.match(/M/g) ?? []).length, points, `${cls}: one subpath per point`);
    total += points;
  }
  return total;
}

// A 9×9 end position: a seki in the corner (top left), two dead stones, territory both sides.
const ROWS = [
  'XO.OX....',
  'XOOOX.XO.',
  'XXXXXXO.O',
  '...X.XO..',
  '.O.X.XO..',
  '...X.XOO.',
  '...XXOO.X',
  '....XO...',
  '....XO...',
];
const DEAD = [[1, 4], [8, 6]];
const toSign = (ch) => (ch === 'X' ? 1 : ch === 'O' ? -1 : 0);

function fixture() {
  const width = ROWS[0].length;
  const stones = ROWS.flatMap((row) => [...row].map(toSign));
  const doc = { width, height: ROWS.length, stones, dead: DEAD.map(([x, y]) => y * width + x), lastMove: -1 };
  const input = { board: ROWS, dead: DEAD, rules: 'japanese', komi: 6.5 };
  return { doc, input, classification: lib.classifyRegions(input), score: lib.scoreBoard(input) };
}

test('a scored board as SVG: well-formed, self-contained, every stone and mark of the fixture', async () => {
  const { doc, classification, score } = fixture();
  const tr = await loadTranslator('ko');
  const view = { mode: 'score', coords: true, classification, suggested: [], lastMove: 3 };
  const picture = diagramSvg(boardDrawing(doc, view), { caption: captionLines(score, false, tr), lang: 'ko' });
  const svg = parseXml(picture.svg);
  assert.equal(svg.name, 'svg');
  assert.equal(svg.attrs.xmlns, 'http://www.w3.org/2000/svg');
  assert.equal(svg.attrs.lang, 'ko');
  assert.equal(Number(svg.attrs.width), picture.width);
  assert.equal(Number(svg.attrs.height), picture.height);
  assert.ok(Number.isInteger(picture.width) && Number.isInteger(picture.height));
  const nodes = all(svg);
  // Self-contained: no stylesheet, no links, no external paints.
  assert.deepEqual(nodes.filter((n) => ['style', 'link', 'image', 'script', 'foreignObject'].includes(n.name)), []);
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node.attrs)) {
      assert.doesNotMatch(key, /href/i);
      assert.doesNotMatch(value, /url\((?!#)/, `${node.name} ${key}`);
    }
  }
  // Stones: one circle per stone, each where the fixture has it.
  const stones = nodes.filter((n) => n.name === 'circle' && hasClass(n, 'stone'));
  assert.equal(stones.length, doc.stones.filter(Boolean).length);
  for (const stone of stones) {
    const p = Number(stone.attrs['data-point']);
    assert.equal(Number(stone.attrs.cx), p % doc.width);
    assert.equal(Number(stone.attrs.cy), Math.floor(p / doc.width));
    assert.equal(hasClass(stone, 'stone-black') ? 1 : -1, doc.stones[p]);
    assert.equal(hasClass(stone, 'dead'), doc.dead.includes(p));
    assert.ok(stone.attrs.fill.startsWith('url(#stone-'), 'painted by its own gradient');
  }
  // Marks: dead crosses, territory per side, seki and dame, as classifyRegions says.
  const kinds = { black: 0, white: 0, seki: 0, dame: 0, falseEyes: 0 };
  for (const region of classification.regions) {
    if (region.kind === 'territory' && region.owner) kinds[region.owner] += region.points.length;
    else if (region.kind === 'seki') kinds.seki += region.points.length;
    else if (region.kind === 'dame' || region.kind === 'neutral') kinds.dame += region.points.length;
    kinds.falseEyes += region.falseEyes.length;
  }
  assert.ok(kinds.seki > 0 && kinds.black > 0 && kinds.white > 0, 'the fixture has seki and territory');
  assert.equal(marked(nodes, 'dead-cross'), DEAD.length);
  assert.equal(marked(nodes, 'territory-black'), kinds.black);
  assert.equal(marked(nodes, 'territory-white'), kinds.white);
  assert.equal(marked(nodes, 'seki-point'), kinds.seki);
  assert.equal(marked(nodes, 'dame-point'), kinds.dame);
  assert.equal(marked(nodes, 'false-eye'), kinds.falseEyes);
  assert.equal(nodes.filter((n) => hasClass(n, 'last-move')).length, 1);
  // Coordinates: 9 letters and 9 numbers, on two sides each.
  const coords = nodes.filter((n) => n.name === 'text' && hasClass(n, 'coord')).map((n) => n.text);
  assert.equal(coords.length, 36);
  assert.ok(!coords.includes('I') && coords.includes('J'));
  // The caption: the result under the rules and both counts, in Korean.
  const caption = nodes.filter((n) => n.name === 'text' && !hasClass(n, 'coord') && !hasClass(n, 'count-block-label')).map((n) => n.text).join(' ');
  assert.ok(caption.includes(score.result) && caption.includes('일본 룰') && caption.includes('집 계가') && caption.includes('계점'), caption);
  assert.equal(nodes.find((n) => n.name === 'title').text.length > 0, true);
  // Without coordinates, without caption.
  const bare = parseXml(diagramSvg(boardDrawing(doc, { ...view, coords: false, mode: 'view' })).svg);
  assert.deepEqual(all(bare).filter((n) => hasClass(n, 'coord') || hasClass(n, 'territory')), []);
  assert.equal(marked(all(bare), 'dead-cross'), DEAD.length, 'dead marks show in every mode');
});

test('a counting step as SVG: shading, blocks and changed points as the step has them', () => {
  const { input } = fixture();
  const counting = lib.countingSteps({ ...input, method: 'japanese' });
  const index = counting.steps.findIndex((s) => s.kind === 'rearrange');
  const step = counting.steps[index];
  const width = counting.width;
  const doc = { width, height: counting.height, stones: step.board.flat(), dead: [], lastMove: -1 };
  const count = countItems(step);
  const nodes = all(parseXml(diagramSvg(boardDrawing(doc, { mode: 'view', coords: false }, count), { caption: ['step'] }).svg));
  const shaded = step.shade.flat();
  assert.equal(marked(nodes, 'count-shade-black'), shaded.filter((s) => s > 0).length);
  assert.equal(marked(nodes, 'count-shade-white'), shaded.filter((s) => s < 0).length);
  const blocks = new Set(step.blocks.flat().filter(Boolean));
  const rects = nodes.filter((n) => n.name === 'rect' && hasClass(n, 'count-block'));
  assert.equal(rects.length, blocks.size);
  assert.equal(rects.reduce((sum, n) => sum + Number(n.attrs['data-size']), 0), step.blocks.flat().filter(Boolean).length);
  assert.equal(nodes.filter((n) => n.name === 'circle' && hasClass(n, 'stone')).length, doc.stones.filter(Boolean).length);
  if (step.changed.length) assert.equal(marked(nodes, 'count-changed'), step.changed.length);
  // Shading lies under the grid, the blocks over the stones.
  const layers = nodes.filter((n) => n.name === 'g').map((n) => n.attrs.class);
  assert.ok(layers.indexOf('layer-count-shade') < layers.indexOf('layer-grid'));
  assert.ok(layers.indexOf('layer-count-overlay') > layers.indexOf('layer-stones'));
});

test('captions wrap to the picture in every script, and text is escaped', () => {
  const latin = wrapText('Black wins by 3.5 points (B+3.5), Japanese rules, territory counting.', 20);
  assert.ok(latin.length > 1 && latin.every((line) => textWidth(line) <= 20 || !line.includes(' ')), latin.join('|'));
  assert.equal(latin.join(' '), 'Black wins by 3.5 points (B+3.5), Japanese rules, territory counting.');
  const cjk = wrapText('黒の25.5目勝ち（B+25.5）、日本ルール、地で計算。', 8);
  assert.ok(cjk.length > 1 && cjk.every((line) => textWidth(line) <= 8.6), cjk.join('|'));
  assert.equal(cjk.join(''), '黒の25.5目勝ち（B+25.5）、日本ルール、地で計算。');
  assert.ok(!cjk.some((line) => /^[、。）]/.test(line)), 'no line starts with closing punctuation');
  const hostile = diagramSvg({ viewBox: [0, 0, 2, 2], layers: [] }, { caption: ['<script>&"x"'] });
  const root = parseXml(hostile.svg);
  assert.equal(all(root).filter((n) => n.name === 'script').length, 0);
  assert.ok(all(root).some((n) => n.text === '<script>&"x"'));
  // Small boards get paper wide enough for their caption.
  assert.ok(hostile.width >= 11 * UNIT);
  assert.throws(() => parseXml('<svg><g></svg>'), /closes/);
  assert.throws(() => parseXml('<svg a="1" a="2"/>'), /twice/);
});
