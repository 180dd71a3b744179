// The words of the teaching views: each step of a count (`countingSteps`) explained with
// this game's numbers, read from the step's tallies and the one before it. Plain strings
// only: the view sets them with textContent.

/** The tabs of the view, in order. */
export const METHODS = [
  ['japanese', 'Japanese'],
  ['ing', 'Ing'],
  ['chinese', 'Chinese'],
  ['why', 'Why they differ'],
];

/** Full names, for headings and announcements. */
export const METHOD_TITLES = {
  japanese: 'Japanese counting',
  ing: 'Ing counting',
  chinese: 'Chinese counting',
  why: 'Why the methods differ',
};

const STEP_TITLES = {
  start: 'The position as the game ended',
  'remove-dead': 'Take off the dead stones',
  'fill-prisoners': 'Fill the prisoners into the territories',
  rearrange: 'Rearrange into tens and fives',
  count: 'Count',
  komi: 'Add komi',
  result: 'The result',
  'komi-stones': "White's komi as stones",
  fill: 'Fill the territories from the bowls',
  neutral: 'Half points for seki',
  'count-area': "Count Black's area against half the board",
};

/** The heading of a step kind (the kind itself for one this file does not know). */
export function stepTitle(kind) {
  return STEP_TITLES[kind] ?? kind;
}

/** Which tally rows each method shows, as `[field, label]` (rows that stay 0 are left out). */
export const TALLY_ROWS = {
  japanese: [['territory', 'Territory'], ['prisoners', 'Prisoners held'], ['komi', 'Komi'], ['total', 'Count']],
  ing: [
    ['onBoard', 'Stones on the board'], ['bowl', 'Stones in the bowl'], ['territory', 'Unfilled points'],
    ['komiStones', 'Komi stones placed'], ['komi', 'Komi points'], ['compensation', 'Handicap compensation'],
    ['neutralShare', 'Seki half points'], ['total', 'Count'],
  ],
  chinese: [
    ['onBoard', 'Stones on the board'], ['territory', 'Territory'], ['neutralShare', 'Half the dame'],
    ['compensation', 'Handicap compensation'], ['komi', 'Komi'], ['total', 'Count'],
  ],
};

/** A number as the view shows it: a true minus sign, quarters kept (Chinese counting's 43.75). */
export function countNumber(value) {
  return (value < 0 ? '−' : '') + String(Math.round(Math.abs(value) * 100) / 100);
}

const n = countNumber;
const plural = (count, word, many = `${word}s`) => `${n(count)} ${Math.abs(count) === 1 ? word : many}`;
const stones = (count) => plural(count, 'stone');
const coloured = (count, colour) => `${n(count)} ${colour} ${Math.abs(count) === 1 ? 'stone' : 'stones'}`;
const points = (count) => plural(count, 'point');
const signed = (value) => (value > 0 ? '+' : '') + n(value);

