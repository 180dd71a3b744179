// The workload of benches/instructions.sh: `calls` scoreBoard calls through the Node build
// (fast path and all), cycling over the 19×19 OGS end positions with their dead stones.
//
//   node benches/instructions.cjs <rules> <calls>
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const goScore = require(path.join(root, 'pkg/node/go_score.js'));
const inputs = readFileSync(path.join(root, 'tests/fixtures/ogs_endgames.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line))
  .filter((f) => f.width === 19 && f.height === 19)
  .map((f) => {
    const board = f.stones.map((row) => [...row].map((c) => (c === 'X' ? 1 : c === 'O' ? -1 : 0)));
    const dead = [];
    f.expected_dead.forEach((row, y) =>
      [...row].forEach((c, x) => {
        if (c === 'd' && board[y][x] !== 0) dead.push([x, y]);
      }),
    );
    return { board, dead };
  });
const [rules, calls] = [process.argv[2], Number(process.argv[3])];
let sum = 0;
for (let i = 0; i < calls; i++) {
  const { board, dead } = inputs[i % inputs.length];
  sum += goScore.scoreBoard({ board, dead, rules }).margin;
}
console.log(sum); // used, so that nothing is optimised away
