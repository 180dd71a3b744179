// JS half of the wasm boundary, imported by the Rust exports (src/wasm/): the loops that are
// cheaper in JS than one boundary crossing per value. Nothing here knows the API's shapes
// but the generated builder of `scoreBoard`'s result.

// The numbers both halves agree on: output opcodes (buildValue), option value types
// (OptionWriter), the fast path's largest board side and shape.
// ---- Generated from src/wasm/wire.rs by tests/layout.rs: do not edit ----
const NUMBER = 0;
const STRING = 1;
const TRUE = 2;
const FALSE = 3;
const NULL = 4;
const ARRAY = 5;
const NUMBERS = 6;
const OBJECT = 7;
const NUMBER_OBJECT = 8;
const MAP = 9;
const OPTION_NUMBER = 0;
const OPTION_STRING = 1;
const OPTION_TRUE = 2;
const OPTION_FALSE = 3;
const OPTION_NULL = 4;
const OPTION_OBJECT = 5;
const ROW_CHARACTERS_FROM = 32;
const MAX_SIDE = 52;
const SHAPE = 5;
// ---- End of generated code ----

// ---- The module's memory, where the fast path's input and scoreBoard's result cross ----

/** Views over the module's memory; one object whose fields keep their types. */
class Views {
  constructor() {
    this.memory = null;
    this.f64 = new Float64Array(0);
    this.i32 = new Int32Array(0);
    this.i8 = new Int8Array(0);
    this.u8 = new Uint8Array(0);
  }
}
const memoryViews = new Views();

/** The module hands over its `WebAssembly.Memory` once, before anything crosses by place. */
export function setMemory(memory) {
  memoryViews.memory = memory;
  memoryViews.f64 = new Float64Array(0);
}

/** The views, remade when the memory has grown (which detaches the old buffer: length 0). */
function views() {
  const v = memoryViews;
  if (v.f64.byteLength === 0) {
    const buffer = v.memory.buffer;
    v.f64 = new Float64Array(buffer);
    v.i32 = new Int32Array(buffer);
    v.i8 = new Int8Array(buffer);
    v.u8 = new Uint8Array(buffer);
  }
  return v;
}

// ---- Outputs in a fixed layout (src/wasm/layout.rs) ----

/** `count` items of `size` numbers from `f64[at]` on: numbers, or arrays of `size`. */
function tuples(at, count, size) {
  const f = memoryViews.f64;
  const list = new Array(count);
  if (size === 2) {
    for (let i = 0; i < count; i++, at += 2) list[i] = [f[at], f[at + 1]];
  } else if (size === 1) {
    for (let i = 0; i < count; i++) list[i] = f[at++];
  } else {
    for (let i = 0; i < count; i++) {
      const tuple = new Array(size);
      for (let k = 0; k < size; k++) tuple[k] = f[at++];
      list[i] = tuple;
    }
  }
  return list;
}

/** `count` rows of `width` signs from `i8[at]` on, as arrays of numbers. */
function signRows(at, count, width) {
  const i8 = memoryViews.i8;
  const rows = new Array(count);
  for (let y = 0; y < count; y++) {
    const row = new Array(width);
    for (let x = 0; x < width; x++) row[x] = i8[at++];
    rows[y] = row;
  }
  return rows;
}

// ---- Generated from ScoreResult's Serialize (src/api/score.rs) by tests/layout.rs: do not edit ----
// `scoreBoard`'s result from its fixed layout (src/wasm/layout.rs).
export function scoreResult(o, p, s, text) {
  const f = views().f64;
  return {
    rules: text.slice(f[o + 0], f[o + 1]),
    komi: f[o + 2],
    method: text.slice(f[o + 3], f[o + 4]),
    territory: {
      black: {
        territory: f[o + 5],
        stones: f[o + 6],
        prisoners: f[o + 7],
        komi: f[o + 8],
        handicapCompensation: f[o + 9],
        passStones: f[o + 10],
        neutralShare: f[o + 11],
        total: f[o + 12],
      },
      white: {
        territory: f[o + 13],
        stones: f[o + 14],
        prisoners: f[o + 15],
        komi: f[o + 16],
        handicapCompensation: f[o + 17],
        passStones: f[o + 18],
        neutralShare: f[o + 19],
        total: f[o + 20],
      },
      margin: f[o + 21],
      winner: text.slice(f[o + 22], f[o + 23]),
      result: text.slice(f[o + 24], f[o + 25]),
    },
    area: {
      black: {
        territory: f[o + 26],
        stones: f[o + 27],
        prisoners: f[o + 28],
        komi: f[o + 29],
        handicapCompensation: f[o + 30],
        passStones: f[o + 31],
        neutralShare: f[o + 32],
        total: f[o + 33],
      },
      white: {
        territory: f[o + 34],
        stones: f[o + 35],
        prisoners: f[o + 36],
        komi: f[o + 37],
        handicapCompensation: f[o + 38],
        passStones: f[o + 39],
        neutralShare: f[o + 40],
        total: f[o + 41],
      },
      margin: f[o + 42],
      winner: text.slice(f[o + 43], f[o + 44]),
      result: text.slice(f[o + 45], f[o + 46]),
    },
    margin: f[o + 47],
    winner: text.slice(f[o + 48], f[o + 49]),
    result: text.slice(f[o + 50], f[o + 51]),
    ownership: signRows(s + f[o + 52], f[o + 53], f[o + 54]),
    difference: {
      total: f[o + 55],
      lastToPlay: f[o + 56],
      handicap: f[o + 57],
      passes: f[o + 58],
      compensation: f[o + 59],
      passStones: f[o + 60],
      other: f[o + 61],
    },
    deadFrom: text.slice(f[o + 62], f[o + 63]),
    dead: tuples(p + f[o + 64], f[o + 65], f[o + 66]),
  };
}
// ---- End of generated code ----

