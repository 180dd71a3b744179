// The page: the scorer's controller (controller.js, shared with the <go-score> widget:
// the document, undo/redo, clicks in each mode, suggestions, the score of each render) with
// the page's own panels around it: the score panel, the settings, the game's moves (stepper,
// SGF open and save), the count view, the language, notices, pictures; the document saved
// in localStorage and in the URL hash on every change.

import { Goban, gobanStyleSheet, pointName } from './goban.js';
import { diagramSvg, saveBlob, svgToPng } from './diagram.js';
import { exampleDoc } from './example.js';
import { ENGLISH, LANGUAGES, addLanguageOptions, loadTranslator, localizeDom, pickLanguage, supportedLanguage } from './i18n.js';
import { ScorePanel, rulesName } from './panel.js';
import { Controller, TOOLS, errorText, sentence } from './controller.js';
import { gameAt } from './engine.js';
import { docAtMove, engineAt, lineFromText, lineSgf, lineText, openRecord, playOnLine } from './line.js';
import { Estimates, clearMarks, hasSuggestion, pendingSuggestions, positionKey } from './suggest.js';
import { MAX_SIDE, emptyDoc, normalizeDead, parse, scoreInput, serialize, vertexOf, withChanges } from './state.js';

const STORAGE_KEY = 'go-score:position';
/** The suggested dead stones still waiting, for the position saved under STORAGE_KEY. */
const SUGGESTION_KEY = 'go-score:suggestion';
const PREFS_KEY = 'go-score:prefs';
const HISTORY_KEY = 'go-score:history';
/** The game's moves for the position saved under STORAGE_KEY. */
const LINE_KEY = 'go-score:line';
/** Undo steps kept across a reload (in sessionStorage, for this tab). */
const SAVED_HISTORY = 200;
const HISTORY_LIMIT = 1000;
const MODES = ['setup', 'play', 'score'];

const $ = (id) => document.getElementById(id);

/**
 * The full module (`Game` and SGF, the estimator, the counting steps), once loaded; without
 * it (still loading, or it failed to load) the page scores with the core and sets up stones.
 */
let api = null;
/** The scoring core (pkg-core: scoring and the rulesets), loaded first for the first score. */
let core = null;
/** The module that scores: the full one once loaded, the core before. */
const scorer = () => api ?? core;
/** Display settings kept in localStorage with the set-up stone: coordinates, the language (null: the browser's). */
const prefs = { coords: true, lang: null };
/** The translator of the page's language. */
let tr = ENGLISH;
const t = (key, params) => tr.t(key, params);
/** Game information of the SGF last opened (shown as text only). */
let gameInfo = null;

/** The document, its mode and set-up tool, undo, clicks and scoring; it reports here. */
const controller = new Controller({
  get tr() {
    return tr;
  },
  changed(message) {
    if (message !== null) status(message);
    update();
  },
  refused: status,
}, { historyLimit: HISTORY_LIMIT });
controller.line = { playOnLine };

document.adoptedStyleSheets = [...document.adoptedStyleSheets, gobanStyleSheet()];
const goban = new Goban($('goban'), { onAct: act, onCursor: describeCursor, onShortcut: (key) => controller.shortcut(key) });
const panel = new ScorePanel(document.querySelector('.score-panel'), tr);

// ---- Notices and status ----

/**
 * Notices shown since the last dismissal (a second one does not hide the first), each as a
 * function that words it, so a language change words them again.
 */
const notices = [];

function notice(words) {
  notices.push(typeof words === 'function' ? words : () => words);
  showNotices();
}

function showNotices() {
  $('notice-text').textContent = tr.sentences(notices.map((words) => words()));
  $('notice').hidden = !notices.length;
}


function status(text) {
  $('status').textContent = text;
}

// ---- Saved state ----

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The names of the library's rulesets; null without a module. */
const rulesetNames = () => scorer()?.rulesets().map(({ name }) => name) ?? null;

/** The komi the library gives `rules` with `handicap` stones when none is named; null without a module. */
function defaultKomi(rules, handicap) {
  return scorer()?.defaultKomi(rules, handicap) ?? null;
}

/** The document with the ruleset's default komi filled in where it has none (a link without `k`). */
function withKomi(next) {
  const komi = next.komi ?? defaultKomi(next.rules, next.handicap);
  return komi === next.komi ? next : withChanges(next, { komi });
}

