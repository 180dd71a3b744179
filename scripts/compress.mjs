#!/usr/bin/env node
// Precompresses the site as a static host serves it: every text file and .wasm under www/
// gets a brotli (quality 11) and a gzip (level 9) copy, written to a mirror tree
// (target/precompressed/<path>.br and .gz) so neither the sources nor the npm package
// collect them. scripts/serve.mjs answers from these copies when the browser accepts the
// encoding and the copy is newer than its file. A copy newer than its file is kept, so a
// rebuild only recompresses what changed.
//
//   node scripts/compress.mjs [dir] [out]      (scripts/build.sh runs it on www/)
//   import { compressTree } from './compress.mjs'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Where the compressed copies of www/ live. */
export const PRECOMPRESSED = join(REPO_ROOT, 'target', 'precompressed');

/** Files worth compressing (images such as PNG are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt', '.sgf', '.ts']);

/** The encodings made, with their file suffix, best first (the order serve.mjs prefers). */
export const ENCODINGS = [
  {
    name: 'br',
    suffix: '.br',
    compress: (bytes) => brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  },
  { name: 'gzip', suffix: '.gz', compress: (bytes) => gzipSync(bytes, { level: 9 }) },
];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

/**
 * Writes the brotli and gzip copies of every compressible file under `root` into `out`
 * (same relative paths plus `.br` / `.gz`), skipping copies already newer than their file.
 * Returns how many copies were written.
 */
export function compressTree(root, out = PRECOMPRESSED) {
  let written = 0;
  for (const file of files(root)) {
    const source = statSync(file);
    const bytes = readFileSync(file);
    for (const { suffix, compress } of ENCODINGS) {
      const target = join(out, relative(root, file) + suffix);
      const copy = statSync(target, { throwIfNoEntry: false });
      if (copy && copy.mtimeMs >= source.mtimeMs) continue;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, compress(bytes));
      written++;
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(REPO_ROOT, 'www'));
  const out = resolve(process.argv[3] ?? PRECOMPRESSED);
  const written = compressTree(root, out);
  console.error(`[compress] ${written} compressed copies written to ${relative(process.cwd(), out) || '.'}`);
}
