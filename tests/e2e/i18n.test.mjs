// The page and the widget in other languages, the picture downloads and printing. Screenshots
// of every language at 360 px and 1280 px (page and count view) go to artifacts/i18n-*.png.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../www/js/i18n/en.js';
import { LANGUAGES as OFFERED, supportedLanguage } from '../../www/js/i18n.js';
import { load, readScores, setMode } from './page.test.mjs';

export const tests = [];
const test = (name, fn) => tests.push({ name, fn });

const I18N = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'www', 'js', 'i18n');
/** A browser locale per language that picks it; the languages are i18n.js's (checked below). */
const LOCALES = {
  en: 'en-US', ja: 'ja-JP', ko: 'ko-KR', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', ru: 'ru-RU',
};
/** Every language: its code and a browser locale that picks it. */
const LANGUAGES = OFFERED.map(([code]) => [code, LOCALES[code]]);

test('i18n: every language offered has a browser locale here, and that locale picks it', () => {
  assert.deepEqual(Object.keys(LOCALES).sort(), OFFERED.map(([code]) => code).sort());
  for (const [code, locale] of LANGUAGES) assert.equal(supportedLanguage(locale), code, locale);
});
const catalogues = Object.fromEntries(await Promise.all(LANGUAGES.map(async ([code]) => [code, (await import(path.join(I18N, `${code}.js`))).default])));

/**
 * English words left in `text` where the language has its own: each English message (its
 * plain pieces of 4+ letters, placeholders cut out) that the language words differently.
 */
function englishLeftovers(text, code) {
  const own = catalogues[code];
  const found = new Set();
  for (const [key, value] of Object.entries(en)) {
    if (own[key] === value) continue;
    for (const piece of value.split(/\{[^{}]*\}|[{}#]/)) {
      const words = piece.trim();
      // Whole phrases of two words or more, or a single long word: short ones ("Ko", "AGA") are names.
      if (!/[A-Za-z]{4}/.test(words) || (!words.includes(' ') && words.length < 7)) continue;
      if (text.includes(words)) found.add(`${key}: "${words}"`);
    }
  }
  return [...found];
}

/** The text a person sees in `selector` (hidden parts excluded). */
const visibleText = (page, selector) => page.$eval(selector, (node) => node.innerText);

/** Elements that stick out of the viewport or clip their own text, as descriptions. */
async function overflowing(page) {
  return page.evaluate(() => {
    const out = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const describe = (node) => `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''} "${node.textContent.trim().slice(0, 40)}"`;
    for (const node of document.querySelectorAll('body *')) {
      if (!(node instanceof HTMLElement) || node.closest('.visually-hidden')) continue;
      const rect = node.getBoundingClientRect();
      // Hidden controls (the 1 px file input inside its label) are not seen.
      if (rect.width <= 2 || rect.height <= 2 || node.offsetParent === null || getComputedStyle(node).opacity === '0') continue;
      if (rect.right > width + 1 || rect.left < -1) out.push(`${describe(node)} sticks out (${Math.round(rect.left)}…${Math.round(rect.right)} of ${width})`);
      const clips = ['hidden', 'clip', 'auto', 'scroll'].includes(getComputedStyle(node).overflowX);
      if ((clips || ['BUTTON', 'SUMMARY', 'SELECT', 'LABEL', 'TH', 'TD'].includes(node.tagName)) && node.scrollWidth > node.clientWidth + 1 && node.tagName !== 'SELECT') {
        out.push(`${describe(node)} clips its content (${node.scrollWidth} > ${node.clientWidth})`);
      }
      // A table cell of one word (a number, "Gefangene") broken across lines.
      if (['TD', 'TH'].includes(node.tagName) && node.children.length === 0 && !/\s/.test(node.textContent.trim()) && node.textContent.trim().length > 1) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`${describe(node)} breaks inside a word`);
      }
    }
    return out;
  });
}