function loadInitial() {
  let saved = null;
  const savedText = storage()?.getItem(STORAGE_KEY);
  if (savedText) {
    try {
      saved = parse(savedText, rulesetNames());
    } catch (error) {
      notice(() => t('notice.savedUnreadable', { error: error.message }));
    }
  }
  const hash = location.hash.slice(1);
  if (hash) {
    try {
      withMode(parse(hash, rulesetNames()));
      // A link replaces what this browser had saved: keep that one step back in undo.
      if (saved && hash !== savedText) {
        controller.history.record(saved.doc);
        status(t('status.linkOpened'));
      }
      return;
    } catch (error) {
      notice(() => t('notice.linkUnreadable', { error: error.message }));
    }
  }
  if (saved) {
    withMode(saved);
    return;
  }
  controller.doc = withKomi(exampleDoc());
  controller.mode = 'score';
  status(t('status.example'));
}

/** Opens a parsed document (and its mode, if it names one). */
function withMode(parsed) {
  controller.doc = withKomi(parsed.doc);
  if (parsed.mode) controller.mode = parsed.mode;
}

function loadPrefs() {
  const text = storage()?.getItem(PREFS_KEY);
  if (!text) return;
  try {
    const stored = JSON.parse(text);
    if (stored === null || typeof stored !== 'object') throw new Error('not an object');
    if (TOOLS.includes(stored.tool)) controller.tool = stored.tool;
    if (typeof stored.coords === 'boolean') prefs.coords = stored.coords;
    if (typeof stored.lang === 'string' && supportedLanguage(stored.lang) === stored.lang) prefs.lang = stored.lang;
  } catch {
    notice(() => t('notice.prefsUnreadable'));
  }
}

function save() {
  const text = serialize(controller.doc, controller.mode);
  history.replaceState(null, '', `#${text}`);
  try {
    storage()?.setItem(STORAGE_KEY, text);
    storage()?.setItem(PREFS_KEY, JSON.stringify({ tool: controller.tool, ...prefs }));
    // Until the module is loaded (and restoreLine has run), the stored moves stay as they are.
    if (api) storage()?.setItem(LINE_KEY, controller.doc.line ? JSON.stringify({ position: text, move: controller.doc.move, line: storedLine(controller.doc.line) }) : '');
    // Suggestions are not marks: they are kept apart, for this position only (never in the URL).
    if (api) storage()?.setItem(SUGGESTION_KEY, hasSuggestion(controller.doc) ? JSON.stringify({ position: text, pending: controller.doc.suggestion.pending }) : '');
  } catch {
    // Storage full or disabled: the URL still holds the position.
  }
}

const lineTexts = new WeakMap();

function storedLine(line) {
  if (!lineTexts.has(line)) lineTexts.set(line, lineText(line));
  return lineTexts.get(line);
}

/**
 * Gives the loaded position back its game's moves, saved with it: only for that exact
 * position, and only when the record replays to it. Anything odd is ignored.
 */
function restoreLine() {
  const text = storage()?.getItem(LINE_KEY);
  if (!text || controller.doc.line || !api) return;
  try {
    const saved = JSON.parse(text);
    if (!saved || saved.position !== serialize(controller.doc, controller.mode) || !Number.isInteger(saved.move) || saved.move < 0) return;
    const line = lineFromText(api, saved.line, controller.doc, saved.move);
    controller.doc = docAtMove(controller.doc, line, saved.move, controller.doc.dead);
  } catch {
    // The position is loaded already; only the move list is missing.
  }
}

/**
 * Gives the loaded position back the suggestions that were waiting on it (the ones the user
 * had rejected stay rejected): only for that exact position, and only stones that are there
 * and unmarked. Anything odd is ignored, and the suggestions are made afresh.
 */
function restoreSuggestion() {
  const text = storage()?.getItem(SUGGESTION_KEY);
  if (!text || hasSuggestion(controller.doc)) return;
  try {
    const saved = JSON.parse(text);
    if (!saved || saved.position !== serialize(controller.doc, controller.mode) || !Array.isArray(saved.pending)) return;
    const fits = (p) => Number.isInteger(p) && p >= 0 && p < controller.doc.stones.length && controller.doc.stones[p] !== 0 && !controller.doc.dead.includes(p);
    if (!saved.pending.every(fits)) return;
    controller.doc = withChanges(controller.doc, { suggestion: { key: positionKey(controller.doc), pending: [...new Set(saved.pending)].sort((a, b) => a - b) } });
  } catch {
    // Suggestions are made again from the position.
  }
}

/** Keeps the undo history for a reload of this tab. */
function saveHistory() {
  try {
    sessionStorage.setItem(HISTORY_KEY, controller.history.toText(controller.doc, SAVED_HISTORY));
  } catch {
    // No session storage: undo starts afresh after a reload.
  }
}