/** A margin as a sentence: "Black wins by 3.5 points". */
export function winnerText(margin, tieTo = null) {
  if (margin > 0 || (margin === 0 && tieTo === 'black')) return `Black wins by ${points(margin)}`;
  if (margin < 0) return `White wins by ${points(-margin)}`;
  return 'The game is a draw';
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
function blocksPhrase(list, territory) {
  const tens = list.filter((size) => size === 10).length;
  const fives = list.filter((size) => size === 5).length;
  const rest = list.filter((size) => size !== 10 && size !== 5);
  const parts = [];
  if (tens) parts.push(plural(tens, 'ten'));
  if (fives) parts.push(plural(fives, 'five'));
  if (rest.length) parts.push(`${rest.length === 1 ? 'a block' : 'blocks'} of ${rest.map(n).join(' and ')}`);
  const left = territory - list.reduce((a, b) => a + b, 0);
  if (!parts.length) return territory ? `${points(territory)}, too few or too scattered for a block` : 'none';
  if (left > 0) parts.push(`${points(left)} outside the blocks`);
  return `${parts.join(', ')} (${points(territory)})`;
}

/** How many stones of colour `sign` are on the board at `before` and gone at `step`. */
function removed(before, step, sign) {
  let count = 0;
  before.board.forEach((row, y) => row.forEach((s, x) => {
    if (s === sign && step.board[y][x] !== sign) count++;
  }));
  return count;
}

const side = (key) => (key === 'black' ? 'Black' : 'White');
const other = (key) => (key === 'black' ? 'white' : 'black');

/** `[[23, ''], [-7.5, 'komi']]` → "23 − 7.5 komi": a sum written with true minus signs. */
function expression(terms) {
  return terms.map(([value, label], i) => {
    const text = `${n(Math.abs(value))}${label ? ` ${label}` : ''}`;
    if (i === 0) return value < 0 ? `−${text}` : text;
    return value < 0 ? ` − ${text}` : ` + ${text}`;
  }).join('');
}

/**
 * A side's count as the sum of its parts that are not zero, e.g. "25 points + 2 prisoners
 * kept aside = 27" (`parts`: `[field, label]`; together they make up the tally's total).
 */
function sumText(tally, parts) {
  const used = parts.filter(([field]) => tally[field]);
  if (!used.length) return n(tally.total);
  if (used.length === 1 && tally[used[0][0]] === tally.total) return `${n(tally.total)} ${used[0][1]}`;
  return `${expression(used.map(([field, label]) => [tally[field], label]))} = ${n(tally.total)}`;
}

/**
 * The explanation of step `index` of `counting`, as sentences. `compare` is what scoreBoard
 * says for this method (`{ label, total: { black, white }, margin, result }`), worded at
 * the result step; null when there is none.
 */
export function stepWords(counting, index, compare) {
  const step = counting.steps[index];
  const before = counting.steps[index - 1] ?? step;
  const b = step.black;
  const w = step.white;
  const diff = (key, field) => step[key][field] - before[key][field];
  const lines = [];
  const method = counting.method;
  switch (step.kind) {
    case 'start': {
      const removal = counting.steps.find((s) => s.kind === 'remove-dead');
      const deadBlack = removal ? removed(step, removal, 1) : 0;
      const deadWhite = removal ? removed(step, removal, -1) : 0;
      const dead = deadBlack || deadWhite ? `, of which ${n(deadBlack)} black and ${n(deadWhite)} white ${deadBlack + deadWhite === 1 ? 'is' : 'are'} dead (crossed)` : ', none of them dead';
      lines.push(`The board as the game ended: ${n(b.onBoard)} black and ${n(w.onBoard)} white ${b.onBoard + w.onBoard === 1 ? 'stone' : 'stones'}${dead}.`);
      if (method === 'japanese') {
        lines.push(`Taken in play: Black holds ${plural(b.prisoners, 'prisoner')}, White ${plural(w.prisoners, 'prisoner')}.`);
      } else if (method === 'ing') {
        lines.push(`Each side began with ${stones(b.onBoard + b.bowl)}: Black has ${n(b.bowl)} left in the bowl, White ${n(w.bowl)}. Prisoners taken in play went back to the bowls, so they need no counting.`);
      } else {
        lines.push('Area counting counts stones and territory; prisoners are not needed.');
      }
      break;
    }
    case 'remove-dead': {
      const deadBlack = removed(before, step, 1);
      const deadWhite = removed(before, step, -1);
      if (!deadWhite && !deadBlack) {
        lines.push('No stone on the board is dead: nothing to take off.');
        break;
      }
      if (method === 'japanese') {
        lines.push(`The dead stones go to the lids: ${coloured(deadWhite, 'white')} into Black's, ${coloured(deadBlack, 'black')} into White's.`);
        lines.push(`Black now holds ${plural(b.prisoners, 'prisoner')}, White ${plural(w.prisoners, 'prisoner')}; the points under them are territory: Black ${points(b.territory)}, White ${points(w.territory)}.`);
      } else if (method === 'ing') {
        lines.push(`The dead stones go back to their own bowls: ${coloured(deadBlack, 'black')} and ${coloured(deadWhite, 'white')}. Bowls now: Black ${n(b.bowl)}, White ${n(w.bowl)}.`);
      } else {
        lines.push(`The dead stones come off: ${coloured(deadWhite, 'white')} and ${coloured(deadBlack, 'black')}. Their points count for the side around them.`);
      }
      break;
    }
    case 'fill-prisoners': {
      const blackFilled = -diff('black', 'prisoners');
      const whiteFilled = -diff('white', 'prisoners');
      lines.push(`Black puts the ${stones(blackFilled)} it captured into White's territory: White's territory goes from ${n(before.white.territory)} to ${n(w.territory)}.`);
      lines.push(`White puts the ${stones(whiteFilled)} it captured into Black's territory: Black's goes from ${n(before.black.territory)} to ${n(b.territory)}.`);
      const left = [['black', b.prisoners], ['white', w.prisoners]].filter(([, count]) => count > 0);
      for (const [key, count] of left) {
        lines.push(`${side(key)}'s ${stones(count)} more than ${side(other(key))}'s territory can take ${count === 1 ? 'is' : 'are'} kept aside and added at the count.`);
      }
      break;
    }
    case 'rearrange': {
      const sizes = blockSizes(step);
      lines.push('Where it helps, stones are moved within one side\'s area so the territories make rectangles of ten and five: nothing is added or taken away.');
      lines.push(`Black's territory: ${blocksPhrase(sizes.black, b.territory)}. White's: ${blocksPhrase(sizes.white, w.territory)}.`);
      break;
    }
    case 'count': {
      if (method === 'japanese') {
        const parts = [['territory', 'points'], ['prisoners', 'prisoners kept aside']];
        lines.push(`Black: ${sumText(b, parts)}. White: ${sumText(w, parts)}.`);
      } else if (method === 'ing') {
        lines.push(`Left over: Black has ${stones(b.bowl)} in the bowl and ${points(b.territory)} unfilled; White ${stones(w.bowl)} and ${points(w.territory)}.`);
        const parts = [['onBoard', 'stones on the board'], ['territory', 'unfilled'], ['compensation', 'compensation'], ['neutralShare', 'half points'], ['komi', 'komi']];
        lines.push(`Each side counts its stones on the board and its unfilled points: Black ${sumText(b, parts)}; White ${sumText(w, parts)}.`);
      } else {
        const parts = [['onBoard', 'stones'], ['territory', 'points'], ['neutralShare', 'half the dame'], ['compensation', 'compensation']];
        lines.push(`Black: ${sumText(b, parts)}. White: ${sumText(w, parts)}.`);
      }
      break;
    }
    case 'count-area': {
      const half = counting.halfBoard ?? (counting.width * counting.height) / 2;
      const needs = counting.blackNeeds ?? half + counting.komi / 2;
      const parts = [['onBoard', 'stones'], ['territory', 'points'], ['neutralShare', 'for half the dame'], ['compensation', 'compensation']];
      lines.push(`Black's area: ${sumText(b, parts)}. White's: ${sumText(w, parts)}.`);
      lines.push(`Half the board is ${n(half)} (${counting.width}×${counting.height} / 2). With White's ${n(counting.komi)} komi${b.compensation || w.compensation ? ' and handicap compensation' : ''} split evenly, Black needs more than ${n(needs)} to win.`);
      const over = b.total - needs;
      lines.push(`Black has ${n(Math.abs(over))} ${over >= 0 ? 'more' : 'less'} than that: each point over it is one point more for Black and one fewer for White, so the margin is 2 × ${n(over)} = ${signed(2 * over)}.`);
      break;
    }
    case 'komi-stones': {
      const whitePlaced = w.komiStones - before.white.komiStones;
      const blackPlaced = b.komiStones - before.black.komiStones;
      const worth = 'each is worth two points: one point less for the receiver to fill and one stone less for the giver to fill with';
      if (whitePlaced > 0) {
        lines.push(`White's komi of ${n(counting.komi)} is paid as ${stones(whitePlaced)} placed in Black's territory: ${worth}.`);
      } else if (blackPlaced > 0) {
        lines.push(`The komi of ${n(counting.komi)} goes to Black: Black places ${stones(blackPlaced)} in White's territory: ${worth}.`);
      } else {
        lines.push(counting.komi ? `A komi of ${n(counting.komi)} is less than one stone (two points): it is counted as points.` : 'There is no komi: no stones to place.');
      }
      const komiPoints = w.komi || b.komi;
      if ((whitePlaced > 0 || blackPlaced > 0) && komiPoints) lines.push(`The remaining ${n(Math.abs(komiPoints))} is counted as points.`);
      break;
    }
    case 'fill': {
      lines.push(`Black fills ${points(-diff('black', 'territory'))} of its territory from the bowl, White ${points(-diff('white', 'territory'))}.`);
      lines.push(`Bowls now: Black ${n(b.bowl)}, White ${n(w.bowl)}; unfilled: Black ${points(b.territory)}, White ${points(w.territory)}.`);
      break;
    }
    case 'neutral': {
      const count = step.focus?.length ?? 0;
      lines.push(`${count ? `${points(count)} in seki cannot` : 'Neutral points in seki cannot'} be filled by either side (marked with a dashed square): each side gets half a point for each. Black ${signed(b.neutralShare)}, White ${signed(w.neutralShare)}.`);
      break;
    }
    case 'komi': {
      for (const key of ['white', 'black']) {
        const komi = diff(key, 'komi');
        const compensation = diff(key, 'compensation');
        if (!komi && !compensation) continue;
        const what = [komi > 0 ? 'komi' : '', compensation ? 'handicap compensation' : ''].filter(Boolean).join(' and ');
        const sum = expression([[before[key].total, ''], [komi, 'komi'], [compensation, 'compensation']].filter(([value], i) => i === 0 || value));
        lines.push(`${komi < 0 ? `Reverse komi is taken from ${side(key)}` : `${side(key)} adds ${what}`}: ${sum} = ${n(step[key].total)}.`);
      }
      if (!lines.length) lines.push('There is no komi to add.');
      break;
    }
    case 'result': {
      const tieTo = method === 'ing' ? 'black' : null;
      lines.push(`Black ${n(b.total)} against White ${n(w.total)}: ${winnerText(counting.margin, tieTo)} (${counting.result}).${method === 'ing' && counting.margin === 0 ? ' Under Ing rules a tie goes to Black.' : ''}`);
      if (compare) lines.push(...compareWords(counting, compare));
      break;
    }
    default:
      lines.push(`Black ${n(b.total)}, White ${n(w.total)}.`);
  }
  return lines;
}

/** The end of a count set against scoreBoard's result for the same method. */
function compareWords(counting, compare) {
  const lines = [];
  const same = counting.margin === compare.margin;
  const totalsSame = counting.steps.at(-1).black.total === compare.total.black && counting.steps.at(-1).white.total === compare.total.white;
  if (counting.method === 'japanese') {
    if (!totalsSame) {
      lines.push(`These totals differ from the territory score (${n(compare.total.black)} to ${n(compare.total.white)}): filling the prisoners in takes each side's captures out of the other side's territory instead of adding them to its own.`);
    } else {
      lines.push(`Here the totals equal the territory score (${n(compare.total.black)} to ${n(compare.total.white)}).`);
    }
    lines.push(same
      ? `The margin is the same: ${signed(compare.margin)} for Black, ${compare.result}, as ${compare.label} says.`
      : `The margin does not match ${compare.label} (${signed(compare.margin)}, ${compare.result}): this is a fault in go-score.`);
  } else {
    lines.push(same
      ? `${compare.label} says the same: ${compare.result} (${signed(compare.margin)} for Black).`
      : `${compare.label} says ${compare.result} (${signed(compare.margin)}): the count does not match, a fault in go-score.`);
  }
  return lines;
}

/** The terms of `difference`, each as `[key, label]`, in the order of seed 003's formula. */
export const DIFFERENCE_TERMS = [
  ['lastToPlay', 'Who played last'],
  ['handicap', 'Handicap stones'],
  ['passes', 'Passes'],
  ['compensation', 'Handicap compensation'],
  ['passStones', 'Pass stones'],
  ['other', 'Seki, false eyes and the rest'],
  ['total', 'Area margin − territory margin'],
];

/**
 * The "why" view's opening sentences: both margins, and why they can differ, in plain
 * words (seed 003: area − territory = stones + prisoners of each side, i.e. moves made).
 */
export function whyIntro(score, features) {
  const d = score.difference;
  const lines = [
    `Territory counting gives ${score.territory.result} (margin ${signed(score.territory.margin)}); area counting gives ${score.area.result} (margin ${signed(score.area.margin)}).`,
    'Territory counting counts the points each side surrounds plus the stones it captured; area counting counts the points surrounded plus the stones still on the board. A side\'s stones on the board plus the stones the other side took from it are the moves it played, so the two margins differ only by how many more moves one side played than the other, and by points neither method counts the same way.',
  ];
  if (features) {
    const parts = [];
    const marks = [];
    if (features.seki) {
      parts.push(`${points(features.seki)} in seki`);
      marks.push('blue rings: seki');
    }
    if (features.falseEyes) {
      parts.push(plural(features.falseEyes, 'false eye'));
      marks.push('red diamonds: false eyes');
    }
    if (features.dame) {
      parts.push(`${points(features.dame)} of dame`);
      marks.push('grey dots: dame');
    }
    lines.push(parts.length
      ? `On this board: ${parts.join(', ')} (${marks.join('; ')}). Territory counting scores none of these points; area counting counts every living stone, those in a seki too.`
      : 'This board has no seki, false eyes or dame, so those add nothing.');
  }
  return lines;
}

/** What each difference term means in one short phrase (for the table), with the game's facts. */
export function termNote(key, score, input) {
  const d = score.difference;
  switch (key) {
    case 'lastToPlay':
      if (!input.lastToPlay) return 'Not recorded.';
      return input.lastToPlay === 'black' ? 'Black played last: one move more.' : 'White played last: the moves are even.';
    case 'handicap':
      return input.handicap >= 2 ? `${plural(input.handicap, 'handicap stone')}: the first is Black's first move.` : 'No handicap.';
    case 'passes': {
      const { black = 0, white = 0 } = input.passes ?? {};
      return `Black passed ${plural(black, 'time')}, White ${plural(white, 'time')}.`;
    }
    case 'compensation':
      return d.compensation ? 'Points area rules give White for the handicap.' : 'None under these rules.';
    case 'passStones':
      return d.passStones ? 'Passes paid as stones (AGA).' : 'None under these rules.';
    case 'other':
      return 'Points the two methods score differently.';
    default:
      return `${n(score.area.margin)} − ${score.territory.margin < 0 ? `(${n(score.territory.margin)})` : n(score.territory.margin)}`;
  }
}