/** The size of a PNG from its IHDR chunk. */
function pngSize(buffer) {
  assert.equal(buffer.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** Clicks a Download image menu entry and returns the downloaded file's name and bytes. */
async function downloadFrom(page, details, format) {
  await page.click(`${details} summary`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`${details} [data-download=${format}]`)]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

/** An SVG file parsed in the page: well-formed, its stones, marks, caption and references. */
async function inspectSvg(page, text) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const error = doc.querySelector('parsererror');
    const points = (cls) => [...doc.querySelectorAll(`path.${cls}`)].reduce((sum, node) => sum + Number(node.getAttribute('data-points')), 0);
    return {
      error: error ? error.textContent : null,
      root: doc.documentElement.localName,
      lang: doc.documentElement.getAttribute('lang'),
      black: doc.querySelectorAll('circle.stone-black').length,
      white: doc.querySelectorAll('circle.stone-white').length,
      dead: points('dead-cross'),
      territory: points('territory'),
      caption: [...doc.querySelectorAll('.caption text')].map((node) => node.textContent).join(' '),
      external: [...doc.querySelectorAll('*')].some((node) => [...node.attributes].some((a) => /href/i.test(a.name) || /url\((?!#)/.test(a.value))),
      styleElements: doc.querySelectorAll('style, link').length,
      width: Number(doc.documentElement.getAttribute('width')),
      height: Number(doc.documentElement.getAttribute('height')),
    };
  }, text);
}

test('i18n: the page in Japanese and Korean (picker, browser language, panel, count view, notice, kept on reload)', async (env) => {
  const { page } = await env.open({ locale: 'en-US' });
  await load(page, env.url);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  const englishScores = await readScores(page);
  for (const code of ['ja', 'ko']) {
    const own = catalogues[code];
    await page.selectOption('#language', code);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
    assert.equal(await page.textContent('#head-territory [data-i18n="head.territory"]'), own['head.territory']);
    assert.equal(await page.textContent('[data-row=komi] th'), own['row.komi']);
    assert.equal(await page.textContent('label[for=rules]'), own['settings.rules']);
    assert.match(await page.textContent('#status'), new RegExp(own['status.language'].split('{')[0]));
    // The whole panel, the board's controls and the settings: no English where the language has its own words.
    for (const selector of ['.score-panel', '.settings', '.top', '.board-area']) {
      assert.deepEqual(englishLeftovers(await visibleText(page, selector), code), [], `${code} ${selector}`);
    }
    assert.match(await page.getAttribute('#goban', 'aria-label'), code === 'ja' ? /碁盤/ : /바둑판/);
    // Numbers stay the same numbers.
    const scores = await readScores(page);
    assert.deepEqual(scores.territory.black, englishScores.territory.black);
    // The count view: tabs, step title, words and tally in the language.
    await page.click('#show-count');
    await page.waitForSelector('.count-view[data-step]');
    const tabs = await page.$$eval('.count-tabs [role=tab]', (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(tabs, ['japanese', 'ing', 'chinese', 'why'].map((m) => own[`method.${m}`]));
    await page.focus('.count-view');
    await page.keyboard.press('End');
    assert.match(await page.textContent('.count-title'), new RegExp(own['step.result']));
    assert.deepEqual(englishLeftovers(await visibleText(page, '#count-section'), code), [], `${code} count view`);
    await page.keyboard.press('Escape');
    // A notice: a link that cannot be read.
    await page.evaluate(() => { location.hash = 'v=1&s=9x9&b=nonsense'; });
    await page.waitForSelector('#notice:not([hidden])');
    assert.ok((await page.textContent('#notice-text')).startsWith(own['notice.linkUnreadable'].split('(')[0].split('（')[0]), `${code} notice`);
    assert.deepEqual(englishLeftovers(await visibleText(page, '#notice'), code), []);
    await page.click('#notice-close');
  }
  // Kept with the settings: a reload opens in Korean.
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await page.getAttribute('html', 'lang'), 'ko');
  assert.equal(await page.inputValue('#language'), 'ko');
  // A browser in Japanese opens the page in Japanese.
  const { page: japanese } = await env.open({ locale: 'ja-JP' });
  await load(japanese, env.url);
  assert.equal(await japanese.getAttribute('html', 'lang'), 'ja');
  assert.equal(await japanese.textContent('[data-row=total] th'), catalogues.ja['row.total']);
  assert.match(await japanese.textContent('#result'), /勝ち|持碁/);
});

test('i18n: <go-score lang="ko"> in the lesson, the nearest ancestor lang, live switching', async (env) => {
  const { page } = await env.open({ locale: 'en-US', viewport: { width: 900, height: 1000 } });
  await page.goto(`${env.url}lesson.html`);
  // The widget draws in English until the Korean catalogue has loaded: wait for both.
  await page.waitForFunction(() => {
    const shadow = document.getElementById('localized')?.shadowRoot;
    return shadow?.firstChild?.getAttribute('lang') === 'ko' && shadow.querySelector('.result')?.textContent.includes('+');
  });
  const texts = (id) => page.evaluate((which) => {
    const shadow = document.getElementById(which).shadowRoot;
    return {
      lang: shadow.firstChild.getAttribute('lang'),
      result: shadow.querySelector('.result').textContent,
      heads: [...shadow.querySelectorAll('thead th')].map((n) => n.textContent).filter(Boolean),
      rows: [...shadow.querySelectorAll('tbody th')].map((n) => n.textContent),
      summary: shadow.querySelector('summary').textContent,
      accept: shadow.querySelector('[data-action=accept]').textContent,
      all: shadow.querySelector('.frame').innerText,
      label: shadow.querySelector('svg.goban').getAttribute('aria-label'),
    };
  }, id);
  let ko = await texts('localized');
  assert.equal(ko.lang, 'ko');
  assert.match(ko.result, /승|무승부/);
  assert.deepEqual(ko.heads.slice(0, 2), [catalogues.ko['head.territory'], catalogues.ko['head.area']]);
  assert.equal(ko.rows[0], catalogues.ko['row.territory']);
  assert.equal(ko.summary, catalogues.ko['panel.why']);
  assert.match(ko.label, /바둑판/);
  assert.deepEqual(englishLeftovers(ko.all, 'ko'), []);
  // The other boards of the lesson stay English.
  assert.match((await texts('practice')).result, /wins|Draw/);
  await page.$eval('#localized', (n) => n.scrollIntoView());
  await (await page.$('#localized')).screenshot({ path: path.join(env.artifacts, 'i18n-widget-ko.png') });
  // Live: the attribute, then the picker.
  await page.$eval('#localized', (n) => n.setAttribute('lang', 'de'));
  await page.waitForFunction(() => document.getElementById('localized').shadowRoot.firstChild.getAttribute('lang') === 'de');
  assert.equal((await texts('localized')).rows[0], catalogues.de['row.territory']);
  assert.match((await texts('localized')).result, /gewinnt|Unentschieden/);
  await page.selectOption('#lesson-lang', 'zh-Hant');
  await page.waitForFunction(() => document.getElementById('localized').language === 'zh-Hant');
  assert.equal((await texts('localized')).summary, catalogues['zh-Hant']['panel.why']);
  // Without its own lang it follows the nearest ancestor, then the document; live too.
  await page.$eval('#localized', (n) => { n.removeAttribute('lang'); n.parentElement.setAttribute('lang', 'fr'); });
  await page.waitForFunction(() => document.getElementById('localized').language === 'fr');
  assert.match((await texts('localized')).result, /gagne|nulle/);
  await page.$eval('#localized', (n) => n.parentElement.removeAttribute('lang'));
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'ru'));
  await page.waitForFunction(() => document.getElementById('localized').language === 'ru');
  assert.equal((await texts('practice')).lang, 'ru', 'every board without a lang of its own follows the document');
  assert.match((await texts('localized')).result, /выигрывают|Ничья/);
  // A language go-score does not have: English, marked as English.
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'pt-BR'));
  await page.waitForFunction(() => document.getElementById('localized').language === 'en');
  assert.equal((await texts('localized')).lang, 'en');
  // The count view follows too.
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'ja'));
  await page.waitForFunction(() => document.getElementById('count').shadowRoot.querySelector('.count-tabs button')?.textContent === '日本式');
  // Every board of the lesson at 360 px, in the languages with the longest words, on every count tab: no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const code of ['de', 'ru', 'fr', 'ja']) {
    await page.evaluate((lang) => document.documentElement.setAttribute('lang', lang), code);
    await page.waitForFunction((lang) => document.getElementById('count').language === lang, code);
    for (const method of ['japanese', 'ing', 'chinese', 'why']) {
      await page.evaluate((m) => document.getElementById('count').shadowRoot.querySelector(`[role=tab][data-method=${m}]`).click(), method);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(scroll, 0, `lesson in ${code} at 360 px, count tab ${method}: no sideways scrolling`);
    }
  }
});