/** Restores the undo history saved for this very position; anything odd is dropped. */
function restoreHistory() {
  try {
    const text = sessionStorage.getItem(HISTORY_KEY);
    if (text) controller.history.restore(text, controller.doc, rulesetNames());
  } catch {
    // A corrupt history is simply not restored; the position itself is already loaded.
  }
}

// ---- Scoring and drawing ----

/** Why the scoring module did not load, if it did not (the error's own words). */
let loadFailure = '';

function update() {
  const loadError = loadFailure ? t('error.loadFailed', { error: loadFailure }) : null;
  const { doc, result, serverCount, suggested, error, view, made } = controller.render({ error: loadError });
  // Suggestions just made for this position are said in the status line.
  if (made) status(tr.sentences([$('status').textContent, t('status.suggested', { n: made })]));
  goban.render(doc, { ...view, mode: controller.mode, coords: prefs.coords });
  panel.render(result, error, doc, suggested.length, serverCount);
  syncControls();
  save();
}

function describeCursor(p) {
  const [x, y] = vertexOf(controller.doc, p);
  const sign = controller.doc.stones[p];
  const point = pointName(x, y, controller.doc.height);
  let text = t(sign === 1 ? 'cursor.blackStone' : sign === -1 ? 'cursor.whiteStone' : 'cursor.empty', { point });
  if (sign && controller.doc.dead.includes(p)) text = t('cursor.dead', { text });
  else if (sign && controller.pending().includes(p)) text = t('cursor.suggested', { text });
  else if (!sign && controller.result) {
    const owner = controller.result.ownership[y][x];
    if (owner) text = t('cursor.owner', { text, owner: owner === 1 ? 'black' : 'white' });
  }
  $('cursor-status').textContent = text;
}

/** Move `k` (1-based) of a line in words: "Black D4", "White passed". */
function moveWords(line, k) {
  const move = line.moves[k - 1];
  if (!move) return '';
  if (move.p < 0) return t('move.pass', { side: move.color });
  return t('move.play', { side: move.color, point: pointName(...vertexOf(controller.doc, move.p), controller.doc.height) });
}

// ---- Stepping through the game's moves ----
// Stepping is navigation, not an edit: it is not an undo step (Undo takes back the last
// edit, wherever the stepper stands). Dead marks made at a move are remembered for that
// move while the page is open; the last move starts with the marks the SGF's TB/TW imply.

/** Dead marks per line and move number. */
const deadByMove = new WeakMap();

function rememberDead(current) {
  if (!current.line) return;
  let marks = deadByMove.get(current.line);
  if (!marks) deadByMove.set(current.line, (marks = new Map()));
  marks.set(current.move, current.dead);
}

/** The dead marks to show at move `k` of `line`: the remembered ones, else TB/TW hints at the end. */
function recalledDead(line, k) {
  const remembered = deadByMove.get(line)?.get(k);
  if (remembered) return remembered;
  return k === line.moves.length && line.hints ? line.hints : null;
}

function stepTo(k) {
  const { line } = controller.doc;
  if (!line) return;
  const target = Math.max(0, Math.min(line.moves.length, Math.round(k)));
  if (target === controller.doc.move) return;
  rememberDead(controller.doc);
  controller.navigate(
    docAtMove(controller.doc, line, target, recalledDead(line, target) ?? []),
    target ? t('status.move', { n: target, total: line.moves.length, what: moveWords(line, target) }) : t('status.start', { total: line.moves.length }),
  );
}

// ---- Board actions ----

function act(p, event) {
  // Moves are the engine's to judge: without the full module there is none yet (or the
  // panel says why).
  if (controller.mode === 'play' && !api) {
    const point = pointName(...vertexOf(controller.doc, p), controller.doc.height);
    status(loadFailure ? t('status.cannotPlay', { point, error: loadFailure }) : t('panel.loading'));
    return;
  }
  controller.act(p, Boolean(event?.shiftKey));
}

/** Makes the pending suggestions the user's own dead marks, as one undoable step. */
function acceptSuggested() {
  const fromButton = document.activeElement === $('accept-suggestions');
  // The button goes away with the suggestions: keep a keyboard user on the board.
  if (controller.accept() && fromButton) $('goban').focus();
}

/** Marks the stones `estimateDeadStones` judges dead, as one undoable step. */
function suggestDead() {
  if (!api) return;
  let estimate;
  try {
    const { board, rules, lastToPlay } = scoreInput(controller.doc);
    estimate = api.estimateDeadStones({ board, rules, lastToPlay });
  } catch (error) {
    status(t('status.noSuggestion', { error: errorText(error) }));
    return;
  }
  const dead = normalizeDead(controller.doc, controller.doc.stones, estimate.dead.map(([x, y]) => y * controller.doc.width + x));
  const open = estimate.needsSealing?.length ?? 0;
  // The estimate becomes the marks (replacing the user's, undoably); nothing waits any more.
  const next = withChanges(controller.doc, { dead, suggestion: { key: positionKey(controller.doc), pending: [] } });
  controller.commit(next, tr.sentences([t('status.estimated', { n: dead.length }), open ? t('status.needsSealing', { n: open }) : '']));
}

