// Node's ES-module entry: the CommonJS entry (./go_score.js: the browser build with its
// wasm compiled synchronously) re-exported by name, with `init` and `initSync` that do
// nothing, so code written for the browser (`await init()`) runs unchanged. In Node every
// function works as soon as the import resolves; `init()` is only a resolved promise.
import wasm from './go_score.js';

export const {
  Game, classifyRegions, countAsServer, countingSteps, defaultKomi, estimateDeadStones, handicapPoints, readDiagram,
  rulesets, scoreAndClassify, scoreBoard, scoreSgf, sgfGameTrees,
} = wasm;

/** Nothing to do in Node: the module is ready once imported. Kept for browser-shaped code. */
export function initSync() {
  return wasm;
}

/** Nothing to wait for in Node: the module is ready once imported. Kept for browser-shaped code. */
export default async function init() {
  return wasm;
}
