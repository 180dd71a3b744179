// Translations: a message catalogue per language (www/js/i18n/<code>.js), loaded on
// demand, and a Translator that formats its messages with the language's own plural rules
// and number format (Intl). English is built in and fills any key a catalogue lacks.
//
// Messages are plain text with placeholders, a small subset of ICU MessageFormat:
//   {name}                               a parameter (numbers formatted for the language)
//   {name, signed}                       a number with its sign: +3.5, −2
//   {name, plural, =0 {…} one {…} other {…}}  by the language's plural category of name
//                                        (`#` inside is the formatted number)
//   {name, select, black {…} other {…}}  by the parameter's value
// Pieces that carry their own plural (e.g. "3 stones") are messages of their own, passed
// in as parameters: word order stays the language's, nothing is glued by the code.

import en from './i18n/en.js';

/**
 * Every language offered, once: its code, its name in that language, and its catalogue's
 * module, imported only when asked for (bundlers see every path; English is built in).
 * Everything else that lists the languages (LANGUAGES, the pickers, the service worker's
 * cache, the package's files) follows this table or is checked against it by a test.
 */
const CATALOGUES = {
  en: ['English', null],
  ja: ['日本語', () => import('./i18n/ja.js')],
  ko: ['한국어', () => import('./i18n/ko.js')],
  'zh-Hans': ['简体中文', () => import('./i18n/zh-Hans.js')],
  'zh-Hant': ['繁體中文', () => import('./i18n/zh-Hant.js')],
  fr: ['Français', () => import('./i18n/fr.js')],
  de: ['Deutsch', () => import('./i18n/de.js')],
  es: ['Español', () => import('./i18n/es.js')],
  ru: ['Русский', () => import('./i18n/ru.js')],
};

/** The languages offered, as `[code, name in that language]`. */
export const LANGUAGES = Object.entries(CATALOGUES).map(([code, [name]]) => [code, name]);

/** Fills a `<select>` with one option per language, each named in its own language. */
export function addLanguageOptions(select) {
  for (const [code, name] of LANGUAGES) {
    const option = select.ownerDocument.createElement('option');
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.appendChild(option);
  }
}

/**
 * The supported language for a BCP 47 tag, or null: `ja-JP` → `ja`, `zh-TW` / `zh-HK` /
 * `zh-Hant…` → `zh-Hant`, any other `zh` → `zh-Hans`, `pt` → null.
 */
export function supportedLanguage(tag) {
  if (typeof tag !== 'string' || !tag.trim()) return null;
  const parts = tag.trim().replace(/_/g, '-').split('-');
  const primary = parts[0].toLowerCase();
  if (primary === 'zh') {
    const rest = parts.slice(1).map((p) => p.toLowerCase());
    if (rest.includes('hant') || rest.some((p) => ['tw', 'hk', 'mo'].includes(p))) return 'zh-Hant';
    return 'zh-Hans';
  }
  return Object.hasOwn(CATALOGUES, primary) ? primary : null;
}

/** The first supported language of `tags` (e.g. `navigator.languages`), else English. */
export function pickLanguage(tags) {
  for (const tag of tags ?? []) {
    const code = supportedLanguage(tag);
    if (code) return code;
  }
  return 'en';
}

// ---- Message format ----

/** Parses a message into parts: strings and `{ name, type, options }` (options: key → parts). */
export function parseMessage(text) {
  let i = 0;
  function parts(inOption) {
    const out = [];
    let plain = '';
    while (i < text.length) {
      const ch = text[i];
      if (ch === '}') {
        if (inOption) break;
        throw new Error(`unbalanced } in: ${text}`);
      }
      if (ch === '{') {
        if (plain) out.push(plain);
        plain = '';
        out.push(argument());
      } else if (ch === '#' && inOption) {
        if (plain) out.push(plain);
        plain = '';
        out.push({ type: 'hash' });
        i++;
      } else {
        plain += ch;
        i++;
      }
    }
    if (plain) out.push(plain);
    return out;
  }
  function word() {
    const match = /^\s*([^\s,{}]+)\s*/.exec(text.slice(i));
    if (!match) throw new Error(`bad message at ${i}: ${text}`);
    i += match[0].length;
    return match[1];
  }
  function argument() {
    i++; // {
    const name = word();
    if (text[i] === '}') {
      i++;
      return { name, type: 'value' };
    }
    if (text[i] !== ',') throw new Error(`bad placeholder in: ${text}`);
    i++;
    const type = word();
    if (type === 'signed') {
      if (text[i] !== '}') throw new Error(`bad placeholder in: ${text}`);
      i++;
      return { name, type };
    }
    if (type !== 'plural' && type !== 'select') throw new Error(`unknown placeholder type ${type} in: ${text}`);
    if (text[i] !== ',') throw new Error(`bad ${type} in: ${text}`);
    i++;
    const options = {};
    for (;;) {
      while (/\s/.test(text[i])) i++;
      if (text[i] === '}') {
        i++;
        break;
      }
      const key = word();
      if (text[i] !== '{') throw new Error(`bad option ${key} in: ${text}`);
      i++;
      options[key] = parts(true);
      if (text[i] !== '}') throw new Error(`unclosed option ${key} in: ${text}`);
      i++;
    }
    if (!options.other) throw new Error(`${type} without other in: ${text}`);
    return { name, type, options };
  }
  return parts(false);
}