// ---- SGF ----

async function openSgf(file) {
  if (!api || !file) return;
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    notice(() => t('notice.fileUnreadable', { error: error.message }));
    return;
  }
  let loaded;
  try {
    loaded = openRecord(api, bytes);
  } catch (error) {
    notice(() => t('notice.sgfUnreadable', { error: errorText(error) }));
    return;
  }
  gameInfo = loaded.info;
  controller.server = loaded.server;
  controller.mode = 'score';
  const opened = loaded.doc;
  // The position still opens; only stepping is missing.
  if (loaded.stepError) notice(() => t('notice.sgfNoSteps', { error: errorText(loaded.stepError) }));
  controller.commit(opened, t('status.opened', { file: file.name.slice(0, 80), moves: loaded.moves, marked: opened.dead.length ? 'yes' : 'no' }));
  if (loaded.notes.length) notice(() => t('notice.sgfNotes', { notes: loaded.notes.join(' ') }));
  showGameInfo();
}

/** The SGF's players, result and date as text (never markup). */
function showGameInfo() {
  const info = gameInfo;
  const line = $('game-info');
  if (!info) {
    line.hidden = true;
    line.textContent = '';
    return;
  }
  const parts = [];
  if (info.GN) parts.push(info.GN);
  parts.push(t('game.players', { black: info.PB || t('side.black'), white: info.PW || t('side.white') }));
  if (info.RE) parts.push(t('game.record', { result: info.RE }));
  if (info.DT) parts.push(info.DT);
  line.textContent = parts.join(' · ');
  line.hidden = false;
}

/**
 * The document as SGF. With a game line: all its moves (also when the stepper stands
 * earlier), scored with the marks of the last move when it has any (those on the board at
 * the end, or remembered, or the file's TB/TW); without: the position as setup, scored.
 */
function sgfText() {
  if (controller.doc.line) {
    const end = controller.doc.line.moves.length;
    const dead = controller.doc.move === end ? controller.doc.dead : recalledDead(controller.doc.line, end);
    return { text: lineSgf(api, controller.doc, dead), scored: Boolean(dead) };
  }
  const own = gameAt(api, controller.doc);
  try {
    return { text: own.toSgf(controller.doc.dead.map((p) => vertexOf(controller.doc, p))), scored: true };
  } finally {
    own.free();
  }
}

function saveSgf() {
  if (!api) return;
  let text;
  let scored;
  try {
    ({ text, scored } = sgfText());
  } catch (error) {
    status(t('status.sgfFailed', { reason: sentence(error, tr) }));
    return;
  }
  saveBlob(new Blob([text], { type: 'application/x-go-sgf' }), 'go-score.sgf');
  const moves = controller.doc.line?.moves.length ?? 0;
  const key = controller.doc.move < moves ? (scored ? 'status.sgfSavedScored' : 'status.sgfSavedUnscored') : 'status.sgfSavedMoves';
  status(moves ? t(key, { moves }) : t('status.sgfSaved'));
}

// ---- How the count is made ----
// A view over the current position: nothing in it changes the document, so leaving it
// shows the position exactly as it was.

let countView = null;
/** count-view.js, fetched with the full module (the first score needs none of it). */
let countViewModule = null;

function countOpen() {
  return !$('count-section').hidden;
}

async function openCount() {
  if (!api || !controller.result) return;
  if (!countView) {
    let CountView;
    try {
      ({ CountView } = await countViewModule);
    } catch (error) {
      status(t('error.loadFailed', { error: errorText(error) }));
      return;
    }
    // A second click may have made it while this one waited.
    if (!countView) {
      countView = new CountView($('count-root'), api, { tr });
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, countView.styleSheet];
    }
  }
  document.querySelector('main.layout').hidden = true;
  $('count-section').hidden = false;
  document.body.dataset.view = 'count';
  // The position as the panel counts it: suggested dead stones, while they wait, included.
  countView.show(scoreInput(controller.scoredDoc()));
  countView.setCoords(prefs.coords);
  countView.view.focus();
}

function closeCount() {
  if (!countOpen()) return;
  countView?.stop();
  $('count-section').hidden = true;
  document.querySelector('main.layout').hidden = false;
  delete document.body.dataset.view;
  status(t('status.countClosed'));
  $('show-count').focus();
}

