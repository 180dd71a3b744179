// The page: wires the goban, the score panel and the controls to one document with
// undo/redo, saved in localStorage and in the URL hash on every change.

import { Goban, gobanStyleSheet, pointName } from './goban.js';
import { CountView } from './count-view.js';
import { diagramSvg, saveBlob, svgToPng } from './diagram.js';
import { exampleDoc } from './example.js';
import { ENGLISH, LANGUAGES, loadTranslator, localizeDom, pickLanguage, supportedLanguage } from './i18n.js';
import { ScorePanel, captionLines, departurePoints, rulesName } from './panel.js';
import { gameAt, readSgf } from './engine.js';
import { docAtMove, engineAt, lineFromText, lineSgf, lineText, openLine, playOnLine } from './line.js';
import { History } from './history.js';
import {
  Estimates, acceptSuggestions, clearMarks, hasSuggestion, pendingSuggestions, positionKey, scoreShown, sealingShown, suggest,
  toggleMark, withSuggestionsApplied,
} from './suggest.js';
import {
  MAX_SIDE, deadToggleTargets, emptyDoc, normalizeDead, parse, scoreInput, serialize, stonesAfterTool, vertexOf, withChanges,
} from './state.js';

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
const TOOLS = ['black', 'white', 'erase'];
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
let doc = emptyDoc(19);
let mode = 'setup';
/** Display settings kept in localStorage: the set-up stone, coordinates, the language (null: the browser's). */
const prefs = { tool: 'black', coords: true, lang: null };
/** The translator of the page's language. */
let tr = ENGLISH;
const t = (key, params) => tr.t(key, params);
const undoHistory = new History(HISTORY_LIMIT);
/** Game information of the SGF last opened (shown as text only). */
let gameInfo = null;
/** The server that recorded the opened record, when its header names one (`game.server`). */
let recordServer = null;
/** The module's dead-stone estimates, per position (none until the module is loaded). */
let estimates = new Estimates(null);

document.adoptedStyleSheets = [...document.adoptedStyleSheets, gobanStyleSheet()];
const goban = new Goban($('goban'), { onAct: act, onCursor: describeCursor, onShortcut: shortcut });
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

/** The message of an error (from the library or the page's parser: English, shown inside a localised sentence). */
const errorText = (error) => (error instanceof Error ? error.message : String(error));

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
      ({ doc, mode } = withMode(parse(hash, rulesetNames())));
      // A link replaces what this browser had saved: keep that one step back in undo.
      if (saved && hash !== savedText) {
        undoHistory.record(saved.doc);
        status(t('status.linkOpened'));
      }
      return;
    } catch (error) {
      notice(() => t('notice.linkUnreadable', { error: error.message }));
    }
  }
  if (saved) {
    ({ doc, mode } = withMode(saved));
    return;
  }
  doc = withKomi(exampleDoc());
  mode = 'score';
  status(t('status.example'));
}

function withMode(parsed) {
  return { doc: withKomi(parsed.doc), mode: parsed.mode ?? mode };
}

function loadPrefs() {
  const text = storage()?.getItem(PREFS_KEY);
  if (!text) return;
  try {
    const stored = JSON.parse(text);
    if (stored === null || typeof stored !== 'object') throw new Error('not an object');
    if (TOOLS.includes(stored.tool)) prefs.tool = stored.tool;
    if (typeof stored.coords === 'boolean') prefs.coords = stored.coords;
    if (typeof stored.lang === 'string' && supportedLanguage(stored.lang) === stored.lang) prefs.lang = stored.lang;
  } catch {
    notice(() => t('notice.prefsUnreadable'));
  }
}