// ---- Translator ----

/** Formats the messages of one language; `t(key, params)` falls back to English per key. */
export class Translator {
  /** `messages`: the language's catalogue (a missing key falls back to `fallback`). */
  constructor(lang, messages, fallback = en) {
    this.lang = lang;
    this.messages = messages;
    this.fallback = fallback;
    this.parsed = new Map();
    this.numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, useGrouping: 'min2' });
    this.plurals = new Intl.PluralRules(lang);
  }

  /** Whether the language's own catalogue has `key`. */
  has(key) {
    return Object.hasOwn(this.messages, key);
  }

  /** The message `key` with `params` filled in; the key itself when no catalogue has it. */
  t(key, params = {}) {
    let parts = this.parsed.get(key);
    if (!parts) {
      const text = this.has(key) ? this.messages[key] : this.fallback[key];
      if (typeof text !== 'string') return key;
      parts = parseMessage(text);
      this.parsed.set(key, parts);
    }
    return this.render(parts, params, null);
  }

  render(parts, params, hash) {
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') {
        out += part;
        continue;
      }
      if (part.type === 'hash') {
        out += hash === null ? '#' : this.number(hash);
        continue;
      }
      const value = params[part.name];
      if (part.type === 'value') {
        out += typeof value === 'number' ? this.number(value) : String(value ?? '');
      } else if (part.type === 'signed') {
        out += this.signed(Number(value));
      } else if (part.type === 'plural') {
        const n = Number(value);
        const chosen = part.options[`=${n}`] ?? part.options[this.plurals.select(Math.abs(n))] ?? part.options.other;
        out += this.render(chosen, params, Math.abs(n));
      } else {
        out += this.render(part.options[String(value)] ?? part.options.other, params, hash);
      }
    }
    return out;
  }

  /** A number in the language's format, with a true minus sign (−7.5), up to 2 decimals. */
  number(n) {
    const text = this.numbers.format(Math.abs(n));
    return n < 0 && !Object.is(n, -0) ? `−${text}` : text;
  }

  /** A number with its sign: `+3.5`, `−2`, `0`. */
  signed(n) {
    return (n > 0 ? '+' : '') + this.number(n);
  }

  /**
   * Items joined as the language lists them: `conjunction` "a, b and c" (Intl.ListFormat),
   * `unit` "a, b, c" (the catalogue's separator, `sep.list`), `parts` "a; b" (`sep.parts`).
   */
  list(items, type = 'conjunction') {
    if (items.length < 2) return items.join('');
    if (type === 'unit') return items.join(this.t('sep.list'));
    if (type === 'parts') return items.join(this.t('sep.parts'));
    return new Intl.ListFormat(this.lang, { type: 'conjunction' }).format(items);
  }

  /** Sentences one after another, as the language writes them (a space, or none in CJK). */
  sentences(list) {
    return list.filter(Boolean).join(this.t('sep.sentence'));
  }
}

/** The English translator (always at hand, no loading). */
export const ENGLISH = new Translator('en', en);

const loaded = new Map([['en', ENGLISH]]);

/** The translator for `code` if its catalogue is loaded already, else null. */
export function loadedTranslator(code) {
  return loaded.get(supportedLanguage(code) ?? 'en') ?? null;
}

/**
 * The translator for a language tag (an unsupported one gives English), loading its
 * catalogue the first time.
 */
export async function loadTranslator(tag) {
  const code = supportedLanguage(tag) ?? 'en';
  if (!loaded.has(code)) {
    const module = await CATALOGUES[code][1]();
    loaded.set(code, new Translator(code, module.default));
  }
  return loaded.get(code);
}

/** The keys of `messages` (a catalogue) that English has and it lacks. */
export function missingKeys(messages) {
  return Object.keys(en).filter((key) => !Object.hasOwn(messages, key));
}

/**
 * Translates the static markup under `root`: `data-i18n="key"` sets the text,
 * `data-i18n-title`, `data-i18n-aria-label`, `data-i18n-aria-roledescription` and
 * `data-i18n-content` the attributes.
 */
export function localizeDom(root, tr) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = tr.t(node.dataset.i18n);
  const attributes = [
    ['i18nTitle', 'title'], ['i18nAriaLabel', 'aria-label'], ['i18nAriaRoledescription', 'aria-roledescription'], ['i18nContent', 'content'],
  ];
  for (const [data, attribute] of attributes) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const node of root.querySelectorAll(selector)) node.setAttribute(attribute, tr.t(node.dataset[data]));
  }
}