// ---- Controls ----

/**
 * Stepping keys outside fields: [ and ] one move, PageUp / PageDown ten; also ← → one move
 * and Home / End to the start and end, except on the board, where those move its cursor.
 */
function stepKey(event) {
  if (!controller.doc.line?.moves.length || event.ctrlKey || event.metaKey || event.altKey) return false;
  const onBoard = event.target === $('goban');
  const steps = { '[': -1, ']': 1, PageUp: -10, PageDown: 10 };
  if (!onBoard) Object.assign(steps, { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity });
  const step = steps[event.key];
  if (step === undefined) return false;
  stepTo(Number.isFinite(step) ? controller.doc.move + step : step < 0 ? 0 : Infinity);
  return true;
}

function syncStepper() {
  const line = controller.doc.line;
  const total = line?.moves.length ?? 0;
  $('stepper').hidden = !total;
  if (!total) return;
  const slider = $('move-slider');
  slider.max = String(total);
  if (slider.value !== String(controller.doc.move)) slider.value = String(controller.doc.move);
  slider.setAttribute('aria-valuetext', t('stepper.valueText', { n: controller.doc.move, total }));
  $('move-number').textContent = t('stepper.number', { n: controller.doc.move, total });
  const ends = { 'step-first': 0, 'step-back': 0, 'step-forward': total, 'step-last': total };
  for (const [id, end] of Object.entries(ends)) {
    const button = $(id);
    const disabled = controller.doc.move === end;
    // A keyboard user on a button that goes grey keeps the focus in the stepper.
    if (disabled && document.activeElement === button) slider.focus();
    button.disabled = disabled;
  }
}

function syncControls() {
  syncStepper();
  for (const input of document.querySelectorAll('input[name=mode]')) input.checked = input.value === controller.mode;
  for (const input of document.querySelectorAll('input[name=tool]')) input.checked = input.value === controller.tool;
  $('setup-tools').hidden = controller.mode !== 'setup';
  $('play-tools').hidden = controller.mode !== 'play';
  $('score-tools').hidden = controller.mode !== 'score';
  $('legend').hidden = controller.mode !== 'score';
  const suggesting = controller.pending().length > 0;
  $('accept-suggestions').hidden = !suggesting;
  $('legend-suggested').hidden = !suggesting;
  $('legend-sealing').hidden = !document.querySelector('#goban .sealing-point');
  document.body.dataset.mode = controller.mode;
  $('to-play').textContent = t('toPlay', { side: controller.doc.toPlay });
  $('to-play').dataset.color = controller.doc.toPlay;
  $('show-count').disabled = !controller.result;
  $('undo').disabled = !controller.history.canUndo;
  $('redo').disabled = !controller.history.canRedo;
  setValue('rules', controller.doc.rules);
  setValue('language', tr.lang);
  setValue('komi', controller.doc.komi === null ? '' : String(controller.doc.komi));
  setValue('handicap', String(controller.doc.handicap));
  setValue('captures-black', String(controller.doc.captures.black));
  setValue('captures-white', String(controller.doc.captures.white));
  setValue('passes-black', String(controller.doc.passes.black));
  setValue('passes-white', String(controller.doc.passes.white));
  setValue('last-to-play', controller.doc.lastToPlay ?? '');
  const standard = controller.doc.width === controller.doc.height && [9, 13, 19].includes(controller.doc.width);
  if (!customSizeOpen) setValue('size', standard ? String(controller.doc.width) : 'custom');
  $('custom-size').hidden = !(customSizeOpen || !standard);
  if (document.activeElement !== $('width')) setValue('width', String(controller.doc.width));
  if (document.activeElement !== $('height')) setValue('height', String(controller.doc.height));
  $('coords').checked = prefs.coords;
}

let customSizeOpen = false;

function setValue(id, value) {
  const input = $(id);
  // Do not overwrite what the user is typing.
  if (document.activeElement === input && input.tagName === 'INPUT') return;
  if (input.value !== value) input.value = value;
}

function settingsError(text) {
  $('settings-error').textContent = text;
  $('settings-error').hidden = !text;
}

/** The field's value if `valid`, else null with the message shown (unless `quiet`, while typing). */
function checkedValue(id, valid, message, quiet) {
  const input = $(id);
  const text = input.value.trim();
  const value = Number(text);
  if (text === '' || !valid(value)) {
    if (!quiet) {
      input.setAttribute('aria-invalid', 'true');
      settingsError(message);
    }
    return null;
  }
  input.removeAttribute('aria-invalid');
  settingsError('');
  return value;
}

