// The words of the teaching views: each step of a count (`countingSteps`) explained with
// this game's numbers, read from the step's tallies and the one before it, in the
// translator's language (www/js/i18n/). Plain strings only: the view sets them with
// textContent. Every function takes the translator last; English when none is given.

import { ENGLISH } from './i18n.js';

/** The tabs of the view, in order (their labels: `methodTab(method, tr)`). */
export const METHODS = ['japanese', 'ing', 'chinese', 'why'];

/** A tab's short label. */
export function methodTab(method, tr = ENGLISH) {
  return tr.t(`method.${method}`);
}

/** A method's full name, for headings and announcements. */
export function methodTitle(method, tr = ENGLISH) {
  return tr.t(`methodTitle.${method}`);
}

/** The step kinds this file has words for. */
export const STEP_KINDS = [
  'start', 'remove-dead', 'fill-prisoners', 'rearrange', 'count', 'komi', 'result', 'komi-stones', 'fill', 'neutral', 'count-area',
];

/** The heading of a step kind (the kind itself for one this file does not know). */
export function stepTitle(kind, tr = ENGLISH) {
  return STEP_KINDS.includes(kind) ? tr.t(`step.${kind}`) : kind;
}

/** Which tally rows each method shows, as `[field, label key]` (rows that stay 0 are left out). */
export const TALLY_ROWS = {
  japanese: [['territory', 'tally.territory'], ['prisoners', 'tally.prisoners'], ['komi', 'tally.komi'], ['total', 'tally.total']],
  ing: [
    ['onBoard', 'tally.onBoard'], ['bowl', 'tally.bowl'], ['territory', 'tally.unfilled'],
    ['komiStones', 'tally.komiStones'], ['komi', 'tally.komiPoints'], ['compensation', 'tally.compensation'],
    ['neutralShare', 'tally.sekiHalves'], ['total', 'tally.total'],
  ],
  chinese: [
    ['onBoard', 'tally.onBoard'], ['territory', 'tally.territory'], ['neutralShare', 'tally.halfDame'],
    ['compensation', 'tally.compensation'], ['komi', 'tally.komi'], ['total', 'tally.total'],
  ],
};

/** A number as the view shows it: a true minus sign, quarters kept (Chinese counting's 43.75). */
export function countNumber(value, tr = ENGLISH) {
  return tr.number(Math.round(value * 100) / 100);
}

/**
 * Who wins by this count, in words: `winner` as the library says it (`'black'`, `'white'`
 * or `'draw'`; a tie has a winner under some rules, Ing's), by `margin` points.
 */
export function winnerText(winner, margin, tr = ENGLISH) {
  const points = Math.abs(margin);
  if (winner === 'black') return tr.t('win.black', { points: tr.t('n.points', { n: points }), margin: points });
  if (winner === 'white') return tr.t('win.white', { points: tr.t('n.points', { n: points }), margin: points });
  return tr.t('win.draw');
}

/** How many points each block of `step.blocks` holds, per side: `{ black: [10, 10, 5], white: [...] }`. */
export function blockSizes(step) {
  const sizes = new Map();
  step.blocks.forEach((row, y) => row.forEach((id, x) => {
    if (!id) return;
    const entry = sizes.get(id) ?? { size: 0, side: 0 };
    entry.size++;
    entry.side ||= step.shade[y][x];
    sizes.set(id, entry);
  }));
  const out = { black: [], white: [] };
  for (const { size, side } of sizes.values()) {
    if (side > 0) out.black.push(size);
    else if (side < 0) out.white.push(size);
  }
  for (const list of Object.values(out)) list.sort((a, b) => b - a);
  return out;
}

/** A side's rearranged territory in words: its blocks and the points left outside them. */
function blocksPhrase(list, territory, tr) {
  const tens = list.filter((size) => size === 10).length;
  const fives = list.filter((size) => size === 5).length;
  const rest = list.filter((size) => size !== 10 && size !== 5);
  const parts = [];
  if (tens) parts.push(tr.t('n.tens', { n: tens }));
  if (fives) parts.push(tr.t('n.fives', { n: fives }));
  if (rest.length) parts.push(tr.t('blocks.rest', { count: rest.length, sizes: tr.list(rest.map((size) => tr.number(size))) }));
  const left = territory - list.reduce((a, b) => a + b, 0);
  const points = (count) => tr.t('n.points', { n: count });
  if (!parts.length) return territory ? tr.t('blocks.scattered', { points: points(territory) }) : tr.t('blocks.none');
  if (left > 0) parts.push(tr.t('blocks.outside', { points: points(left) }));
  return tr.t('blocks.total', { parts: tr.list(parts, 'unit'), points: points(territory) });
}

