#!/usr/bin/env node
// Serves a directory (default www/) on 127.0.0.1 with plain Node `http`, as a static host
// does: `.wasm` as application/wasm so `WebAssembly.instantiateStreaming` works, HTML with
// the page's Content-Security-Policy, the brotli or gzip copy the build made
// (scripts/compress.mjs) when the browser accepts it (Content-Encoding, Vary:
// Accept-Encoding), and an ETag with `Cache-Control: no-cache`, so a browser revalidates
// every file (a rebuild shows on reload) and gets 304 for what it has already.
// Port: $PORT or 8080; when that is busy, the next free one.
//
//   node scripts/serve.mjs [dir]            CLI: prints the URL, serves until Ctrl-C
//   import { startServer } from './serve.mjs'   tests: `await startServer({ port: 0 })`
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESSIBLE, ENCODINGS, PRECOMPRESSED } from './compress.mjs';

const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The Content-Security-Policy sent with HTML, as a site embedding go-score would: the page
 * is tested through this very server (tests/e2e/run.mjs), so the run command serves what
 * the tests check. 'wasm-unsafe-eval' lets the page compile its WebAssembly; `img-src blob:`
 * lets it draw its SVG picture onto a canvas for the PNG download (an image from a blob: URL).
 */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' blob:";

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.sgf': 'application/x-go-sgf; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
};

/** Resolves a URL path to a file under `root`, or null when it would leave `root`. */
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  const file = normalize(join(root, path));
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** The encodings the request's Accept-Encoding allows (a name with `q=0` is refused). */
function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The file to send for `file`: its best precompressed copy the request accepts, when the
 * copy is at least as new as the file (a stale copy is never sent), else the file itself.
 */
async function representation(root, precompressed, file, info, request) {
  if (!precompressed || !COMPRESSIBLE.has(extname(file))) return { path: file, size: info.size, encoding: null };
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  for (const { name, suffix } of ENCODINGS) {
    if (!accepted.has(name)) continue;
    const copy = join(precompressed, file.slice(root.length) + suffix);
    const copyInfo = await stat(copy).catch(() => null);
    if (copyInfo?.isFile() && copyInfo.mtimeMs >= info.mtimeMs) return { path: copy, size: copyInfo.size, encoding: name };
  }
  return { path: file, size: info.size, encoding: null };
}

async function handle(root, precompressed, request, response, onServe) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let file = fileFor(root, request.url);
  let info = file && (await stat(file).catch(() => null));
  if (info?.isDirectory()) {
    file = join(file, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const sent = await representation(root, precompressed, file, info, request);
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${sent.encoding ? `-${sent.encoding}` : ''}"`;
  const headers = {
    'Content-Type': type,
    'Cache-Control': 'no-cache',
    ETag: etag,
  };
  if (precompressed && COMPRESSIBLE.has(extname(file))) headers.Vary = 'Accept-Encoding';
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CSP;
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  if (sent.encoding) headers['Content-Encoding'] = sent.encoding;
  headers['Content-Length'] = sent.size;
  response.writeHead(200, headers);
  onServe?.({
    path: new URL(request.url, 'http://localhost').pathname,
    file,
    bytes: info.size,
    sent: sent.size,
    encoding: sent.encoding,
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(sent.path).pipe(response);
}

function listen(server, port, host) {
  return new Promise((resolvePort, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePort(server.address().port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts serving `root` on `host`. `port` 0 picks any free port; another port that is busy
 * falls back to the next ones, then to any free port. `precompressed`: the folder of the
 * compressed copies of `root`'s files (by default target/precompressed for www/, none for
 * another folder; `null` serves every file uncompressed). `onServe({ path, file, bytes,
 * sent, encoding })` is called for every file sent with status 200 (`bytes` the file's
 * size, `sent` the body's size on the wire, `encoding` 'br', 'gzip' or null); the e2e
 * tests and benches/load.mjs measure the page's transfer with it.
 * Resolves to `{ server, url, port, close }`.
 */
export async function startServer({
  root = join(REPO_ROOT, 'www'),
  port = 8080,
  host = '127.0.0.1',
  precompressed = resolve(root) === join(REPO_ROOT, 'www') ? PRECOMPRESSED : null,
  onServe,
} = {}) {
  const base = resolve(root);
  const copies = precompressed ? resolve(precompressed) : null;
  const server = createServer((request, response) => {
    handle(base, copies, request, response, onServe).catch((error) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  const candidates = port === 0 ? [0] : [...Array(20).keys()].map((i) => port + i).concat(0);
  for (const candidate of candidates) {
    try {
      const bound = await listen(server, candidate, host);
      const close = () => new Promise((done) => server.close(done));
      return { server, port: bound, url: `http://${host}:${bound}/`, close };
    } catch (error) {
      if (error.code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`no free port on ${host}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(REPO_ROOT, 'www'));
  const requested = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) {
    console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
    process.exit(2);
  }
  const { url, port } = await startServer({ root, port: requested });
  if (requested !== 0 && port !== requested) {
    console.log(`port ${requested} is busy; using ${port}`);
  }
  console.log(`serving ${root} at ${url}`);
  console.log('press Ctrl-C to stop');
}