function wholeNumber(id, label, max, quiet = false) {
  const valid = (v) => Number.isInteger(v) && v >= 0 && v <= max;
  return checkedValue(id, valid, t('error.wholeNumber', { label, max }), quiet);
}

/**
 * A number field that updates the score as the user types (so the page settles before
 * they click elsewhere) and reports a bad value when they leave it.
 */
function numberSetting(id, read, apply) {
  const run = (quiet) => {
    const value = read(quiet);
    if (value === null) return;
    const next = apply(value);
    if (next) controller.commit(next.doc, next.message, id);
  };
  $(id).addEventListener('input', () => run(true));
  $(id).addEventListener('change', () => {
    run(false);
    controller.history.endCoalescing();
  });
}

/** The komi after a handicap change: the new default if the old default was in use. */
function komiForHandicap(handicap) {
  return controller.doc.komi === defaultKomi(controller.doc.rules, controller.doc.handicap) ? defaultKomi(controller.doc.rules, handicap) : controller.doc.komi;
}

function onSetting(id, handler) {
  $(id).addEventListener('change', handler);
}

function wireControls() {
  for (const value of rulesetNames() ?? []) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = optionText(rulesName(value, tr));
    $('rules').appendChild(option);
  }
  addLanguageOptions($('language'));
  $('language').addEventListener('change', () => {
    const code = $('language').value;
    if (supportedLanguage(code) !== code) return;
    prefs.lang = code;
    setLanguage(code, true);
  });
  for (const input of document.querySelectorAll('input[name=mode]')) {
    input.addEventListener('change', () => {
      if (!MODES.includes(input.value)) return;
      controller.setMode(input.value);
    });
  }
  for (const input of document.querySelectorAll('input[name=tool]')) {
    input.addEventListener('change', () => {
      controller.setTool(input.value);
    });
  }
  $('undo').addEventListener('click', () => controller.undo());
  $('redo').addEventListener('click', () => controller.redo());
  $('clear').addEventListener('click', () => {
    gameInfo = null;
    showGameInfo();
    controller.clear();
  });
  $('pass').addEventListener('click', () => controller.pass());
  $('open-sgf').addEventListener('change', () => {
    openSgf($('open-sgf').files[0]);
    $('open-sgf').value = '';
  });
  $('save-sgf').addEventListener('click', saveSgf);
  const frame = $('board-frame');
  frame.addEventListener('dragover', (event) => {
    if (!api || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    frame.classList.add('drop-target');
  });
  frame.addEventListener('dragleave', () => frame.classList.remove('drop-target'));
  frame.addEventListener('drop', (event) => {
    frame.classList.remove('drop-target');
    if (!api) return;
    event.preventDefault();
    openSgf(event.dataTransfer.files[0]);
  });
  $('place-handicap').addEventListener('click', () => {
    const count = wholeNumber('handicap', t('label.handicap'), controller.doc.width * controller.doc.height);
    if (count === null) return;
    if (!scorer()) {
      settingsError(t('error.loadFailed', { error: loadFailure }));
      return;
    }
    // The fixed placement is the library's; boards and counts without one have none.
    const points = scorer().handicapPoints(controller.doc.width, controller.doc.height, count);
    if (!points) {
      settingsError(t('error.handicapPlace', { n: count, width: String(controller.doc.width), height: String(controller.doc.height) }));
      return;
    }
    const stones = controller.doc.stones.slice();
    for (const [x, y] of points) stones[y * controller.doc.width + x] = 1;
    controller.commit(
      controller.offLine({ stones, handicap: count, komi: komiForHandicap(count), dead: normalizeDead(controller.doc, stones, controller.doc.dead), toPlay: 'white', lastMove: -1 }),
      t('status.handicapPlaced', { n: count }),
    );
  });
  $('step-first').addEventListener('click', () => stepTo(0));
  $('step-back').addEventListener('click', () => stepTo(controller.doc.move - 1));
  $('step-forward').addEventListener('click', () => stepTo(controller.doc.move + 1));
  $('step-last').addEventListener('click', () => stepTo(Infinity));
  $('move-slider').addEventListener('input', () => stepTo(Number($('move-slider').value)));
  $('copy-link').addEventListener('click', async () => {
    save();
    try {
      await navigator.clipboard.writeText(location.href);
      status(t('status.linkCopied'));
    } catch {
      status(t('status.copyByHand'));
    }
  });
  $('estimate-dead').addEventListener('click', suggestDead);
  $('accept-suggestions').addEventListener('click', acceptSuggested);
  $('show-count').addEventListener('click', openCount);
  $('count-close').addEventListener('click', closeCount);
  // The count view's menu: the board's, for the step shown.
  const stepMenu = $('board-download').cloneNode(true);
  stepMenu.id = 'count-download';
  stepMenu.querySelector('summary').dataset.i18n = 'actions.downloadStep';
  $('count-close').before(stepMenu);
  localizeDom(stepMenu, tr);
  for (const button of document.querySelectorAll('[data-download]')) {
    button.addEventListener('click', () => {
      const format = button.dataset.download;
      button.closest('details').open = false;
      downloadImage(format === 'svg' ? 'svg' : 'png', format === 'png2' ? 2 : 1);
    });
  }
  $('clear-dead').addEventListener('click', () => {
    const what = pendingSuggestions(controller.doc).length ? (controller.doc.dead.length ? 'status.bothCleared' : 'status.suggestionsCleared') : 'status.marksCleared';
    controller.commit(clearMarks(controller.doc), t(what));
  });
  $('notice-close').addEventListener('click', () => {
    notices.length = 0;
    $('notice').hidden = true;
  });
  $('settings').addEventListener('submit', (event) => event.preventDefault());

  onSetting('rules', () => {
    const rules = $('rules').value;
    if (!rulesetNames()?.includes(rules)) return;
    controller.commit(withChanges(controller.doc, { rules, komi: defaultKomi(rules, controller.doc.handicap) }), t('status.rules', { rules: rulesName(rules, tr) }));
    checkLine();
  });
  numberSetting(
    'komi',
    (quiet) => checkedValue('komi', (v) => Number.isInteger(v * 2) && Math.abs(v) <= 1000, t('error.komi'), quiet),
    (komi) => komi !== controller.doc.komi && { doc: withChanges(controller.doc, { komi }), message: t('status.komi', { komi }) },
  );
  numberSetting(
    'handicap',
    (quiet) => wholeNumber('handicap', t('label.handicap'), controller.doc.width * controller.doc.height, quiet),
    (handicap) => handicap !== controller.doc.handicap && {
      doc: withChanges(controller.doc, { handicap, komi: komiForHandicap(handicap) }),
      message: t('status.handicap', { n: handicap }),
    },
  );
  for (const what of ['captures', 'passes']) {
    for (const side of ['black', 'white']) {
      const id = `${what}-${side}`;
      numberSetting(
        id,
        (quiet) => wholeNumber(id, t(`label.${what}`, { side }), 1_000_000, quiet),
        (value) => value !== controller.doc[what][side] && {
          doc: controller.offLine({ [what]: { ...controller.doc[what], [side]: value } }),
          message: t(`status.${what}`, { side, n: value }),
        },
      );
    }
  }
  onSetting('last-to-play', () => {
    const value = $('last-to-play').value;
    controller.commit(controller.offLine({ lastToPlay: value === 'black' || value === 'white' ? value : null }), t('status.lastToPlay'));
  });
  onSetting('size', () => {
    const value = $('size').value;
    if (value === 'custom') {
      customSizeOpen = true;
      syncControls();
      $('width').focus();
      return;
    }
    customSizeOpen = false;
    newBoard(Number(value), Number(value));
  });
  $('apply-size').addEventListener('click', () => {
    const width = wholeNumber('width', t('label.width'), MAX_SIDE);
    const height = width === null ? null : wholeNumber('height', t('label.height'), MAX_SIDE);
    if (width === null || height === null) return;
    if (width < 1 || height < 1) {
      settingsError(t('error.size', { max: MAX_SIDE }));
      return;
    }
    newBoard(width, height);
  });
  $('coords').addEventListener('change', () => {
    prefs.coords = $('coords').checked;
    update();
  });

  document.addEventListener('keydown', (event) => {
    const target = event.target;
    // The count view has keys of its own and changes nothing; Escape leaves it.
    if (countOpen()) {
      if (event.key === 'Escape') closeCount();
      return;
    }
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    const key = event.key.toLowerCase();
    if (stepKey(event)) {
      event.preventDefault();
    } else if ((event.ctrlKey || event.metaKey) && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) controller.redo();
      else controller.undo();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
      event.preventDefault();
      controller.redo();
    }
  });

  // A link pasted into this tab: open it as one undoable step.
  window.addEventListener('hashchange', () => {
    const text = location.hash.slice(1);
    if (!text || text === serialize(controller.doc, controller.mode)) return;
    closeCount();
    try {
      const parsed = parse(text, rulesetNames());
      if (parsed.mode) controller.mode = parsed.mode;
      controller.commit(withKomi(parsed.doc), t('status.linkOpenedHere'));
    } catch (error) {
      notice(() => t('notice.linkUnreadable', { error: error.message }));
      save();
    }
  });
}