function save() {
  const text = serialize(doc, mode);
  history.replaceState(null, '', `#${text}`);
  try {
    storage()?.setItem(STORAGE_KEY, text);
    storage()?.setItem(PREFS_KEY, JSON.stringify(prefs));
    // Until the module is loaded (and restoreLine has run), the stored moves stay as they are.
    if (api) storage()?.setItem(LINE_KEY, doc.line ? JSON.stringify({ position: text, move: doc.move, line: storedLine(doc.line) }) : '');
    // Suggestions are not marks: they are kept apart, for this position only (never in the URL).
    if (api) storage()?.setItem(SUGGESTION_KEY, hasSuggestion(doc) ? JSON.stringify({ position: text, pending: doc.suggestion.pending }) : '');
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
  if (!text || doc.line || !api) return;
  try {
    const saved = JSON.parse(text);
    if (!saved || saved.position !== serialize(doc, mode) || !Number.isInteger(saved.move) || saved.move < 0) return;
    const line = lineFromText(api, saved.line, doc, saved.move);
    doc = docAtMove(doc, line, saved.move, doc.dead);
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
  if (!text || hasSuggestion(doc)) return;
  try {
    const saved = JSON.parse(text);
    if (!saved || saved.position !== serialize(doc, mode) || !Array.isArray(saved.pending)) return;
    const fits = (p) => Number.isInteger(p) && p >= 0 && p < doc.stones.length && doc.stones[p] !== 0 && !doc.dead.includes(p);
    if (!saved.pending.every(fits)) return;
    doc = withChanges(doc, { suggestion: { key: positionKey(doc), pending: [...new Set(saved.pending)].sort((a, b) => a - b) } });
  } catch {
    // Suggestions are made again from the position.
  }
}

/** Keeps the undo history for a reload of this tab. */
function saveHistory() {
  try {
    sessionStorage.setItem(HISTORY_KEY, undoHistory.toText(doc, SAVED_HISTORY));
  } catch {
    // No session storage: undo starts afresh after a reload.
  }
}

/** Restores the undo history saved for this very position; anything odd is dropped. */
function restoreHistory() {
  try {
    const text = sessionStorage.getItem(HISTORY_KEY);
    if (text) undoHistory.restore(text, doc, rulesetNames());
  } catch {
    // A corrupt history is simply not restored; the position itself is already loaded.
  }
}

// ---- Undo / redo ----

/** Makes `next` the document, remembering the current one for undo. */
function commit(next, message, coalesce = null) {
  if (next === doc) return;
  undoHistory.record(doc, coalesce);
  doc = next;
  status(message);
  update();
}

function undo() {
  const previous = undoHistory.undo(doc);
  if (!previous) return;
  doc = previous;
  status(t('status.undone'));
  update();
}

function redo() {
  const next = undoHistory.redo(doc);
  if (!next) return;
  doc = next;
  status(t('status.redone'));
  update();
}

// ---- Scoring and drawing ----

let lastResult = null;
/** Why the scoring module did not load, if it did not (the error's own words). */
let loadFailure = '';

/**
 * Whether the document stands where its game ended (or has no moves): the position dead
 * stones are suggested for. Stepping back through a game shows each earlier position as it
 * stands.
 */
const atGameEnd = () => !doc.line || doc.move === doc.line.moves.length;

/**
 * Suggested dead stones for a position in Score mode nobody has marked yet (suggest.js):
 * made once per position, kept on the document (not an undo step: they follow from the
 * position), and said in the status line.
 */
function suggestForScoreMode() {
  if (mode !== 'score' || !api || !atGameEnd()) return;
  const before = doc;
  doc = suggest(doc, estimates);
  const n = pendingSuggestions(doc).length;
  if (doc !== before && n) {
    status(tr.sentences([$('status').textContent, t('status.suggested', { n })]));
  }
}

/** The suggested dead stones shown (Score mode only), as point indices. */
const shownSuggestions = () => (mode === 'score' ? pendingSuggestions(doc) : []);

function update() {
  let result = null;
  let classification = null;
  let serverCount = null;
  let errorMessage = loadFailure ? t('error.loadFailed', { error: loadFailure }) : null;
  suggestForScoreMode();
  const suggested = shownSuggestions();
  // While suggestions wait, the position is scored and drawn as if they were accepted.
  const estimate = mode === 'score' && atGameEnd() ? estimates.of(doc) : null;
  if (scorer()) {
    try {
      const score = mode === 'score';
      ({ result, classification, serverCount } = scoreShown(scorer(), doc, suggested, {
        classify: score, scoreMode: score, estimate, server: recordServer,
      }));
    } catch (error) {
      errorMessage = errorText(error);
    }
  }
  lastResult = result;
  goban.render(doc, {
    mode, tool: prefs.tool, coords: prefs.coords, classification, lastMove: doc.lastMove,
    targetsAt: (p) => deadToggleTargets(doc, p),
    suggested,
    sealing: sealingShown(doc, estimate),
    departures: departurePoints(serverCount, doc),
  });
  panel.render(result, errorMessage, doc, suggested.length, serverCount);
  syncControls();
  save();
}

function describeCursor(p) {
  const [x, y] = vertexOf(doc, p);
  const sign = doc.stones[p];
  const point = pointName(x, y, doc.height);
  let text = t(sign === 1 ? 'cursor.blackStone' : sign === -1 ? 'cursor.whiteStone' : 'cursor.empty', { point });
  if (sign && doc.dead.includes(p)) text = t('cursor.dead', { text });
  else if (sign && shownSuggestions().includes(p)) text = t('cursor.suggested', { text });
  else if (!sign && lastResult) {
    const owner = lastResult.ownership[y][x];
    if (owner) text = t('cursor.owner', { text, owner: owner === 1 ? 'black' : 'white' });
  }
  $('cursor-status').textContent = text;
}

/** An error as a sentence for the status line (the library's words, in English). */
function sentence(error) {
  const text = errorText(error).trim();
  return text ? text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.') : t('error.notPossible');
}

/** Move `k` (1-based) of a line in words: "Black D4", "White passed". */
function moveWords(line, k) {
  const move = line.moves[k - 1];
  if (!move) return '';
  if (move.p < 0) return t('move.pass', { side: move.color });
  return t('move.play', { side: move.color, point: pointName(...vertexOf(doc, move.p), doc.height) });
}

/**
 * The document with `changes` that are not moves (set-up stones, counts): the position no
 * longer follows the game's moves, so it leaves the line; the document before, which undo
 * brings back, keeps it.
 */
function offLine(changes) {
  return withChanges(doc, { ...changes, line: null, move: 0 });
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
  const { line } = doc;
  if (!line) return;
  const target = Math.max(0, Math.min(line.moves.length, Math.round(k)));
  if (target === doc.move) return;
  rememberDead(doc);
  undoHistory.endCoalescing();
  doc = docAtMove(doc, line, target, recalledDead(line, target) ?? []);
  status(target ? t('status.move', { n: target, total: line.moves.length, what: moveWords(line, target) }) : t('status.start', { total: line.moves.length }));
  update();
}

// ---- Board actions ----

function act(p, event) {
  const [x, y] = vertexOf(doc, p);
  const name = pointName(x, y, doc.height);
  if (mode === 'score') {
    if (!doc.stones[p]) {
      status(t('status.emptyPoint', { point: name }));
      return;
    }
    const { doc: next, change } = toggleMark(doc, p, Boolean(event?.shiftKey));
    const words = { dead: 'status.markedDead', alive: 'status.alive', rejected: 'status.rejected' };
    commit(next, t(words[change], { point: name }));
  } else if (mode === 'play') {
    // Moves are the engine's to judge: without the module there is none (the panel says why).
    if (!api) {
      status(loadFailure ? t('status.cannotPlay', { point: name, error: loadFailure }) : t('panel.loading'));
      return;
    }
    let next;
    try {
      next = playOnLine(api, doc, p);
    } catch (error) {
      // Illegal moves, and positions the engine cannot start from (a chain without liberties).
      status(t('status.illegal', { point: name, reason: t('illegal.library', { error: sentence(error) }) }));
      return;
    }
    const branched = doc.line && doc.move < doc.line.moves.length;
    commit(next, branched
      ? t('status.branched', { side: next.lastToPlay, point: name, n: next.move, later: doc.line.moves.length - doc.move })
      : t('status.played', { side: next.lastToPlay, point: name }));
  } else {
    const stones = stonesAfterTool(doc, p, prefs.tool);
    if (!stones) return;
    const what = stones[p] === 1 ? 'black' : stones[p] === -1 ? 'white' : 'removed';
    commit(
      offLine({ stones, dead: normalizeDead(doc, stones, doc.dead), lastMove: -1 }),
      tr.sentences([t('status.placed', { what, point: name }), doc.line ? t('status.setUp') : '']),
    );
  }
}

/** Board keys: B / W / E choose the set-up stone, P passes in Play mode. */
function shortcut(key) {
  const tool = { b: 'black', w: 'white', e: 'erase' }[key];
  if (tool && mode === 'setup') {
    prefs.tool = tool;
    status(t('status.tool', { tool }));
    update();
    return true;
  }
  if (key === 'p' && mode === 'play') {
    passMove();
    return true;
  }
  if (key === 'a' && mode === 'score' && pendingSuggestions(doc).length) {
    acceptSuggested();
    return true;
  }
  return false;
}

/** Makes the pending suggestions the user's own dead marks, as one undoable step. */
function acceptSuggested() {
  const n = pendingSuggestions(doc).length;
  if (!n) return;
  const fromButton = document.activeElement === $('accept-suggestions');
  commit(acceptSuggestions(doc), t('status.accepted', { n }));
  // The button goes away with the suggestions: keep a keyboard user on the board.
  if (fromButton) $('goban').focus();
}

function passMove() {
  if (!api) {
    status(loadFailure ? t('status.passFailed', { reason: t('illegal.library', { error: sentence(loadFailure) }) }) : t('panel.loading'));
    return;
  }
  let next;
  try {
    next = playOnLine(api, doc, -1);
  } catch (error) {
    status(t('status.passFailed', { reason: t('illegal.library', { error: sentence(error) }) }));
    return;
  }
  commit(next, t('status.passed', { side: next.lastToPlay }));
}

/** Marks the stones `estimateDeadStones` judges dead, as one undoable step. */
function suggestDead() {
  if (!api) return;
  let estimate;
  try {
    const { board, rules, lastToPlay } = scoreInput(doc);
    estimate = api.estimateDeadStones({ board, rules, lastToPlay });
  } catch (error) {
    status(t('status.noSuggestion', { error: errorText(error) }));
    return;
  }
  const dead = normalizeDead(doc, doc.stones, estimate.dead.map(([x, y]) => y * doc.width + x));
  const open = estimate.needsSealing?.length ?? 0;
  // The estimate becomes the marks (replacing the user's, undoably); nothing waits any more.
  const next = withChanges(doc, { dead, suggestion: { key: positionKey(doc), pending: [] } });
  commit(next, tr.sentences([t('status.estimated', { n: dead.length }), open ? t('status.needsSealing', { n: open }) : '']));
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
    loaded = readSgf(api, bytes);
  } catch (error) {
    notice(() => t('notice.sgfUnreadable', { error: errorText(error) }));
    return;
  }
  gameInfo = loaded.info;
  recordServer = loaded.server;
  mode = 'score';
  let opened = loaded.doc;
  try {
    const line = openLine(api, loaded.game, opened.width, loaded.doc.dead);
    opened = docAtMove(opened, line, line.moves.length, opened.dead);
  } catch (error) {
    // The position still opens; only stepping is missing.
    notice(() => t('notice.sgfNoSteps', { error: errorText(error) }));
    loaded.game.free();
  }
  commit(opened, t('status.opened', { file: file.name.slice(0, 80), moves: loaded.moves, marked: opened.dead.length ? 'yes' : 'no' }));
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
  if (doc.line) {
    const end = doc.line.moves.length;
    const dead = doc.move === end ? doc.dead : recalledDead(doc.line, end);
    return { text: lineSgf(api, doc, dead), scored: Boolean(dead) };
  }
  const own = gameAt(api, doc);
  try {
    return { text: own.toSgf(doc.dead.map((p) => vertexOf(doc, p))), scored: true };
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
    status(t('status.sgfFailed', { reason: sentence(error) }));
    return;
  }
  saveBlob(new Blob([text], { type: 'application/x-go-sgf' }), 'go-score.sgf');
  const moves = doc.line?.moves.length ?? 0;
  const key = doc.move < moves ? (scored ? 'status.sgfSavedScored' : 'status.sgfSavedUnscored') : 'status.sgfSavedMoves';
  status(moves ? t(key, { moves }) : t('status.sgfSaved'));
}

// ---- How the count is made ----
// A view over the current position: nothing in it changes the document, so leaving it
// shows the position exactly as it was.

let countView = null;

function countOpen() {
  return !$('count-section').hidden;
}

function openCount() {
  if (!api || !lastResult) return;
  if (!countView) {
    countView = new CountView($('count-root'), api, { tr });
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, countView.styleSheet];
  }
  document.querySelector('main.layout').hidden = true;
  $('count-section').hidden = false;
  document.body.dataset.view = 'count';
  // The position as the panel counts it: suggested dead stones, while they wait, included.
  countView.show(scoreInput(mode === 'score' ? withSuggestionsApplied(doc) : doc));
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
  if (!doc.line?.moves.length || event.ctrlKey || event.metaKey || event.altKey) return false;
  const onBoard = event.target === $('goban');
  const steps = { '[': -1, ']': 1, PageUp: -10, PageDown: 10 };
  if (!onBoard) Object.assign(steps, { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity });
  const step = steps[event.key];
  if (step === undefined) return false;
  stepTo(Number.isFinite(step) ? doc.move + step : step < 0 ? 0 : Infinity);
  return true;
}

