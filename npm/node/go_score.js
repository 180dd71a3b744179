// The package's CommonJS entry for Node: the browser build (pkg/go_score.js, an ES module
// that require() loads in Node ≥ 20.19), its WebAssembly compiled synchronously from the
// package's one copy of the .wasm, so every function works as soon as require() returns.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const wasm = require('../pkg/go_score.js');

wasm.initSync({ module: readFileSync(path.join(__dirname, '..', 'pkg', 'go_score_bg.wasm')) });
module.exports = wasm;