/** How many stones of colour `sign` are on the board at `before` and gone at `step`. */
function removed(before, step, sign) {
  let count = 0;
  before.board.forEach((row, y) => row.forEach((s, x) => {
    if (s === sign && step.board[y][x] !== sign) count++;
  }));
  return count;
}

/**
 * `[[23, null], [-7.5, 'part.komi']]` → "23 − 7.5 komi": a sum written with true minus
 * signs, each term worded by its message (`{n}`: the number without its sign).
 */
function expression(terms, tr) {
  return terms.map(([value, key], i) => {
    const text = key ? tr.t(key, { n: Math.abs(value) }) : tr.number(Math.abs(value));
    if (i === 0) return value < 0 ? `−${text}` : text;
    return value < 0 ? ` − ${text}` : ` + ${text}`;
  }).join('');
}

/**
 * A side's count as the sum of its parts that are not zero, e.g. "25 points + 2 prisoners
 * kept aside = 27" (`parts`: `[field, message key]`; together they make up the tally's total).
 */
function sumText(tally, parts, tr) {
  const used = parts.filter(([field]) => tally[field]);
  if (!used.length) return tr.number(tally.total);
  if (used.length === 1 && tally[used[0][0]] === tally.total) return tr.t(used[0][1], { n: tally.total });
  return `${expression(used.map(([field, key]) => [tally[field], key]), tr)} = ${tr.number(tally.total)}`;
}

/**
 * The explanation of step `index` of `counting`, as sentences. `compare` is what scoreBoard
 * says for this method (`{ label, total: { black, white }, margin, result }`), worded at
 * the result step; null when there is none.
 */