// ---- Outputs: src/wasm/output.rs writes a value as a tape, buildValue reads it ----

/** Field names of each object shape, by number, as sent once. */
const shapes = [];

/** Where a tape is being read; one object whose fields keep their types, so that V8 reads
 *  them fast. */
class Reader {
  constructor() {
    this.ops = new Uint8Array(0);
    this.numbers = new Float64Array(0);
    this.text = '';
    this.op = 0;
    this.at = 0;
    this.textAt = 0;
  }
}
const reader = new Reader();

function string(r) {
  const length = r.numbers[r.at++];
  const start = r.textAt;
  r.textAt = start + length;
  return r.text.slice(start, start + length);
}

function readValue(r) {
  switch (r.ops[r.op++]) {
    case NUMBER:
      return r.numbers[r.at++];
    case STRING:
      return string(r);
    case TRUE:
      return true;
    case FALSE:
      return false;
    case NULL:
      return null;
    case ARRAY: {
      const length = r.numbers[r.at++];
      const array = new Array(length);
      for (let i = 0; i < length; i++) array[i] = readValue(r);
      return array;
    }
    case NUMBERS: {
      const numbers = r.numbers;
      let at = r.at;
      const length = numbers[at++];
      const array = new Array(length);
      for (let i = 0; i < length; i++) array[i] = numbers[at++];
      r.at = at;
      return array;
    }
    case OBJECT: {
      const names = shapes[r.numbers[r.at++]];
      const object = {};
      for (let i = 0; i < names.length; i++) object[names[i]] = readValue(r);
      return object;
    }
    case NUMBER_OBJECT: {
      const numbers = r.numbers;
      let at = r.at;
      const names = shapes[numbers[at++]];
      const object = {};
      for (let i = 0; i < names.length; i++) object[names[i]] = numbers[at++];
      r.at = at;
      return object;
    }
    case MAP: {
      const length = r.numbers[r.at++];
      const object = {};
      for (let i = 0; i < length; i++) {
        const name = readValue(r);
        object[name] = readValue(r);
      }
      return object;
    }
    default:
      throw new Error(`go-score: bad output opcode ${r.ops[r.op - 1]}`);
  }
}

/**
 * The value written in a tape: `ops` one opcode per value (none for the numbers of a
 * numbers-only array or object), `numbers` the numbers, lengths and shape numbers, `text`
 * every string back to back, `newShapes` a line per shape not sent before: its number and
 * field names. The views are only read during the call.
 */
export function buildValue(ops, numbers, text, newShapes) {
  if (newShapes) {
    for (const line of newShapes.split('\n')) {
      if (line) {
        const [id, ...names] = line.split(' ');
        shapes[Number(id)] = names;
      }
    }
  }
  const r = reader;
  r.ops = ops;
  r.numbers = numbers;
  r.text = text;
  r.op = r.at = r.textAt = 0;
  return readValue(r);
}

// ---- The fast path of scoreBoard: a well-formed board read into flat arrays ----

/**
 * Reads `input.board` (a sign map or row strings, rectangular, 1 … 52 a side) into the
 * module's memory as `i8` cells row by row from `signs` on (signs, or a row string's
 * characters as they are, which the core reads), `input.dead` (pairs of whole
 * numbers) as `i32` x, y pairs from `dead` on (at most `deadCapacity` numbers), and every
 * other field as `f64` numbers from `options` + 5 on and bytes from `text` on (see
 * OptionWriter); `f64[options …]` get the shape: width, height, dead numbers, option
 * fields, text bytes. True when it did; false for anything else (an unusual object or
 * value, a malformed board, a getter that throws), which the full decoder then reads and
 * reports.
 */