test('pictures: Download image gives an SVG and PNGs at 1× and 2× that match the board; the count step too; the widget\'s toSVG/toPNG', async (env) => {
  const { page } = await env.open({ locale: 'ja-JP', acceptDownloads: true });
  await load(page, env.url);
  await page.click('#accept-suggestions');
  const board = await page.evaluate(() => ({
    black: document.querySelectorAll('#goban circle.stone-black').length,
    white: document.querySelectorAll('#goban circle.stone-white').length,
    dead: [...document.querySelectorAll('#goban path.dead-cross')].reduce((s, n) => s + Number(n.dataset.points), 0),
    territory: [...document.querySelectorAll('#goban path.territory')].reduce((s, n) => s + Number(n.dataset.points), 0),
    result: document.querySelector('[data-score="territory.result"]').textContent,
  }));
  assert.ok(board.dead > 0 && board.territory > 0);
  const svg = await downloadFrom(page, '#board-download', 'svg');
  assert.equal(svg.name, 'go-score.svg');
  const seen = await inspectSvg(page, svg.bytes.toString('utf8'));
  assert.equal(seen.error, null);
  assert.equal(seen.root, 'svg');
  assert.equal(seen.lang, 'ja');
  assert.deepEqual({ black: seen.black, white: seen.white, dead: seen.dead, territory: seen.territory }, { black: board.black, white: board.white, dead: board.dead, territory: board.territory });
  assert.ok(seen.caption.includes(board.result) && /勝ち/.test(seen.caption) && seen.caption.includes('日本ルール'), seen.caption);
  assert.equal(seen.external, false, 'no external references');
  assert.equal(seen.styleElements, 0, 'no stylesheet: presentation attributes only');
  const png1 = await downloadFrom(page, '#board-download', 'png');
  const png2 = await downloadFrom(page, '#board-download', 'png2');
  assert.equal(png1.name, 'go-score.png');
  assert.equal(png2.name, 'go-score@2x.png');
  const one = pngSize(png1.bytes);
  const two = pngSize(png2.bytes);
  assert.deepEqual(one, { width: Math.round(seen.width), height: Math.round(seen.height) });
  assert.deepEqual(two, { width: 2 * one.width, height: 2 * one.height });
  // The PNG shows the board: its pixels under a black stone are dark, under the caption white.
  const pixels = await page.evaluate(async (bytes) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const at = (x, y) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    // The example's black stone at K19 (x 8, y 0): 1.25 lines of margin, 32 px a line.
    return { stone: at(Math.round((1.25 + 8) * 32), Math.round(1.25 * 32)), corner: at(2, bitmap.height - 2) };
  }, [...png1.bytes]);
  assert.ok(pixels.stone.every((c) => c < 90), `a black stone is dark: ${pixels.stone}`);
  assert.deepEqual(pixels.corner, [255, 255, 255]);
  // The count view's step.
  await page.click('#show-count');
  await page.waitForSelector('.count-view[data-step]');
  await page.click('.count-controls [data-step=forward]');
  const step = await downloadFrom(page, '#count-download', 'svg');
  assert.equal(step.name, 'go-score-japanese-2.svg');
  const stepSeen = await inspectSvg(page, step.bytes.toString('utf8'));
  assert.equal(stepSeen.error, null);
  const shown = await page.evaluate(() => ({
    black: document.querySelectorAll('.count-board circle.stone-black').length,
    white: document.querySelectorAll('.count-board circle.stone-white').length,
    title: document.querySelector('.count-title').textContent.replace(/^\d+\.\s*/, ''),
  }));
  assert.deepEqual({ black: stepSeen.black, white: stepSeen.white }, { black: shown.black, white: shown.white });
  assert.ok(stepSeen.caption.includes(shown.title) && stepSeen.caption.includes('日本式の整地'), stepSeen.caption);
  const stepPng = await downloadFrom(page, '#count-download', 'png2');
  assert.equal(pngSize(stepPng.bytes).width, 2 * Math.round(stepSeen.width));
  // The widget's methods.
  const { page: lesson } = await env.open({ locale: 'en-US' });
  await lesson.goto(`${env.url}lesson.html`);
  await lesson.waitForFunction(() => document.getElementById('area')?.result);
  const widget = await lesson.evaluate(async () => {
    const element = document.getElementById('area');
    const svgText = element.toSVG();
    const plain = element.toSVG({ caption: false, coordinates: true });
    const blob1 = await element.toPNG();
    const blob2 = await element.toPNG({ scale: 2 });
    const size = async (blob) => { const b = await createImageBitmap(blob); return [b.width, b.height]; };
    let badScale = '';
    try { await element.toPNG({ scale: 3 }); } catch (error) { badScale = error.message; }
    const count = document.getElementById('count');
    return {
      svgText, plain, type: blob1.type, one: await size(blob1), two: await size(blob2), badScale,
      result: element.result.result, dead: element.scoreInput().dead.length, countSvg: count.toSVG(),
    };
  });
  const widgetSeen = await inspectSvg(lesson, widget.svgText);
  assert.equal(widgetSeen.error, null);
  assert.equal(widgetSeen.dead, widget.dead);
  assert.ok(widgetSeen.caption.includes(widget.result) && /Chinese rules/.test(widgetSeen.caption), widgetSeen.caption);
  const plainSeen = await inspectSvg(lesson, widget.plain);
  assert.equal(plainSeen.caption, '');
  assert.ok(widget.plain.includes('class="coord"'), 'coordinates on request');
  assert.equal(widget.type, 'image/png');
  assert.deepEqual(widget.two, [widget.one[0] * 2, widget.one[1] * 2]);
  assert.match(widget.badScale, /scale must be 1 or 2/);
  const countSeen = await inspectSvg(lesson, widget.countSvg);
  assert.equal(countSeen.error, null);
  assert.match(countSeen.caption, /Japanese counting, step 1 of/);
});

