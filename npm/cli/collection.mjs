// Collections: an SGF file may hold several game trees, and the library reads only the first
// (`Game.fromSgf` notes "the file holds N games; the first was read"). The CLI scores the
// others by decoding the file's bytes as the library does and cutting the text into one game
// tree each, which the library then reads as strings.
//
// Why decode before cutting: in Shift_JIS, Big5 and GBK the second byte of a two-byte
// character may be 0x5C `\` or 0x5D `]`, so a scan of the raw bytes would end or escape a
// property value inside a Japanese or Chinese comment. Decoded text has no such trap.

/** `CA` labels the library decodes without TextDecoder's legacy tables (src/sgf.rs `Builtin`). */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
const UTF16_LABELS = new Set(['utf-16', 'utf-16le', 'unicode', 'ucs-2', 'utf-16be', 'unicodefffe']);
const LATIN1_LABELS = new Set([
  'iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'windows-1252', 'cp1252', 'ascii', 'us-ascii', 'iso_8859-1', 'cp819',
]);

/**
 * SGF bytes as text, decoded the way the library decodes them (`decode_with` in src/sgf.rs):
 * a byte-order mark wins; UTF-16 without one is recognised by its zero bytes; otherwise the
 * first `CA[…]` names the charset; without a usable one, UTF-8, else windows-1252.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function decodeSgf(bytes) {
  const decode = (label, fatal = false) => new TextDecoder(label, { fatal }).decode(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be');
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return decode(utf16);

  let utf8 = null;
  try {
    utf8 = decode('utf-8', true);
  } catch {
    // not UTF-8
  }
  const label = charsetLabel(bytes)?.toLowerCase();
  if (label && LATIN1_LABELS.has(label)) return decode('windows-1252');
  if (label && !UTF8_LABELS.has(label) && !UTF16_LABELS.has(label)) {
    // EUC-CN is GB2312's byte form, which GBK extends; WHATWG labels it only "gb2312".
    const known = label === 'euc-cn' ? 'gbk' : label;
    try {
      return decode(known, true);
    } catch (error) {
      // A RangeError is an unknown label: UTF-8 or windows-1252 below, as the library does.
      if (!(error instanceof RangeError)) return utf8 ?? decode(known);
    }
  }
  return utf8 ?? decode('windows-1252');
}

/** 'utf-16le' or 'utf-16be' when the first 64 bytes show UTF-16 without a byte-order mark. */
function utf16WithoutMark(bytes) {
  const head = bytes.subarray(0, Math.min(bytes.length, 64) & ~1);
  const pairs = head.length / 2;
  if (pairs < 2) return null;
  const zeros = (parity) => head.filter((b, i) => i % 2 === parity && b === 0).length;
  for (const [parity, label] of [[1, 'utf-16le'], [0, 'utf-16be']]) {
    const firstPairFits = head[parity] === 0 && head[1 - parity] !== 0;
    if (firstPairFits && zeros(parity) * 2 > pairs && zeros(1 - parity) === 0) return label;
  }
  return null;
}

/** The value of the first `CA[…]` in the raw bytes (ASCII in every charset SGF files use). */
function charsetLabel(bytes) {
  for (let i = 0; i + 3 <= bytes.length; i++) {
    if (bytes[i] !== 0x43 || bytes[i + 1] !== 0x41 || bytes[i + 2] !== 0x5b) continue; // CA[
    if (i > 0 && bytes[i - 1] >= 0x41 && bytes[i - 1] <= 0x5a) continue; // part of e.g. "FCA["
    const end = bytes.indexOf(0x5d, i + 3);
    if (end < 0) return null;
    return new TextDecoder('latin1').decode(bytes.subarray(i + 3, end)).trim();
  }
  return null;
}

/**
 * The game trees of an SGF text, each from its `(` to its matching `)`: the smallest scan that
 * respects SGF's structure (parentheses inside `[…]` values, with `\` escapes, are text). A tree
 * starts at a `(` followed by `;` (spaces allowed between), as the library's first tree does,
 * so text around the trees is skipped. An unclosed last tree is returned as it is, for the
 * library to report.
 * @param {string} text
 * @returns {string[]}
 */
export function splitGameTrees(text) {
  const trees = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (depth === 0) {
      if (c === '(' && /^\(\s*;/.test(text.slice(i, i + 64))) {
        start = i;
        depth = 1;
      }
    } else if (c === '[') {
      // Skip the value: `\` escapes the next character, `]` ends it.
      for (i++; i < text.length && text[i] !== ']'; i++) if (text[i] === '\\') i++;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      trees.push(text.slice(start, i + 1));
    }
  }
  if (depth > 0) trees.push(text.slice(start));
  return trees;
}