/** After a rules change: are the game's moves legal under the new rules? (The move list is kept either way.) */
function checkLine() {
  if (!controller.doc.line || !api) return;
  try {
    engineAt(api, controller.doc.line, controller.doc.move, controller.doc);
  } catch (error) {
    const reason = sentence(error, tr).replace(/\.$/, '');
    notice(() => t('notice.movesIllegal', { error: reason }));
  }
}

function newBoard(width, height) {
  gameInfo = null;
  controller.server = null;
  showGameInfo();
  controller.commit(emptyDoc(width, height, controller.doc.rules, controller.doc.komi), t('status.newBoard', { width: String(width), height: String(height) }));
}

// ---- Language ----

/** Whether the controls are wired and the document loaded (start() has run that far). */
let wired = false;

/**
 * Shows the page in language `code` (loading its catalogue): the static text, the panel,
 * the count view, notices; `<html lang>` follows. With `announce`, the status line says so.
 */
async function setLanguage(code, announce) {
  let next;
  try {
    next = await loadTranslator(code);
  } catch {
    next = ENGLISH;
  }
  tr = next;
  document.documentElement.lang = tr.lang;
  localizeDom(document, tr);
  for (const option of $('rules').options) option.textContent = optionText(rulesName(option.value, tr));
  panel.tr = tr;
  panel.lastSentence = '';
  goban.tr = tr;
  countView?.setTranslator(tr);
  if (notices.length) showNotices();
  showGameInfo();
  if (announce) status(t('status.language', { name: LANGUAGES.find(([id]) => id === tr.lang)[1] }));
  // Before start() has read the saved position, nothing is drawn (or saved over it).
  if (wired) update();
}

