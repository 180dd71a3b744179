// The score panel: both counting methods side by side, the official result, and the
// `difference` terms in words. Text only (textContent): nothing is parsed as markup.

import { pointName } from './diagram.js';
import { ENGLISH } from './i18n.js';

const ROWS = ['territory', 'stones', 'prisoners', 'komi', 'handicapCompensation', 'passStones', 'neutralShare', 'total'];

/**
 * Each ruleset's name in every language, in one table (the ids are the library's `rulesets()`
 * names; English is its `label`, which a test checks). A new ruleset or language adds a row
 * or a column here.
 */
export const RULESET_NAMES = {
  japanese: {
    en: 'Japanese', ja: '日本ルール', ko: '일본 룰', 'zh-Hans': '日本规则', 'zh-Hant': '日本規則',
    fr: 'règles japonaises', de: 'Japanische Regeln', es: 'reglas japonesas', ru: 'японские правила',
  },
  korean: {
    en: 'Korean', ja: '韓国ルール', ko: '한국 룰', 'zh-Hans': '韩国规则', 'zh-Hant': '韓國規則',
    fr: 'règles coréennes', de: 'Koreanische Regeln', es: 'reglas coreanas', ru: 'корейские правила',
  },
  chinese: {
    en: 'Chinese', ja: '中国ルール', ko: '중국 룰', 'zh-Hans': '中国规则', 'zh-Hant': '中國規則',
    fr: 'règles chinoises', de: 'Chinesische Regeln', es: 'reglas chinas', ru: 'китайские правила',
  },
  aga: {
    en: 'AGA', ja: 'AGAルール', ko: 'AGA 룰', 'zh-Hans': 'AGA规则', 'zh-Hant': 'AGA規則',
    fr: 'règles AGA', de: 'AGA-Regeln', es: 'reglas AGA', ru: 'правила AGA',
  },
  ing: {
    en: 'Ing', ja: '応氏ルール', ko: '응씨 룰', 'zh-Hans': '应氏规则', 'zh-Hant': '應氏規則',
    fr: 'règles Ing', de: 'Ing-Regeln', es: 'reglas Ing', ru: 'правила Ина',
  },
  nz: {
    en: 'New Zealand', ja: 'ニュージーランドルール', ko: '뉴질랜드 룰', 'zh-Hans': '新西兰规则', 'zh-Hant': '紐西蘭規則',
    fr: 'règles néo-zélandaises', de: 'Neuseeländische Regeln', es: 'reglas neozelandesas', ru: 'новозеландские правила',
  },
  'tromp-taylor': {
    en: 'Tromp-Taylor', ja: 'トロンプ・テイラー・ルール', ko: '트롬프-테일러 룰', 'zh-Hans': 'Tromp-Taylor规则', 'zh-Hant': 'Tromp-Taylor規則',
    fr: 'règles Tromp-Taylor', de: 'Tromp-Taylor-Regeln', es: 'reglas Tromp-Taylor', ru: 'правила Тромпа — Тейлора',
  },
};

/** The name of ruleset `id` in the translator's language (English where it has none; the id itself when unknown). */
export function rulesName(id, tr = ENGLISH) {
  const names = Object.hasOwn(RULESET_NAMES, id) ? RULESET_NAMES[id] : null;
  return names?.[tr.lang] ?? names?.en ?? id;
}

/** The official result as a sentence, e.g. "White wins by 3.5 points (W+3.5), Japanese rules, territory counting." */
export function resultSentence(result, tr = ENGLISH) {
  const rules = rulesName(result.rules, tr);
  if (result.winner === 'draw') return tr.t('result.draw', { rules, method: result.method });
  const points = tr.t('n.points', { n: Math.abs(result.margin) });
  return tr.t('result.win', { winner: result.winner, points, margin: Math.abs(result.margin), result: result.result, rules, method: result.method });
}

/** Each non-zero `difference` term in words. */
export function differenceLines(result, doc, tr = ENGLISH) {
  const d = result.difference;
  if (d.total === 0 && [d.lastToPlay, d.handicap, d.passes, d.compensation ?? 0, d.passStones ?? 0, d.other].every((v) => v === 0)) {
    return [tr.t('diff.same')];
  }
  const lines = [tr.t('diff.total', { total: d.total, area: result.area.margin, territory: result.territory.margin })];
  if (d.lastToPlay) lines.push(tr.t('diff.last', { value: d.lastToPlay }));
  if (d.handicap) {
    lines.push(tr.t('diff.handicap', {
      stones: tr.t('n.handicapStones', { n: doc.handicap }), after: tr.t('n.stones', { n: d.handicap }), value: d.handicap,
    }));
  }
  if (d.passes) {
    lines.push(tr.t('diff.passes', { side: d.passes > 0 ? 'white' : 'black', times: tr.t('n.times', { n: Math.abs(d.passes) }), value: d.passes }));
  }
  if (d.compensation) lines.push(tr.t('diff.compensation', { points: tr.t('n.points', { n: -d.compensation }), value: d.compensation }));
  if (d.passStones) lines.push(tr.t('diff.passStones', { value: d.passStones }));
  if (d.other) lines.push(tr.t('diff.other', { value: d.other }));
  return lines;
}

/** The points of a server's count (`countAsServer`) that differ from the rules', as indices. */
export function departurePoints(count, doc) {
  return (count?.departures ?? []).filter((d) => d.vertex).map(({ vertex: [x, y] }) => y * doc.width + x);
}