function syncStepper() {
  const line = doc.line;
  const total = line?.moves.length ?? 0;
  $('stepper').hidden = !total;
  if (!total) return;
  const slider = $('move-slider');
  slider.max = String(total);
  if (slider.value !== String(doc.move)) slider.value = String(doc.move);
  slider.setAttribute('aria-valuetext', t('stepper.valueText', { n: doc.move, total }));
  $('move-number').textContent = t('stepper.number', { n: doc.move, total });
  const ends = { 'step-first': 0, 'step-back': 0, 'step-forward': total, 'step-last': total };
  for (const [id, end] of Object.entries(ends)) {
    const button = $(id);
    const disabled = doc.move === end;
    // A keyboard user on a button that goes grey keeps the focus in the stepper.
    if (disabled && document.activeElement === button) slider.focus();
    button.disabled = disabled;
  }
}

function syncControls() {
  syncStepper();
  for (const input of document.querySelectorAll('input[name=mode]')) input.checked = input.value === mode;
  for (const input of document.querySelectorAll('input[name=tool]')) input.checked = input.value === prefs.tool;
  $('setup-tools').hidden = mode !== 'setup';
  $('play-tools').hidden = mode !== 'play';
  $('score-tools').hidden = mode !== 'score';
  $('legend').hidden = mode !== 'score';
  const suggesting = shownSuggestions().length > 0;
  $('accept-suggestions').hidden = !suggesting;
  $('legend-suggested').hidden = !suggesting;
  $('legend-sealing').hidden = !document.querySelector('#goban .sealing-point');
  document.body.dataset.mode = mode;
  $('to-play').textContent = t('toPlay', { side: doc.toPlay });
  $('to-play').dataset.color = doc.toPlay;
  $('show-count').disabled = !lastResult;
  $('undo').disabled = !undoHistory.canUndo;
  $('redo').disabled = !undoHistory.canRedo;
  setValue('rules', doc.rules);
  setValue('language', tr.lang);
  setValue('komi', doc.komi === null ? '' : String(doc.komi));
  setValue('handicap', String(doc.handicap));
  setValue('captures-black', String(doc.captures.black));
  setValue('captures-white', String(doc.captures.white));
  setValue('passes-black', String(doc.passes.black));
  setValue('passes-white', String(doc.passes.white));
  setValue('last-to-play', doc.lastToPlay ?? '');
  const standard = doc.width === doc.height && [9, 13, 19].includes(doc.width);
  if (!customSizeOpen) setValue('size', standard ? String(doc.width) : 'custom');
  $('custom-size').hidden = !(customSizeOpen || !standard);
  if (document.activeElement !== $('width')) setValue('width', String(doc.width));
  if (document.activeElement !== $('height')) setValue('height', String(doc.height));
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
    if (next) commit(next.doc, next.message, id);
  };
  $(id).addEventListener('input', () => run(true));
  $(id).addEventListener('change', () => {
    run(false);
    undoHistory.endCoalescing();
  });
}

