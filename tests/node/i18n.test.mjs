// The message catalogues (www/js/i18n/): every language has every English key (the missing
// ones are printed; a key may only be missing when ALLOWED_MISSING says why), no key English
// lacks, every message parses and renders; plural and number formats per language; the
// count view's words and the panel's sentences in every language, on real library output.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, Translator, loadTranslator, missingKeys, parseMessage, pickLanguage, supportedLanguage } from '../../www/js/i18n.js';
import en from '../../www/js/i18n/en.js';
import { stepTitle, stepWords, termNote, whyIntro, DIFFERENCE_TERMS } from '../../www/js/count-words.js';
import { RULESET_NAMES, captionLines, differenceLines, resultSentence, rulesName, suggestedNote } from '../../www/js/panel.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lib = createRequire(import.meta.url)(root + 'pkg/node/go_score.js');
const CODES = LANGUAGES.map(([code]) => code);

/** Keys a language may lack, each with the reason (none today). */
const ALLOWED_MISSING = {
  // e.g. ja: { 'some.key': 'why English is right there' },
};

const catalogue = async (code) => (await import(`../../www/js/i18n/${code}.js`)).default;

/** The placeholder names of a message. */
function names(parts, out = new Set()) {
  for (const part of parts) {
    if (typeof part === 'string' || part.type === 'hash') continue;
    out.add(part.name);
    for (const option of Object.values(part.options ?? {})) names(option, out);
  }
  return out;
}

test('every catalogue has every English key, and no other', async () => {
  const report = [];
  for (const code of CODES.filter((c) => c !== 'en')) {
    const messages = await catalogue(code);
    const allowed = ALLOWED_MISSING[code] ?? {};
    const missing = missingKeys(messages).filter((key) => !allowed[key]);
    const extra = Object.keys(messages).filter((key) => !Object.hasOwn(en, key));
    if (missing.length) report.push(`${code} lacks ${missing.length}: ${missing.join(', ')}`);
    if (extra.length) report.push(`${code} has keys English lacks: ${extra.join(', ')}`);
    for (const key of Object.keys(allowed)) assert.ok(!Object.hasOwn(messages, key), `${code} has ${key}: drop it from ALLOWED_MISSING`);
  }
  if (report.length) console.log(report.join('\n'));
  assert.deepEqual(report, []);
});

test('every ruleset of the library has its name in every language; English is the library\'s label', async () => {
  const rulesets = lib.rulesets();
  assert.deepEqual(Object.keys(RULESET_NAMES).sort(), rulesets.map(({ name }) => name).sort());
  for (const { name, label } of rulesets) {
    assert.deepEqual(Object.keys(RULESET_NAMES[name]).sort(), [...CODES].sort(), name);
    assert.equal(rulesName(name, await loadTranslator('en')), label);
    for (const code of CODES) assert.equal(rulesName(name, await loadTranslator(code)), RULESET_NAMES[name][code]);
  }
  assert.equal(rulesName('no-such-rules'), 'no-such-rules');
});

test('missingKeys finds what a catalogue lacks, and t() falls back to English', () => {
  const partial = { 'side.black': 'Noir' };
  const missing = missingKeys(partial);
  assert.ok(missing.includes('side.white') && !missing.includes('side.black'));
  assert.equal(missing.length, Object.keys(en).length - 1);
  const tr = new Translator('fr', partial);
  assert.equal(tr.t('side.black'), 'Noir');
  assert.equal(tr.t('side.white'), 'White');
  assert.equal(tr.t('no.such.key'), 'no.such.key');
});

test('every message parses, keeps the wasm error it is given, and uses only placeholders the code passes', async () => {
  // Placeholders a translation may use beyond English's for the same key (the code passes them).
  const EXTRA = { 'result.win': ['margin'], 'win.black': ['margin'], 'win.white': ['margin'] };
  for (const code of CODES) {
    const messages = await catalogue(code);
    for (const [key, text] of Object.entries(messages)) {
      let parts;
      assert.doesNotThrow(() => { parts = parseMessage(text); }, `${code} ${key}`);
      const used = names(parts);
      const english = names(parseMessage(en[key]));
      for (const name of used) assert.ok(english.has(name) || EXTRA[key]?.includes(name), `${code} ${key} uses {${name}}, which the code does not pass`);
      if (english.has('error')) assert.ok(used.has('error'), `${code} ${key} drops {error}`);
      if (english.has('result')) assert.ok(used.has('result'), `${code} ${key} drops {result}`);
    }
  }
  assert.throws(() => parseMessage('{n, plural, one {x}}'), /without other/);
  assert.throws(() => parseMessage('unbalanced }'), /unbalanced/);
});