/** A name as a list entry: first letter upper case ("règles japonaises" → "Règles japonaises"). */
const optionText = (name) => name.charAt(0).toLocaleUpperCase(tr.lang) + name.slice(1);

// ---- Pictures ----

/**
 * The board as shown (or the count view's step) as a picture file: SVG, or PNG at `scale`
 * 1 or 2, captioned in the page's language, downloaded.
 */
async function downloadImage(format, scale) {
  let picture;
  let name;
  try {
    if (countOpen()) {
      picture = countView.toSVG({ coords: prefs.coords });
      name = `go-score-${countView.method}-${countView.index + 1}`;
    } else {
      picture = diagramSvg(goban.drawing({ coords: prefs.coords }), { caption: controller.captionLines(), lang: tr.lang });
      name = 'go-score';
    }
    const blob = format === 'svg' ? new Blob([picture.svg], { type: 'image/svg+xml' }) : await svgToPng(picture, scale);
    const file = `${name}${format === 'png' && scale === 2 ? '@2x' : ''}.${format}`;
    saveBlob(blob, file);
    status(t('status.downloaded', { file }));
  } catch (error) {
    status(t('status.downloadFailed', { error: errorText(error) }));
  }
}

/** Initialises a wasm module's glue once imported: the module, or null with `loadFailure` saying why. */
async function loadModule(importing) {
  try {
    const module = await importing;
    await module.default();
    return module;
  } catch (error) {
    loadFailure = errorText(error);
    return null;
  }
}

async function start() {
  loadPrefs();
  // The scoring core loads while the language's words do: the stored position names a
  // ruleset and may leave its komi to the ruleset, which only the library knows. The first
  // score needs no more; the full module loads alongside (the core alone is preloaded, so
  // its bytes come first), and the suggestions, moves and SGF come when it does.
  const loadingCore = loadModule(import('../pkg-core/go_score.js'));
  const loadingFull = loadModule(import('../pkg/go_score.js'));
  // The page's words before anything is drawn: the saved choice, else the browser's language.
  await setLanguage(prefs.lang ?? pickLanguage(navigator.languages ?? [navigator.language]), false);
  core = await loadingCore;
  controller.api = core;
  // Until the full module is in, moves wait for it.
  controller.noModule = t('panel.loading');
  loadInitial();
  if (!controller.history.canUndo) restoreHistory();
  window.addEventListener('pagehide', saveHistory);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveHistory();
  });
  wireControls();
  wired = true;
  update();
  api = await loadingFull;
  controller.noModule = loadFailure;
  if (api) {
    loadFailure = '';
    countViewModule = import('./count-view.js');
    controller.api = api;
    controller.estimates = new Estimates(api);
    $('open-sgf-label').hidden = false;
    $('save-sgf').hidden = false;
    $('estimate-dead').hidden = false;
    restoreLine();
    restoreSuggestion();
  }
  update();
  if (!api) return;
  document.body.dataset.ready = 'true';
  // Offline use once loaded: the service worker keeps a copy of every file.
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

start();
