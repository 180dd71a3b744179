// Loads the OPTIMISED release build (scripts/build.sh --node: wasm-pack, then npm's
// wasm-opt) and scores positions with it. A broken optimiser passes the build and fails
// only when the module is loaded or called (Debian's wasm-opt 108 does that), so this test
// must run on the files the page and the package actually ship: www/pkg (`--target web`)
// and pkg/node (`--target nodejs`).
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

function built(path) {
  const full = root + path;
  if (!existsSync(full)) {
    throw new Error(`${path} is missing: run scripts/build.sh --node first`);
  }
  return full;
}

/** The page's build: ES module for browsers, initialised synchronously from the bytes. */
async function loadWebBuild() {
  const api = await import(built('www/pkg/go_score.js'));
  api.initSync({ module: readFileSync(built('www/pkg/go_score_bg.wasm')) });
  return api;
}

/** The npm package's Node flavour: CommonJS that reads its .wasm itself. */
function loadNodeBuild() {
  return require(built('pkg/node/go_score.js'));
}

// The OGS Rules and Scoring FAQ's example, counted on a 9×9 board: Black 23 stones and 17
// points of territory, White 23 stones and 16, two dame at [4, 0] and [4, 8]. Black took 2
// stones, White took 1; komi 6.
const OGS_FAQ_BOARD = [
  '..XX.OO..',
  '..XXXOO..',
  '..XXXOO..',
  '..XXXOO..',
  '.XXXXOOOO',
  '..XXOOO..',
  '..XXOOO..',
  '..XXOOO..',
  '..XX.OO..',
];
const OGS_FAQ_INPUT = {
  board: OGS_FAQ_BOARD,
  rules: 'japanese',
  komi: 6,
  captures: { black: 2, white: 1 },
};

/** The same board as a sign map. */
function signMap(rows) {
  return rows.map((row) => [...row].map((c) => (c === 'X' ? 1 : c === 'O' ? -1 : 0)));
}

for (const [flavour, load] of [
  ['web build (www/pkg)', loadWebBuild],
  ['nodejs build (pkg/node)', async () => loadNodeBuild()],
]) {
  test(`${flavour}: the OGS FAQ example under territory and area counting`, async () => {
    const { scoreBoard } = await load();
    const result = scoreBoard(OGS_FAQ_INPUT);

    assert.equal(result.method, 'territory');
    assert.equal(result.komi, 6);
    const { territory, area } = result;
    assert.equal(territory.black.territory, 17);
    assert.equal(territory.black.prisoners, 2);
    assert.equal(territory.black.total, 19);
    assert.equal(territory.white.territory, 16);
    assert.equal(territory.white.prisoners, 1);
    assert.equal(territory.white.komi, 6);
    assert.equal(territory.white.total, 23);
    assert.equal(territory.result, 'W+4');
    assert.equal(area.black.stones, 23);
    assert.equal(area.black.total, 40);
    assert.equal(area.white.stones, 23);
    assert.equal(area.white.total, 45);
    assert.equal(area.result, 'W+5');
    assert.equal(result.result, 'W+4');
    assert.equal(result.winner, 'white');
    assert.equal(result.margin, -4);
    assert.equal(result.difference.total, area.margin - territory.margin);

    // Territory method: only empty points are owned; stones and dame are 0.
    assert.equal(result.ownership.length, 9);
    assert.deepEqual(result.ownership[0], [1, 1, 0, 0, 0, 0, 0, -1, -1]);
    const owned = result.ownership.flat();
    assert.equal(owned.filter((o) => o === 1).length, 17);
    assert.equal(owned.filter((o) => o === -1).length, 16);
  });

  test(`${flavour}: sign map and row strings agree; chinese rules count area`, async () => {
    const { scoreBoard } = await load();
    const fromRows = scoreBoard({ ...OGS_FAQ_INPUT, rules: 'chinese' });
    const fromSigns = scoreBoard({
      ...OGS_FAQ_INPUT, rules: 'chinese', board: signMap(OGS_FAQ_BOARD),
    });
    assert.deepEqual(fromSigns, fromRows);
    assert.equal(fromRows.method, 'area');
    assert.equal(fromRows.result, 'W+5');
    // Area method: stones count as owned too; the two dame stay 0.
    const owned = fromRows.ownership.flat();
    assert.equal(owned.filter((o) => o === 1).length, 40);
    assert.equal(owned.filter((o) => o === -1).length, 39);
    assert.equal(fromRows.ownership[0][4], 0);
    assert.equal(fromRows.ownership[8][4], 0);
  });

  test(`${flavour}: classifyRegions finds the territories and the dame`, async () => {
    const { classifyRegions } = await load();
    const { regions, groups, regionAt } = classifyRegions(OGS_FAQ_INPUT);
    assert.equal(groups.length, 2);
    assert.deepEqual(groups.map((g) => [g.color, g.stones.length, g.status]).sort(), [
      ['black', 23, 'alive'],
      ['white', 23, 'alive'],
    ]);
    const dame = regions.filter((r) => r.kind === 'dame');
    assert.deepEqual(dame.map((r) => r.points).sort(), [[[4, 0]], [[4, 8]]]);
    assert.ok(dame.every((r) => r.owner === null && r.bordersBlack && r.bordersWhite));
    const black = regions.filter((r) => r.owner === 'black');
    const white = regions.filter((r) => r.owner === 'white');
    assert.equal(black.reduce((n, r) => n + r.points.length, 0), 17);
    assert.equal(white.reduce((n, r) => n + r.points.length, 0), 16);
    assert.equal(regionAt[0][2], -1); // a living stone
    assert.equal(regions[regionAt[0][4]].kind, 'dame');
  });

  test(`${flavour}: bad input throws an Error naming the problem; the module keeps working`, async () => {
    const { scoreBoard } = await load();
    const cases = [
      [{ board: ['XX.', 'X.'] }, 'board row 1 has 2 points, expected 3'],
      [{ board: [[0, 2], [0, 0]] }, 'board point [1, 0] is 2; expected -1, 0 or 1'],
      [{ board: OGS_FAQ_BOARD, komi: NaN }, 'komi must be finite'],
      [{ board: OGS_FAQ_BOARD, dead: [[20, 4]] }, 'dead vertex [20, 4] is off the 9×9 board'],
      [{ board: OGS_FAQ_BOARD, dead: [[0, 0]] }, 'dead vertex [0, 0] has no stone'],
      [{ board: ['XO', 'O.'] }, 'the black chain at [0, 0] has no liberties'],
      [{ board: OGS_FAQ_BOARD, komy: 6 }, 'unknown field `komy`'],
    ];
    for (const [input, message] of cases) {
      assert.throws(
        () => scoreBoard(input),
        (error) => error instanceof Error && error.message.includes(message),
        `expected an Error containing ${JSON.stringify(message)}`,
      );
      assert.equal(scoreBoard(OGS_FAQ_INPUT).result, 'W+4');
    }
  });
}