test('plurals and numbers follow each language', async () => {
  const t = {};
  for (const code of CODES) t[code] = await loadTranslator(code);
  const points = (code, n) => t[code].t('n.points', { n });
  assert.equal(points('en', 1), '1 point');
  assert.equal(points('en', 2), '2 points');
  assert.equal(points('en', 0.5), '0.5 points');
  assert.equal(points('fr', 1.5), '1,5 point', 'French: below 2 is singular');
  assert.equal(points('fr', 2), '2 points');
  assert.equal(points('de', 6.5), '6,5 Punkte');
  assert.deepEqual([1, 2, 5, 21, 1.5, 11].map((n) => points('ru', n)), ['1 очко', '2 очка', '5 очков', '21 очко', '1,5 очка', '11 очков']);
  assert.equal(points('ja', 3.5), '3.5目');
  assert.equal(points('ko', 3.5), '3.5집');
  assert.equal(points('zh-Hant', 7.5), '7.5目');
  assert.equal(t.es.t('n.times', { n: 1 }), '1 vez');
  assert.equal(t.es.t('n.times', { n: 3 }), '3 veces');
  // Numbers: decimal comma where the language has one, a true minus sign, the sign on request.
  assert.equal(t.de.number(-7.5), '−7,5');
  assert.equal(t.ru.signed(2.5), '+2,5');
  assert.equal(t.en.signed(-0.5), '−0.5');
  assert.equal(t.en.signed(0), '0');
  assert.equal(t.fr.number(43.75), '43,75');
  assert.equal(t.en.number(2704), '2704', 'board counts are not grouped');
  // Exact matches before categories; select; list formats.
  assert.match(t.en.t('count.neutral', { count: 0, black: 1, white: 1 }), /^Neutral points in seki cannot/);
  assert.match(t.en.t('count.neutral', { count: 1, black: 0.5, white: 0.5 }), /^1 point in seki cannot/);
  assert.equal(t.de.t('toPlay', { side: 'white' }), 'Weiß am Zug');
  assert.equal(t.en.list(['a', 'b', 'c']), 'a, b, and c');
  assert.equal(t.ja.list(['a', 'b'], 'unit'), 'a、b');
  assert.equal(t.de.t('result.win', { winner: 'black', points: '', margin: 1, result: 'B+1', rules: 'AGA-Regeln', method: 'area' }),
    'Schwarz gewinnt mit 1 Punkt (B+1), AGA-Regeln, Flächenzählung.');
});

test('languages are picked from browser tags', () => {
  assert.equal(supportedLanguage('ja-JP'), 'ja');
  assert.equal(supportedLanguage('zh-TW'), 'zh-Hant');
  assert.equal(supportedLanguage('zh-HK'), 'zh-Hant');
  assert.equal(supportedLanguage('zh-Hant-TW'), 'zh-Hant');
  assert.equal(supportedLanguage('zh-CN'), 'zh-Hans');
  assert.equal(supportedLanguage('zh'), 'zh-Hans');
  assert.equal(supportedLanguage('pt-BR'), null);
  assert.equal(pickLanguage(['pt-BR', 'de-AT', 'en']), 'de');
  assert.equal(pickLanguage([]), 'en');
});

const NINE = ['.O..XO...', '....XO...', '....XO...', '....XO...', '....XO...', '....XO...', '....XO...', '....XO.X.', '....XO...'];
const SEKI = ['.XO.OX...', 'XXOOOX...', 'OOO.OXXXX', '.O.OOOOOX', 'OOOXXXXOX', 'XXXX..XOX', '......XXX', '.........', '.........'];

test('every language words every count step, the why view and the panel without gaps', async () => {
  const inputs = [
    { board: NINE, dead: [[1, 0], [7, 7]], rules: 'japanese', komi: 6.5, captures: { black: 3, white: 2 }, passes: { black: 1, white: 2 }, lastToPlay: 'black' },
    { board: NINE, dead: [[1, 0], [7, 7]], rules: 'chinese', komi: 7.5, handicap: 3, lastToPlay: 'white' },
    { board: SEKI, rules: 'ing', komi: 8 },
  ];
  for (const code of CODES) {
    const tr = await loadTranslator(code);
    const own = code === 'en' ? null : await catalogue(code);
    for (const input of inputs) {
      const score = lib.scoreBoard(input);
      const lines = [resultSentence(score, tr), ...differenceLines(score, { handicap: input.handicap ?? 0 }, tr), suggestedNote(2, true, tr), ...captionLines(score, true, tr)];
      lines.push(...whyIntro(score, { seki: 2, falseEyes: 1, dame: 3 }, tr));
      for (const [key] of DIFFERENCE_TERMS) lines.push(termNote(key, score, input, tr));
      for (const method of ['japanese', 'ing', 'chinese']) {
        const counting = lib.countingSteps({ ...input, method });
        counting.steps.forEach((step, index) => {
          const title = stepTitle(step.kind, tr);
          if (own) assert.notEqual(title, stepTitle(step.kind), `${code}: ${step.kind} has its own title`);
          lines.push(title, ...stepWords(counting, index, { label: 'scoreBoard', total: { black: 1, white: 2 }, margin: counting.margin, result: counting.result }, tr));
        });
      }
      for (const line of lines) {
        assert.doesNotMatch(line, /undefined|NaN|null|\[object|[{}]/, `${code}: ${line}`);
        assert.ok(line.trim().length > 0, `${code}: an empty line`);
      }
      // The result appears as the library writes it, in every language.
      assert.ok(resultSentence(score, tr).includes(score.result), `${code}: ${resultSentence(score, tr)}`);
    }
  }
});