/**
 * Both counts when the recording server's differs from the rules', in words: "B+12.5 by the
 * rules; B+13.5 as OGS counts (false eyes counted as territory: E4)".
 * @param result `scoreBoard`'s result (the rules' count)
 * @param count `countAsServer`'s result
 */
export function serverSentence(result, count, doc, tr = ENGLISH) {
  const reasons = [];
  for (const reason of [...new Set(count.departures.map((d) => d.reason))]) {
    const points = count.departures
      .filter((d) => d.reason === reason && d.vertex)
      .map((d) => pointName(d.vertex[0], d.vertex[1], doc.height));
    reasons.push(tr.t(`server.${reason}`, { points: tr.list(points), n: points.length }));
  }
  return tr.t('server.count', {
    rulesResult: result.result, serverResult: count.result, server: count.conventions, reasons: tr.list(reasons),
  });
}

/**
 * What a score counted with `n` suggested dead stones means, in words; with `interactive`,
 * what the user can do about them.
 */
export function suggestedNote(n, interactive = true, tr = ENGLISH) {
  const counted = tr.t('suggest.note', { n });
  return interactive ? tr.sentences([counted, tr.t('suggest.noteAction')]) : counted;
}

/**
 * The brief result under the board on narrow screens: "W+9.5 by territory counting (area:
 * W+8.5)", with "Suggested:" while suggestions wait.
 */
export function briefResult(result, suggested, tr = ENGLISH) {
  const other = result.method === 'area' ? 'territory' : 'area';
  const text = tr.t('panel.brief', { result: result.result, method: result.method, other, otherResult: result[other].result });
  return suggested ? tr.t('panel.suggested', { text }) : text;
}

/**
 * The caption of an exported picture: the result under the chosen rules, then both counts
 * (`suggested`: the score counts suggested dead stones not yet accepted).
 */
export function captionLines(result, suggested, tr = ENGLISH) {
  const sentence = resultSentence(result, tr);
  const counts = ['territory', 'area'].map((method) => tr.t('caption.count', {
    method, black: result[method].black.total, white: result[method].white.total, result: result[method].result,
  }));
  return [suggested ? tr.t('panel.suggested', { text: sentence }) : sentence, tr.list(counts, 'parts')];
}

/** Fills the panel from a `scoreBoard` result, or shows why there is none. */
export class ScorePanel {
  constructor(root, tr = ENGLISH) {
    this.root = root;
    this.tr = tr;
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
    this.server = root.querySelector('#server-count');
    this.lastSentence = '';
  }

  /**
   * Shows `result` (or why there is none). `suggested`: how many suggested dead stones,
   * not yet accepted, the result counts as dead; the panel then says the score is suggested.
   * `serverCount`: the recording server's count (`countAsServer`) when it differs.
   */
  render(result, errorMessage, doc, suggested = 0, serverCount = null) {
    this.error.hidden = !errorMessage;
    const tr = this.tr;
    this.error.textContent = errorMessage ? tr.t('panel.cannotScore', { error: errorMessage }) : '';
    const prefix = Boolean(result && suggested);
    this.root.classList.toggle('suggested', Boolean(prefix));
    if (this.badge) this.badge.hidden = !prefix;
    if (this.note) {
      this.note.hidden = !prefix;
      this.note.textContent = prefix ? suggestedNote(suggested, true, tr) : '';
    }
    if (this.brief) {
      this.brief.textContent = result ? briefResult(result, prefix, tr) : '';
    }
    if (this.server) {
      this.server.hidden = !(result && serverCount);
      this.server.textContent = result && serverCount ? serverSentence(result, serverCount, doc, tr) : '';
    }
    if (!result) {
      for (const cell of this.cells.values()) cell.textContent = '–';
      this.official.textContent = '';
      this.difference.replaceChildren();
      this.setResult(tr.t(errorMessage ? 'panel.noScore' : 'panel.loading'));
      return;
    }
    for (const method of ['territory', 'area']) {
      for (const side of ['black', 'white']) {
        for (const row of ROWS) this.cells.get(`${method}.${side}.${row}`).textContent = tr.number(result[method][side][row]);
      }
      this.cells.get(`${method}.result`).textContent = result[method].result;
      this.cells.get(`${method}.margin`).textContent = tr.signed(result[method].margin);
      this.heads[method].classList.toggle('official-method', result.method === method);
    }
    // Rows every value of which is zero are shown quieter, so the eye goes to what counts.
    for (const row of ROWS) {
      const used = row === 'total' || ['territory', 'area'].some((m) => ['black', 'white'].some((s) => result[m][s][row] !== 0));
      this.rows.get(row).classList.toggle('unused', !used);
    }
    this.official.textContent = tr.t('panel.official', { rules: rulesName(result.rules, tr), method: result.method, komi: result.komi });
    const items = differenceLines(result, doc, tr).map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    });
    this.difference.replaceChildren(...items);
    const sentence = resultSentence(result, tr);
    this.setResult(prefix ? tr.t('panel.suggested', { text: sentence }) : sentence);
  }

  setResult(sentence) {
    // Only write when it changes, so screen readers announce changes, not every redraw.
    if (sentence !== this.lastSentence) {
      this.result.textContent = sentence;
      this.lastSentence = sentence;
    }
  }
}