/** The komi after a handicap change: the new default if the old default was in use. */
function komiForHandicap(handicap) {
  return doc.komi === defaultKomi(doc.rules, doc.handicap) ? defaultKomi(doc.rules, handicap) : doc.komi;
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
  for (const [code, name] of LANGUAGES) {
    const option = document.createElement('option');
    option.value = code;
    option.lang = code;
    option.textContent = name;
    $('language').appendChild(option);
  }
  $('language').addEventListener('change', () => {
    const code = $('language').value;
    if (supportedLanguage(code) !== code) return;
    prefs.lang = code;
    setLanguage(code, true);
  });
  for (const input of document.querySelectorAll('input[name=mode]')) {
    input.addEventListener('change', () => {
      if (!MODES.includes(input.value)) return;
      mode = input.value;
      status(t('status.mode', { mode }));
      update();
    });
  }
  for (const input of document.querySelectorAll('input[name=tool]')) {
    input.addEventListener('change', () => {
      if (TOOLS.includes(input.value)) prefs.tool = input.value;
      update();
    });
  }
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('clear').addEventListener('click', () => {
    const fresh = emptyDoc(doc.width, doc.height, doc.rules, doc.komi);
    gameInfo = null;
    recordServer = null;
    showGameInfo();
    commit(withChanges(fresh, { handicap: doc.handicap }), t('status.cleared'));
  });
  $('pass').addEventListener('click', passMove);
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
    const count = wholeNumber('handicap', t('label.handicap'), doc.width * doc.height);
    if (count === null) return;
    if (!scorer()) {
      settingsError(t('error.loadFailed', { error: loadFailure }));
      return;
    }
    // The fixed placement is the library's; boards and counts without one have none.
    const points = scorer().handicapPoints(doc.width, doc.height, count);
    if (!points) {
      settingsError(t('error.handicapPlace', { n: count, width: String(doc.width), height: String(doc.height) }));
      return;
    }
    const stones = doc.stones.slice();
    for (const [x, y] of points) stones[y * doc.width + x] = 1;
    commit(
      offLine({ stones, handicap: count, komi: komiForHandicap(count), dead: normalizeDead(doc, stones, doc.dead), toPlay: 'white', lastMove: -1 }),
      t('status.handicapPlaced', { n: count }),
    );
  });
  $('step-first').addEventListener('click', () => stepTo(0));
  $('step-back').addEventListener('click', () => stepTo(doc.move - 1));
  $('step-forward').addEventListener('click', () => stepTo(doc.move + 1));
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
    const what = pendingSuggestions(doc).length ? (doc.dead.length ? 'status.bothCleared' : 'status.suggestionsCleared') : 'status.marksCleared';
    commit(clearMarks(doc), t(what));
  });
  $('notice-close').addEventListener('click', () => {
    notices.length = 0;
    $('notice').hidden = true;
  });
  $('settings').addEventListener('submit', (event) => event.preventDefault());

  onSetting('rules', () => {
    const rules = $('rules').value;
    if (!rulesetNames()?.includes(rules)) return;
    commit(withChanges(doc, { rules, komi: defaultKomi(rules, doc.handicap) }), t('status.rules', { rules: rulesName(rules, tr) }));
    checkLine();
  });
  numberSetting(
    'komi',
    (quiet) => checkedValue('komi', (v) => Number.isInteger(v * 2) && Math.abs(v) <= 1000, t('error.komi'), quiet),
    (komi) => komi !== doc.komi && { doc: withChanges(doc, { komi }), message: t('status.komi', { komi }) },
  );
  numberSetting(
    'handicap',
    (quiet) => wholeNumber('handicap', t('label.handicap'), doc.width * doc.height, quiet),
    (handicap) => handicap !== doc.handicap && {
      doc: withChanges(doc, { handicap, komi: komiForHandicap(handicap) }),
      message: t('status.handicap', { n: handicap }),
    },
  );
  for (const what of ['captures', 'passes']) {
    for (const side of ['black', 'white']) {
      const id = `${what}-${side}`;
      numberSetting(
        id,
        (quiet) => wholeNumber(id, t(`label.${what}`, { side }), 1_000_000, quiet),
        (value) => value !== doc[what][side] && {
          doc: offLine({ [what]: { ...doc[what], [side]: value } }),
          message: t(`status.${what}`, { side, n: value }),
        },
      );
    }
  }
  onSetting('last-to-play', () => {
    const value = $('last-to-play').value;
    commit(offLine({ lastToPlay: value === 'black' || value === 'white' ? value : null }), t('status.lastToPlay'));
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
      if (event.shiftKey) redo();
      else undo();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
      event.preventDefault();
      redo();
    }
  });

  // A link pasted into this tab: open it as one undoable step.
  window.addEventListener('hashchange', () => {
    const text = location.hash.slice(1);
    if (!text || text === serialize(doc, mode)) return;
    closeCount();
    try {
      const parsed = parse(text, rulesetNames());
      if (parsed.mode) mode = parsed.mode;
      commit(withKomi(parsed.doc), t('status.linkOpenedHere'));
    } catch (error) {
      notice(() => t('notice.linkUnreadable', { error: error.message }));
      save();
    }
  });
}

/** After a rules change: are the game's moves legal under the new rules? (The move list is kept either way.) */
function checkLine() {
  if (!doc.line || !api) return;
  try {
    engineAt(api, doc.line, doc.move, doc);
  } catch (error) {
    const reason = sentence(error).replace(/\.$/, '');
    notice(() => t('notice.movesIllegal', { error: reason }));
  }
}

function newBoard(width, height) {
  gameInfo = null;
  recordServer = null;
  showGameInfo();
  commit(emptyDoc(width, height, doc.rules, doc.komi), t('status.newBoard', { width: String(width), height: String(height) }));
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
      const suggested = shownSuggestions().length > 0;
      const caption = lastResult ? captionLines(lastResult, suggested, tr) : [t('caption.noScore')];
      picture = diagramSvg(goban.drawing({ coords: prefs.coords }), { caption, lang: tr.lang });
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
  loadInitial();
  if (!undoHistory.canUndo) restoreHistory();
  window.addEventListener('pagehide', saveHistory);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveHistory();
  });
  wireControls();
  wired = true;
  update();
  api = await loadingFull;
  if (api) {
    loadFailure = '';
    estimates = new Estimates(api);
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
