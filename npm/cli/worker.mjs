// A scoring worker (worker_threads): its own instance of the package's wasm module, one file
// at a time. It reads the file itself (so the main thread never holds file contents) and posts
// each game's row as soon as it is scored, then `{ seq, done: true }`.
//
// Messages in: `{ seq, name, path }` (a file to read) or `{ seq, name, bytes }` (standard input).
import { open } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import * as lib from '../node/index.mjs';
import { messageOf, row, scoreFile } from './score.mjs';

const { options, maxSize } = workerData;

/** Plain words for the usual reasons a file cannot be read. */
const READ_ERRORS = {
  ENOENT: 'no such file (was it removed during the run?)',
  EACCES: 'permission denied',
  EISDIR: 'is a folder',
  EMFILE: 'too many open files',
};

/** The file's bytes, or an error when it is larger than `maxSize` (checked before reading). */
async function readCapped(path) {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxSize) {
      throw new Error(`file too large: ${size} bytes, over the limit of ${maxSize} (--max-size)`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

parentPort.on('message', async ({ seq, name, path, bytes }) => {
  const start = performance.now();
  try {
    const data = bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : await readCapped(path);
    for (const scored of scoreFile(lib, data, name, options)) parentPort.postMessage({ seq, row: scored });
  } catch (error) {
    const message = READ_ERRORS[error.code] ?? messageOf(error);
    const ms = Math.round((performance.now() - start) * 10) / 10;
    parentPort.postMessage({ seq, row: row({ file: name, error: message, ms }) });
  }
  parentPort.postMessage({ seq, done: true });
});
