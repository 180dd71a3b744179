// The inputs, walked lazily: folders are read entry by entry (opendir), so a tree of 100,000
// files is never listed in memory, and the walk goes no further ahead than the scoring asks.
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files a folder walk takes: `.sgf`, any case. Files named on the command line are taken whatever their name. */
export const isSgf = (name) => name.toLowerCase().endsWith('.sgf');

/**
 * The inputs in order: `{ stdin: true, name: '-' }` for `-`, `{ path, name }` for a file, and
 * for a folder every `.sgf` file below it, depth first in the order the folder lists them.
 * A folder that cannot be read gives `{ name, error }`. Symbolic links to files are followed,
 * links to folders are not (no cycles).
 * @param {string[]} inputs paths checked to exist (see `checkInputs`)
 */
export async function* walk(inputs) {
  for (const input of inputs) {
    if (input === '-') yield { stdin: true, name: '-' };
    else if ((await stat(input)).isDirectory()) yield* walkFolder(input);
    else yield { path: input, name: input };
  }
}

async function* walkFolder(folder) {
  let dir;
  try {
    dir = await opendir(folder);
  } catch (error) {
    yield { name: folder, error: `cannot read the folder: ${error.code ?? error.message}` };
    return;
  }
  for await (const entry of dir) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      yield* walkFolder(full);
    } else if (isSgf(entry.name)) {
      if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(full)))) yield { path: full, name: full };
    }
  }
}

async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false; // a dangling link
  }
}

/** How many inputs `walk` gives, counted by a second walk of names only (for the progress bar). */
export async function countInputs(inputs) {
  let count = 0;
  for await (const _ of walk(inputs)) count++;
  return count;
}

/**
 * The inputs that do not exist, or an error for `-` given twice.
 * @param {string[]} inputs
 * @returns {Promise<string | null>} what is wrong, or null
 */
export async function checkInputs(inputs) {
  if (inputs.filter((i) => i === '-').length > 1) return '`-` (standard input) can be given once';
  for (const input of inputs) {
    if (input === '-') continue;
    try {
      await stat(input);
    } catch (error) {
      return error.code === 'ENOENT' ? `no such file or folder: ${input}` : `cannot read ${input}: ${error.code ?? error.message}`;
    }
  }
  return null;
}
