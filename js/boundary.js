// JS half of the wasm boundary, imported by the Rust exports (src/wasm/): the loops that are
// cheaper in JS than one boundary crossing per value. Nothing here knows the API's shapes.

// ---- Outputs: src/wasm/output.rs writes a value as a tape, buildValue reads it ----

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

/** Largest board side. */
const MAX_SIDE = 52;

/** An own, enumerable property, as the full decoder reads an object. */
function own(object, name) {
  return Object.prototype.propertyIsEnumerable.call(object, name) ? object[name] : undefined;
}

/**
 * Reads `input.board` (a sign map or row strings, rectangular, 1 … 52 a side) into `signs`
 * row by row, `input.dead` (pairs of whole numbers) into `dead` as x, y pairs, and every
 * other field into `options` and `text` (see OptionWriter), and sets `shape` to [width, height, dead
 * numbers, option fields]. True when it did; false for anything else (an unusual object or
 * value, a malformed board, a getter that throws), which the full decoder then reads and
 * reports.
 */
export function flatScoreInput(input, signs, dead, options, text, shape) {
  try {
    return flatten(input, signs, dead, options, text, shape);
  } catch {
    return false;
  }
}

function plainObject(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// Option values, as src/wasm/decode.rs reads them.
const OPTION_NUMBER = 0;
const OPTION_STRING = 1;
const OPTION_TRUE = 2;
const OPTION_FALSE = 3;
const OPTION_NULL = 4;
const OPTION_OBJECT = 5;

/** Writes options into flat arrays: per field its name, a type and the value; strings as
 *  ASCII bytes in `text`, named by start and length. */
class OptionWriter {
  constructor(options, text) {
    this.options = options;
    this.text = text;
    this.at = 0;
    this.textAt = 0;
  }

  push(value) {
    if (this.at >= this.options.length) throw new Error('full');
    this.options[this.at++] = value;
  }

  string(value) {
    if (this.textAt + value.length > this.text.length) throw new Error('full');
    this.push(this.textAt);
    this.push(value.length);
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code > 127) throw new Error('not ASCII');
      this.text[this.textAt++] = code;
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

function flatten(input, signs, dead, options, text, shape) {
  if (!plainObject(input)) return false;
  const board = own(input, 'board');
  if (!Array.isArray(board) || board.length < 1 || board.length > MAX_SIDE) return false;
  let width = -1;
  let n = 0;
  for (let y = 0; y < board.length; y++) {
    const row = board[y];
    if (typeof row === 'string') {
      if (width === -1) width = row.length;
      if (row.length !== width || width < 1 || width > MAX_SIDE) return false;
      for (let x = 0; x < width; x++) {
        const code = row.charCodeAt(x);
        if (code === 88) signs[n++] = 1; // X
        else if (code === 79) signs[n++] = -1; // O
        else if (code === 46) signs[n++] = 0; // .
        else return false;
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
  const vertices = own(input, 'dead');
  let d = 0;
  if (vertices !== undefined && vertices !== null) {
    if (!Array.isArray(vertices) || 2 * vertices.length > dead.length) return false;
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
  shape[0] = width;
  shape[1] = board.length;
  shape[2] = d;
  shape[3] = new OptionWriter(options, text).fields(input, ['board', 'dead'], 1);
  return true;
}
