// The score panel: both counting methods side by side, the official result, and the
// `difference` terms in words. Text only (textContent): nothing is parsed as markup.

import { RULESETS } from './state.js';

const RULE_NAMES = Object.fromEntries(RULESETS);
const ROWS = ['territory', 'stones', 'prisoners', 'komi', 'handicapCompensation', 'passStones', 'neutralShare', 'total'];

/** A number with a true minus sign and no trailing `.0`. */
export function formatNumber(n) {
  const text = Number.isInteger(n) ? String(Math.abs(n)) : Math.abs(n).toFixed(1);
  return (n < 0 ? '−' : '') + text;
}

const signed = (n) => (n > 0 ? '+' : '') + formatNumber(n);
const plural = (n, word) => `${formatNumber(n)} ${word}${Math.abs(n) === 1 ? '' : 's'}`;

/** The official result as a sentence, e.g. "Black wins by 3.5 points (B+3.5)". */
export function resultSentence(result) {
  const rules = RULE_NAMES[result.rules] ?? result.rules;
  const how = `${rules} rules, ${result.method} counting`;
  if (result.winner === 'draw') return `Draw (${how}).`;
  const winner = result.winner === 'black' ? 'Black' : 'White';
  return `${winner} wins by ${plural(Math.abs(result.margin), 'point')} (${result.result}), ${how}.`;
}

/** Each non-zero `difference` term in words. */
export function differenceLines(result, doc) {
  const d = result.difference;
  if (d.total === 0 && [d.lastToPlay, d.handicap, d.passes, d.compensation ?? 0, d.passStones ?? 0, d.other].every((v) => v === 0)) {
    return ['Both methods give the same margin.'];
  }
  const lines = [
    `Area counting's margin is ${signed(d.total)} for Black compared with territory counting (${formatNumber(result.area.margin)} against ${formatNumber(result.territory.margin)}).`,
  ];
  if (d.lastToPlay) {
    lines.push(`Black played last, so Black has one more stone on the board: ${signed(d.lastToPlay)} for Black in area counting.`);
  }
  if (d.handicap) {
    lines.push(`${plural(doc.handicap, 'handicap stone')}: the ${plural(d.handicap, 'stone')} after the first were placed without a White reply: ${signed(d.handicap)} for Black in area counting.`);
  }
  if (d.passes) {
    const more = d.passes > 0 ? 'White' : 'Black';
    lines.push(`${more} passed ${plural(Math.abs(d.passes), 'time')} more (a pass leaves no stone on the board): ${signed(d.passes)} for Black in area counting.`);
  }
  if (d.compensation) {
    lines.push(`Area counting gives White ${plural(-d.compensation, 'point')} of handicap compensation: ${signed(d.compensation)} for Black.`);
  }
  if (d.passStones) {
    lines.push(`Pass stones count as prisoners in territory counting: ${signed(d.passStones)} for Black in area counting compared with it.`);
  }
  if (d.other) {
    lines.push(`Everything else (seki, false eyes, unfilled dame, or a position the recorded moves do not explain): ${signed(d.other)} for Black in area counting.`);
  }
  return lines;
}

/**
 * What a score counted with `n` suggested dead stones means, in words; with `interactive`,
 * what the user can do about them.
 */
export function suggestedNote(n, interactive = true) {
  const stones = n === 1 ? 'suggested dead stone (dashed ring) were' : `${n} suggested dead stones (dashed rings) were`;
  const counted = `Counted as if the ${stones} dead.`;
  return interactive ? `${counted} Accept the suggestions, or click a stone to correct; nothing is saved as a mark until accepted.` : counted;
}

/** Fills the panel from a `scoreBoard` result, or shows why there is none. */
export class ScorePanel {
  constructor(root) {
    this.root = root;
    this.cells = new Map([...root.querySelectorAll('[data-score]')].map((cell) => [cell.dataset.score, cell]));
    this.rows = new Map([...root.querySelectorAll('[data-row]')].map((row) => [row.dataset.row, row]));
    this.result = root.querySelector('#result');
    this.error = root.querySelector('#api-error');
    this.official = root.querySelector('#official');
    this.difference = root.querySelector('#difference');
    this.heads = { territory: root.querySelector('#head-territory'), area: root.querySelector('#head-area') };
    this.brief = root.ownerDocument.getElementById('result-brief');
    this.badge = root.querySelector('#score-suggested');
    this.note = root.querySelector('#suggest-note');
    this.lastSentence = '';
  }

  /**
   * Shows `result` (or why there is none). `suggested`: how many suggested dead stones,
   * not yet accepted, the result counts as dead; the panel then says the score is suggested.
   */
  render(result, errorMessage, doc, suggested = 0) {
    this.error.hidden = !errorMessage;
    this.error.textContent = errorMessage ? `The position cannot be scored: ${errorMessage}` : '';
    const prefix = result && suggested ? 'Suggested: ' : '';
    this.root.classList.toggle('suggested', Boolean(prefix));
    if (this.badge) this.badge.hidden = !prefix;
    if (this.note) {
      this.note.hidden = !prefix;
      this.note.textContent = prefix ? suggestedNote(suggested) : '';
    }
    if (this.brief) {
      this.brief.textContent = result
        ? `${prefix}${result.result} by ${result.method} counting (${result.method === 'area' ? `territory: ${result.territory.result}` : `area: ${result.area.result}`})`
        : '';
    }
    if (!result) {
      for (const cell of this.cells.values()) cell.textContent = '–';
      this.official.textContent = '';
      this.difference.replaceChildren();
      this.setResult(errorMessage ? 'No score: see the message below.' : 'Loading the scorer…');
      return;
    }
    for (const method of ['territory', 'area']) {
      for (const side of ['black', 'white']) {
        for (const row of ROWS) this.cells.get(`${method}.${side}.${row}`).textContent = formatNumber(result[method][side][row]);
      }
      this.cells.get(`${method}.result`).textContent = result[method].result;
      this.cells.get(`${method}.margin`).textContent = signed(result[method].margin);
      this.heads[method].classList.toggle('official-method', result.method === method);
    }
    // Rows every value of which is zero are shown quieter, so the eye goes to what counts.
    for (const row of ROWS) {
      const used = row === 'total' || ['territory', 'area'].some((m) => ['black', 'white'].some((s) => result[m][s][row] !== 0));
      this.rows.get(row).classList.toggle('unused', !used);
    }
    const rules = RULE_NAMES[result.rules] ?? result.rules;
    this.official.textContent = `${rules} rules count by ${result.method === 'area' ? 'area (stones + territory)' : 'territory (territory + prisoners)'}; komi ${formatNumber(result.komi)}.`;
    const items = differenceLines(result, doc).map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    });
    this.difference.replaceChildren(...items);
    this.setResult(prefix + resultSentence(result));
  }

  setResult(sentence) {
    // Only write when it changes, so screen readers announce changes, not every redraw.
    if (sentence !== this.lastSentence) {
      this.result.textContent = sentence;
      this.lastSentence = sentence;
    }
  }
}
