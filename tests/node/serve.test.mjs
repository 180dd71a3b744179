// scripts/serve.mjs as a static host: the build's brotli or gzip copy by Accept-Encoding
// (with Content-Encoding and Vary), the plain file when the browser takes neither or the
// copy is older than the file, the right Content-Type (application/wasm for the module),
// and 304 for a file the browser already has.
//
//   node --test tests/node/serve.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressTree } from '../../scripts/compress.mjs';
import { startServer } from '../../scripts/serve.mjs';

/** GET `path` with `headers`; resolves to `{ status, headers, body }` (body as bytes). */
function get(url, path, headers = {}) {
  return new Promise((resolve, reject) => {
    request(new URL(path, url), { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

const site = mkdtempSync(join(tmpdir(), 'go-score-serve-'));
const copies = join(site, '..', `${site.split('/').pop()}-copies`);
const script = 'export const text = "' + 'go-score '.repeat(400) + '";\n';
const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4000, 7)]);
mkdirSync(join(site, 'js'));
mkdirSync(join(site, 'pkg'));
writeFileSync(join(site, 'js', 'main.js'), script);
writeFileSync(join(site, 'pkg', 'm.wasm'), wasm);
writeFileSync(join(site, 'index.html'), '<!doctype html><title>t</title>');
assert.equal(compressTree(site, copies), 6, 'a brotli and a gzip copy of each of the three files');
assert.equal(compressTree(site, copies), 0, 'copies newer than their files are kept');
const server = await startServer({ root: site, port: 0, precompressed: copies });

test.after(async () => {
  await server.close();
  rmSync(site, { recursive: true, force: true });
  rmSync(copies, { recursive: true, force: true });
});

test('brotli when the browser takes it, else gzip, else the file; Vary either way', async () => {
  const br = await get(server.url, '/js/main.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.equal(br.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(Number(br.headers['content-length']), br.body.length);
  assert.ok(br.body.length < script.length / 4, 'the compressed copy is sent');
  assert.equal(brotliDecompressSync(br.body).toString(), script);

  const gz = await get(server.url, '/js/main.js', { 'accept-encoding': 'gzip, br;q=0' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), script);

  const plain = await get(server.url, '/js/main.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.headers.vary, 'Accept-Encoding');
  assert.equal(plain.body.toString(), script);
});

test('the wasm module as application/wasm, compressed; HTML with its CSP', async () => {
  const module = await get(server.url, '/pkg/m.wasm', { 'accept-encoding': 'br' });
  assert.equal(module.headers['content-type'], 'application/wasm');
  assert.equal(module.headers['content-encoding'], 'br');
  assert.deepEqual(brotliDecompressSync(module.body), wasm);
  const page = await get(server.url, '/', { 'accept-encoding': 'gzip' });
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(page.headers['content-security-policy'], /wasm-unsafe-eval/);
  assert.equal(gunzipSync(page.body).toString(), '<!doctype html><title>t</title>');
});

test('a copy older than its file is never sent: the file goes out as it is', async () => {
  const later = new Date(Date.now() + 60_000);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>changed</title>');
  utimesSync(join(site, 'index.html'), later, later);
  const page = await get(server.url, '/index.html', { 'accept-encoding': 'br, gzip' });
  assert.equal(page.headers['content-encoding'], undefined);
  assert.equal(page.body.toString(), '<!doctype html><title>changed</title>');
});

test('an ETag per file and encoding, no-cache, and 304 for what the browser has', async () => {
  const first = await get(server.url, '/js/main.js', { 'accept-encoding': 'br' });
  assert.equal(first.headers['cache-control'], 'no-cache');
  const etag = first.headers.etag;
  assert.match(etag, /^".+-br"$/);
  const again = await get(server.url, '/js/main.js', { 'accept-encoding': 'br', 'if-none-match': etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const other = await get(server.url, '/js/main.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
  assert.equal(other.status, 200, 'the gzip copy is another representation');
  assert.notEqual(other.headers.etag, etag);
});
