#!/usr/bin/env node
// Serves a directory (default www/) on 127.0.0.1 with plain Node `http`: `.wasm` as
// application/wasm so `WebAssembly.instantiateStreaming` works, HTML with the page's
// Content-Security-Policy, no caching so a rebuild shows on reload.
// Port: $PORT or 8080; when that is busy, the next free one.
//
//   node scripts/serve.mjs [dir]            CLI: prints the URL, serves until Ctrl-C
//   import { startServer } from './serve.mjs'   tests: `await startServer({ port: 0 })`
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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

async function handle(root, request, response, onServe) {
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
  const headers = {
    'Content-Type': type,
    'Content-Length': info.size,
    'Cache-Control': 'no-store',
  };
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CSP;
  response.writeHead(200, headers);
  onServe?.({ path: new URL(request.url, 'http://localhost').pathname, file, bytes: info.size });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
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
 * falls back to the next ones, then to any free port. `onServe({ path, file, bytes })` is
 * called for every file sent (the e2e tests measure the page's transfer with it).
 * Resolves to `{ server, url, port, close }`.
 */
export async function startServer({
  root = join(REPO_ROOT, 'www'),
  port = 8080,
  host = '127.0.0.1',
  onServe,
} = {}) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    handle(base, request, response, onServe).catch((error) => {
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
