#!/usr/bin/env node
// The `go-score` command (`npx go-score score games/`); see `go-score --help` and cli/main.mjs.
import { main } from '../cli/main.mjs';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`go-score: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