export function stepWords(counting, index, compare, tr = ENGLISH) {
  const step = counting.steps[index];
  const before = counting.steps[index - 1] ?? step;
  const b = step.black;
  const w = step.white;
  const diff = (key, field) => step[key][field] - before[key][field];
  const lines = [];
  const method = counting.method;
  const t = (key, params) => tr.t(key, params);
  const stones = (n) => t('n.stones', { n });
  const points = (n) => t('n.points', { n });
  const prisoners = (n) => t('n.prisoners', { n });
  const blackStones = (n) => t('n.blackStones', { n });
  const whiteStones = (n) => t('n.whiteStones', { n });
  switch (step.kind) {
    case 'start': {
      const removal = counting.steps.find((s) => s.kind === 'remove-dead');
      const deadBlack = removal ? removed(step, removal, 1) : 0;
      const deadWhite = removal ? removed(step, removal, -1) : 0;
      const counts = { black: b.onBoard, white: w.onBoard, total: b.onBoard + w.onBoard };
      lines.push(deadBlack || deadWhite
        ? t('count.start.dead', { ...counts, deadBlack, deadWhite, dead: deadBlack + deadWhite })
        : t('count.start.noDead', counts));
      if (method === 'japanese') {
        lines.push(t('count.start.prisoners', { black: prisoners(b.prisoners), white: prisoners(w.prisoners) }));
      } else if (method === 'ing') {
        lines.push(t('count.start.ing', { stones: stones(b.onBoard + b.bowl), black: b.bowl, white: w.bowl }));
      } else {
        lines.push(t('count.start.area'));
      }
      break;
    }
    case 'remove-dead': {
      const deadBlack = removed(before, step, 1);
      const deadWhite = removed(before, step, -1);
      if (!deadWhite && !deadBlack) {
        lines.push(t('count.dead.none'));
        break;
      }
      if (method === 'japanese') {
        lines.push(t('count.dead.lids', { white: whiteStones(deadWhite), black: blackStones(deadBlack) }));
        lines.push(t('count.dead.held', {
          blackPrisoners: prisoners(b.prisoners), whitePrisoners: prisoners(w.prisoners), blackPoints: points(b.territory), whitePoints: points(w.territory),
        }));
      } else if (method === 'ing') {
        lines.push(t('count.dead.bowls', { black: blackStones(deadBlack), white: whiteStones(deadWhite), blackBowl: b.bowl, whiteBowl: w.bowl }));
      } else {
        lines.push(t('count.dead.off', { white: whiteStones(deadWhite), black: blackStones(deadBlack) }));
      }
      break;
    }
    case 'fill-prisoners': {
      lines.push(t('count.fill.black', { stones: stones(-diff('black', 'prisoners')), from: before.white.territory, to: w.territory }));
      lines.push(t('count.fill.white', { stones: stones(-diff('white', 'prisoners')), from: before.black.territory, to: b.territory }));
      const left = [['black', b.prisoners], ['white', w.prisoners]].filter(([, count]) => count > 0);
      for (const [key, count] of left) lines.push(t('count.fill.left', { side: key, stones: stones(count), count }));
      break;
    }
    case 'rearrange': {
      const sizes = blockSizes(step);
      lines.push(t('count.rearrange'));
      lines.push(t('count.rearrange.blocks', { black: blocksPhrase(sizes.black, b.territory, tr), white: blocksPhrase(sizes.white, w.territory, tr) }));
      break;
    }
    case 'count': {
      if (method === 'japanese') {
        const parts = [['territory', 'n.points'], ['prisoners', 'part.prisonersAside']];
        lines.push(t('count.count.sides', { black: sumText(b, parts, tr), white: sumText(w, parts, tr) }));
      } else if (method === 'ing') {
        lines.push(t('count.count.ingLeft', { blackStones: stones(b.bowl), blackPoints: points(b.territory), whiteStones: stones(w.bowl), whitePoints: points(w.territory) }));
        const parts = [['onBoard', 'part.onBoard'], ['territory', 'part.unfilled'], ['compensation', 'part.compensation'], ['neutralShare', 'part.sekiHalves'], ['komi', 'part.komi']];
        lines.push(t('count.count.ing', { black: sumText(b, parts, tr), white: sumText(w, parts, tr) }));
      } else {
        const parts = [['onBoard', 'n.stones'], ['territory', 'n.points'], ['neutralShare', 'part.halfDame'], ['compensation', 'part.compensation']];
        lines.push(t('count.count.sides', { black: sumText(b, parts, tr), white: sumText(w, parts, tr) }));
      }
      break;
    }
    case 'count-area': {
      const half = counting.halfBoard;
      const needs = counting.blackNeeds;
      const parts = [['onBoard', 'n.stones'], ['territory', 'n.points'], ['neutralShare', 'part.halfDame'], ['compensation', 'part.compensation']];
      lines.push(t('count.area.sides', { black: sumText(b, parts, tr), white: sumText(w, parts, tr) }));
      const compensation = b.compensation || w.compensation ? 'yes' : 'no';
      lines.push(t('count.area.half', { half, width: String(counting.width), height: String(counting.height), komi: counting.komi, needs, compensation }));
      const over = b.total - needs;
      lines.push(t('count.area.over', { over: Math.abs(over), more: over >= 0 ? 'yes' : 'no', diff: over, margin: 2 * over }));
      break;
    }
    case 'komi-stones': {
      const whitePlaced = w.komiStones - before.white.komiStones;
      const blackPlaced = b.komiStones - before.black.komiStones;
      if (whitePlaced > 0) {
        lines.push(t('count.komiStones.white', { komi: counting.komi, stones: stones(whitePlaced) }));
      } else if (blackPlaced > 0) {
        lines.push(t('count.komiStones.black', { komi: counting.komi, stones: stones(blackPlaced) }));
      } else {
        lines.push(counting.komi ? t('count.komiStones.small', { komi: counting.komi }) : t('count.komiStones.none'));
      }
      const komiPoints = w.komi || b.komi;
      if ((whitePlaced > 0 || blackPlaced > 0) && komiPoints) lines.push(t('count.komiStones.rest', { n: Math.abs(komiPoints) }));
      break;
    }
    case 'fill': {
      lines.push(t('count.fillBowl', { black: points(-diff('black', 'territory')), white: points(-diff('white', 'territory')) }));
      lines.push(t('count.fillBowl.now', { blackBowl: b.bowl, whiteBowl: w.bowl, blackPoints: points(b.territory), whitePoints: points(w.territory) }));
      break;
    }
    case 'neutral': {
      lines.push(t('count.neutral', { count: step.focus?.length ?? 0, black: b.neutralShare, white: w.neutralShare }));
      break;
    }
    case 'komi': {
      for (const key of ['white', 'black']) {
        const komi = diff(key, 'komi');
        const compensation = diff(key, 'compensation');
        if (!komi && !compensation) continue;
        const what = komi > 0 && compensation ? 'both' : komi > 0 ? 'komi' : 'compensation';
        const sum = expression([[before[key].total, null], [komi, 'part.komi'], [compensation, 'part.compensation']].filter(([value], i) => i === 0 || value), tr);
        const total = step[key].total;
        lines.push(komi < 0 ? t('count.komi.reverse', { side: key, sum, total }) : t('count.komi.add', { side: key, what, sum, total }));
      }
      if (!lines.length) lines.push(t('count.komi.none'));
      break;
    }
    case 'result': {
      const params = { black: b.total, white: w.total, winner: winnerText(counting.winner, counting.margin, tr), result: counting.result };
      // A tie that someone wins: Ing's rule, the only one that gives ties away.
      lines.push(t(counting.margin === 0 && counting.winner !== 'draw' ? 'count.result.ingTie' : 'count.result', params));
      if (compare) lines.push(...compareWords(counting, compare, tr));
      break;
    }
    default:
      lines.push(t('count.totals', { black: b.total, white: w.total }));
  }
  return lines;
}

