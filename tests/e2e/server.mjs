// A small static server for www/: `.wasm` as application/wasm and the strict CSP header on
// HTML responses, as a site embedding go-score would serve it (issue 10).
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The Content-Security-Policy the page must work under. */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ts': 'text/plain; charset=utf-8',
};

/** Serves `root` on 127.0.0.1 at a free port; resolves to `{ url, close, bytesSent }`. */
export async function serve(root) {
  const absoluteRoot = path.resolve(root);
  // What was sent, and what it would be gzipped (the server itself sends it plain).
  const stats = { bytes: 0, gzipBytes: 0, requests: [] };
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      let file = path.normalize(path.join(absoluteRoot, decodeURIComponent(url.pathname)));
      if (!file.startsWith(absoluteRoot)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file);
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      const headers = { 'content-type': type, 'cache-control': 'no-store' };
      if (type.startsWith('text/html')) headers['content-security-policy'] = CSP;
      res.writeHead(200, headers);
      res.end(body);
      const gzipped = gzipSync(body).length;
      stats.bytes += body.length;
      stats.gzipBytes += gzipped;
      stats.requests.push({ path: url.pathname, bytes: body.length, gzipBytes: gzipped });
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    stats,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// `node tests/e2e/server.mjs` serves www/ for a person to look at.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'www');
  const { url } = await serve(root);
  console.log(url);
}