export function flatScoreInput(
  input,
  signs,
  dead,
  deadCapacity,
  options,
  optionsCapacity,
  text,
  textCapacity,
) {
  try {
    return flatten(input, signs, dead, deadCapacity, options, optionsCapacity, text, textCapacity);
  } catch {
    return false;
  }
}

function plainObject(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Writes options into the module's memory: per field its name, a type and the value;
 *  strings as ASCII bytes, named by start (from the text's start) and length. */
class OptionWriter {
  constructor(f64, at, end, u8, textAt, textEnd) {
    this.options = f64;
    this.at = at;
    this.end = end;
    this.text = u8;
    this.textStart = textAt;
    this.textAt = textAt;
    this.textEnd = textEnd;
  }

  push(value) {
    if (this.at >= this.end) throw new Error('full');
    this.options[this.at++] = value;
  }

  string(value) {
    if (this.textAt + value.length > this.textEnd) throw new Error('full');
    this.push(this.textAt - this.textStart);
    this.push(value.length);
    const text = this.text;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code > 127) throw new Error('not ASCII');
      text[this.textAt++] = code;
    }
  }

  /** The own enumerable fields of `object` but `skip`, `undefined` ones left out (as the
   *  full decoder reads them); objects only `depth` levels deep. Returns how many. */
  fields(object, skip, depth) {
    let count = 0;
    for (const name of Object.keys(object)) {
      const value = object[name];
      if (value === undefined || name === skip[0] || name === skip[1]) continue;
      this.string(name);
      this.value(value, depth);
      count++;
    }
    return count;
  }

  value(value, depth) {
    switch (typeof value) {
      case 'number':
        this.push(OPTION_NUMBER);
        this.push(value);
        return;
      case 'string':
        this.push(OPTION_STRING);
        this.string(value);
        return;
      case 'boolean':
        this.push(value ? OPTION_TRUE : OPTION_FALSE);
        return;
      default:
        if (value === null) {
          this.push(OPTION_NULL);
        } else if (depth > 0 && plainObject(value)) {
          this.push(OPTION_OBJECT);
          const count = this.at;
          this.push(0);
          this.options[count] = this.fields(value, [], depth - 1);
        } else {
          throw new Error('not an option value');
        }
    }
  }
}

function flatten(input, signsAt, deadAt, deadCapacity, optionsAt, optionsCapacity, textAt, textCapacity) {
  if (!plainObject(input)) return false;
  // Own enumerable fields only, as the full decoder reads an object.
  let board;
  let vertices;
  for (const name of Object.keys(input)) {
    if (name === 'board') board = input.board;
    else if (name === 'dead') vertices = input.dead;
  }
  if (!Array.isArray(board) || board.length < 1 || board.length > MAX_SIDE) return false;
  const v = views();
  const signs = v.i8;
  let width = -1;
  let n = signsAt;
  for (let y = 0; y < board.length; y++) {
    const row = board[y];
    if (typeof row === 'string') {
      if (width === -1) width = row.length;
      if (row.length !== width || width < 1 || width > MAX_SIDE) return false;
      // The characters as they are: the core reads the row notation. Control characters
      // and anything past ASCII go to the full decoder.
      for (let x = 0; x < width; x++) {
        const code = row.charCodeAt(x);
        if (code < ROW_CHARACTERS_FROM || code > 126) return false;
        signs[n++] = code;
      }
    } else if (Array.isArray(row)) {
      if (width === -1) width = row.length;
      if (row.length !== width || width < 1 || width > MAX_SIDE) return false;
      for (let x = 0; x < width; x++) {
        const sign = row[x];
        if (sign !== 1 && sign !== -1 && sign !== 0) return false;
        signs[n++] = sign;
      }
    } else {
      return false;
    }
  }
  const dead = v.i32;
  let d = deadAt;
  if (vertices !== undefined && vertices !== null) {
    if (!Array.isArray(vertices) || 2 * vertices.length > deadCapacity) return false;
    for (let i = 0; i < vertices.length; i++) {
      const vertex = vertices[i];
      if (!Array.isArray(vertex) || vertex.length !== 2) return false;
      const x = vertex[0];
      const y = vertex[1];
      if (!Number.isInteger(x) || !Number.isInteger(y)) return false;
      if (Math.abs(x) > 1e9 || Math.abs(y) > 1e9) return false;
      dead[d++] = x;
      dead[d++] = y;
    }
  }
  const writer = new OptionWriter(
    v.f64,
    optionsAt + SHAPE,
    optionsAt + optionsCapacity,
    v.u8,
    textAt,
    textAt + textCapacity,
  );
  const fields = writer.fields(input, ['board', 'dead'], 1);
  const shape = v.f64;
  shape[optionsAt] = width;
  shape[optionsAt + 1] = board.length;
  shape[optionsAt + 2] = d - deadAt;
  shape[optionsAt + 3] = fields;
  shape[optionsAt + 4] = writer.textAt - textAt;
  return true;
}