/** The end of a count set against scoreBoard's result for the same method. */
function compareWords(counting, compare, tr) {
  const lines = [];
  const same = counting.margin === compare.margin;
  const totalsSame = counting.steps.at(-1).black.total === compare.total.black && counting.steps.at(-1).white.total === compare.total.white;
  const params = { label: compare.label, margin: compare.margin, result: compare.result, black: compare.total.black, white: compare.total.white };
  if (counting.method === 'japanese') {
    lines.push(tr.t(totalsSame ? 'compare.totalsEqual' : 'compare.totalsDiffer', params));
    lines.push(tr.t(same ? 'compare.sameMargin' : 'compare.marginFault', params));
  } else {
    lines.push(tr.t(same ? 'compare.same' : 'compare.fault', params));
  }
  return lines;
}

/** The terms of `difference`, each as `[key, label message]`, in the order of the identity. */
export const DIFFERENCE_TERMS = [
  ['lastToPlay', 'term.lastToPlay'],
  ['handicap', 'term.handicap'],
  ['passes', 'term.passes'],
  ['compensation', 'term.compensation'],
  ['passStones', 'term.passStones'],
  ['other', 'term.other'],
  ['total', 'term.total'],
];

/**
 * The "why" view's opening sentences: both margins, and why they can differ, in plain
 * words (area − territory = stones + prisoners of each side, i.e. moves made).
 */
export function whyIntro(score, features, tr = ENGLISH) {
  const lines = [
    tr.t('why.margins', { territory: score.territory.result, territoryMargin: score.territory.margin, area: score.area.result, areaMargin: score.area.margin }),
    tr.t('why.explain'),
  ];
  if (features) {
    const parts = [];
    const marks = [];
    if (features.seki) {
      parts.push(tr.t('why.seki', { points: tr.t('n.points', { n: features.seki }) }));
      marks.push(tr.t('why.mark.seki'));
    }
    if (features.falseEyes) {
      parts.push(tr.t('n.falseEyes', { n: features.falseEyes }));
      marks.push(tr.t('why.mark.falseEyes'));
    }
    if (features.dame) {
      parts.push(tr.t('why.dame', { points: tr.t('n.points', { n: features.dame }) }));
      marks.push(tr.t('why.mark.dame'));
    }
    lines.push(parts.length ? tr.t('why.onBoard', { parts: tr.list(parts, 'unit'), marks: tr.list(marks, 'parts') }) : tr.t('why.nothing'));
  }
  return lines;
}

/** What each difference term means in one short phrase (for the table), with the game's facts. */
export function termNote(key, score, input, tr = ENGLISH) {
  const d = score.difference;
  switch (key) {
    case 'lastToPlay':
      if (!input.lastToPlay) return tr.t('note.lastToPlay.none');
      return tr.t(input.lastToPlay === 'black' ? 'note.lastToPlay.black' : 'note.lastToPlay.white');
    case 'handicap':
      return input.handicap >= 2 ? tr.t('note.handicap', { stones: tr.t('n.handicapStones', { n: input.handicap }) }) : tr.t('note.handicap.none');
    case 'passes': {
      const { black = 0, white = 0 } = input.passes ?? {};
      return tr.t('note.passes', { black: tr.t('n.times', { n: black }), white: tr.t('n.times', { n: white }) });
    }
    case 'compensation':
      return tr.t(d.compensation ? 'note.compensation' : 'note.none');
    case 'passStones':
      return tr.t(d.passStones ? 'note.passStones' : 'note.none');
    case 'other':
      return tr.t('note.other');
    default: {
      const territory = score.territory.margin;
      return `${tr.number(score.area.margin)} − ${territory < 0 ? `(${tr.number(territory)})` : tr.number(territory)}`;
    }
  }
}