test('print: the board and the score table on one A4 page and one Letter page, marks in black and white', async (env) => {
  const { page } = await env.open({ locale: 'de-DE' });
  await load(page, env.url);
  await page.click('#accept-suggestions');
  await page.emulateMedia({ media: 'print' });
  const layout = await page.evaluate(() => {
    const box = (selector) => {
      const node = document.querySelector(selector);
      const r = node.getBoundingClientRect();
      return { top: r.top + scrollY, bottom: r.bottom + scrollY, width: r.width, visible: r.height > 0 && getComputedStyle(node).display !== 'none' };
    };
    const stroke = (selector) => getComputedStyle(document.querySelector(selector)).stroke;
    return {
      board: box('#goban'), table: box('.scores'), settings: box('#settings'),
      cross: stroke('#goban .dead-cross'), seki: document.querySelector('#goban .seki-point') ? stroke('#goban .seki-point') : 'rgb(0, 0, 0)',
      territoryWhite: getComputedStyle(document.querySelector('#goban .territory-white')).stroke,
      wood: getComputedStyle(document.querySelector('#goban .wood')).fill,
    };
  });
  assert.ok(layout.board.visible && layout.table.visible, 'board and table printed');
  assert.equal(layout.settings.visible, false, 'settings not printed');
  assert.equal(layout.cross, 'rgb(0, 0, 0)');
  assert.equal(layout.seki, 'rgb(0, 0, 0)');
  assert.equal(layout.territoryWhite, 'rgb(0, 0, 0)');
  assert.equal(layout.wood, 'rgb(255, 255, 255)');
  for (const format of ['A4', 'Letter']) {
    const pdf = await page.pdf({ format, printBackground: false });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    assert.equal(pages, 1, `${format}: one page, got ${pages}`);
  }
  // The page height the PDF used: the table ends above it.
  const a4Height = (297 - 24) / 25.4 * 96;
  assert.ok(layout.table.bottom < a4Height, `table ends at ${Math.round(layout.table.bottom)} px of ${Math.round(a4Height)}`);
  await page.screenshot({ path: path.join(env.artifacts, 'print-de.png'), fullPage: true });
  // The count view prints its step alone.
  await page.emulateMedia({ media: 'screen' });
  await page.click('#show-count');
  await page.waitForSelector('.count-view[data-step]');
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4' });
  assert.equal((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length, 1, 'the count step on one page');
});

for (const [code, locale] of LANGUAGES) {
  test(`i18n: ${code} at 360 px and 1280 px: no overflow, nothing clipped; screenshots`, async (env) => {
    for (const width of [360, 1280]) {
      const { page, context } = await env.open({ locale, viewport: { width, height: 800 } });
      await load(page, env.url);
      assert.equal(await page.getAttribute('html', 'lang'), code);
      await setMode(page, 'play');
      await setMode(page, 'score');
      assert.deepEqual(await overflowing(page), [], `${code} at ${width} px, score mode`);
      if (code === 'en' && width === 360) {
        // The check itself: a label too long for the screen is caught.
        const caught = await page.evaluate(() => {
          const button = document.createElement('button');
          button.id = 'too-wide';
          button.style.whiteSpace = 'nowrap';
          button.textContent = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen'.repeat(2);
          document.querySelector('.board-actions').appendChild(button);
          return button;
        }).then(() => overflowing(page));
        assert.ok(caught.some((line) => line.includes('#too-wide')), caught.join('\n'));
        await page.evaluate(() => document.getElementById('too-wide').remove());
      }
      await page.click('#board-download summary');
      assert.deepEqual(await overflowing(page), [], `${code} at ${width} px, download menu open`);
      await page.click('#board-download summary');
      await page.screenshot({ path: path.join(env.artifacts, `i18n-${code}-${width}.png`), fullPage: true });
      await page.click('#show-count');
      await page.waitForSelector('.count-view[data-step]');
      await page.click('.count-controls [data-step=last]');
      assert.deepEqual(await overflowing(page), [], `${code} at ${width} px, count view`);
      if (width === 360) await page.screenshot({ path: path.join(env.artifacts, `i18n-${code}-count-${width}.png`), fullPage: true });
      await context.close();
    }
  });
}
