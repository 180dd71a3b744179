// Tests of the `go-score` command as users run it: `npx go-score score …` in the scratch project
// where tests/npm/run.mjs installed the packed tarball. Registered by run.mjs (`cli:` tests).
// Small fixtures (collections, empty, binary, huge files) are made at test time in a temp folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The fields every JSONL row has (the documented columns: npm/README.md, "Command line"). */
const FIELDS = ['file', 'game', 'size', 'moves', 'rules', 'komi', 'server', 'conventions', 'result', 'margin', 'recorded', 'agrees', 'why', 'other', 'otherAgrees', 'deadFrom', 'dead', 'ms', 'error'];

/** One black stone on 5×5, White passed: Black's 24 points of territory against komi 0.5. */
const LONE_STONE = '(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+23.5];B[cc];W[])';

/**
 * The 7×5 position of the package's other tests as a record: Black owns column 0, White the
 * right side, where a lone black stone at (5, 1) is marked dead by White's TW territory.
 * Japanese rules, komi 6.5: W+17.5 with the stone dead, W+1.5 without.
 */
// An OGS record whose result counts Black's false eye at [4, 1] (White's atari there once
// the dame at [4, 3] is filled forces Black to fill it): B+12.5 by the rules, B+13.5 as OGS
// counts.
const OGS_FALSE_EYE = '(;GM[1]SZ[9:5]PC[OGS: https://online-go.com/game/1]RU[Japanese]KM[0.5]RE[B+13.5]'
  + 'AB[ab][bb][cb][db][fb][gb][cc][ec][gc][gd][ge][ie]AW[bc][dc][fc][ad][cd][dd][fd][ce][de][ee][fe])';
const MARKED_DEAD =
  '(;GM[1]FF[4]SZ[7:5]RU[Japanese]KM[6.5]RE[W+17.5]' +
  'AB[ba][bb][bc][bd][be][fb]AW[da][db][dc][dd][de]' +
  'TB[aa][ab][ac][ad][ae]TW[ea][fa][ga][eb][fb][gb][ec][fc][gc][ed][fd][gd][ee][fe][ge])';

/**
 * Registers the CLI tests.
 * @param {(name: string, fn: () => Promise<void>) => void} test
 * @param {{ scratch: string, installed: string, root: string }} where
 */
export function registerCliTests(test, { scratch, installed, root }) {
  const fixtures = path.join(root, 'tests', 'fixtures', 'sgf');
  let temp = null;
  /** A fresh temp folder for this run's made-up files, removed when the runner exits. */
  const tempDir = () => {
    if (!temp) {
      temp = mkdtempSync(path.join(os.tmpdir(), 'go-score-cli-test-'));
      process.on('exit', () => rmSync(temp, { recursive: true, force: true }));
    }
    return temp;
  };
  const make = (relative, content) => {
    const file = path.join(tempDir(), relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };

  /** `npx go-score …` in the scratch project: exit status, stdout, stderr (npm's own warnings dropped). */
  function goScore(args, { input } = {}) {
    const result = spawnSync('npx', ['--no', '--', 'go-score', ...args], {
      cwd: scratch,
      input: input ?? '',
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.error) throw result.error;
    const stderr = result.stderr.split('\n').filter((line) => !/^npm (warn|notice)/i.test(line)).join('\n');
    return { status: result.status, stdout: result.stdout, stderr };
  }

  /** Runs `score` with jsonl output, expecting exit 0; the rows. */
  function rowsOf(args, options) {
    const { status, stdout, stderr } = goScore(['score', '--format', 'jsonl', ...args], options);
    assert.equal(status, 0, `exit ${status}: ${stderr}`);
    return stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
  }

  /** Every .sgf file under a folder (any case), as the command's walk should find them. */
  function sgfFiles(folder) {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.sgf'))
      .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
      .sort();
  }

  /** A small RFC 4180 CSV reader (quoted fields, doubled quotes, line breaks in quotes). */
  function parseCsv(text) {
    const records = [];
    let record = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
        else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') record.push(field), (field = '');
      else if (c === '\n') record.push(field), records.push(record), (record = []), (field = '');
      else if (c !== '\r') field += c;
    }
    assert.equal(field + record.join(''), '', 'CSV ends with a line break');
    return records;
  }

  test('cli: package.json bin, and `npx go-score --help` / `--version`', async () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.bin, { 'go-score': './bin/go-score.mjs' });
    const help = goScore(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: go-score score \[options\] <file\|folder\|->\.\.\./);
    for (const option of ['--format', '--dead', '--conventions', '--rules', '--komi', '--jobs', '--sorted', '--progress', '--quiet', '--max-size']) {
      assert.ok(help.stdout.includes(option), `--help names ${option}`);
    }
    const version = goScore(['--version']);
    assert.equal(version.status, 0);
    assert.equal(version.stdout.trim(), manifest.version);
  });

  test('cli: every format on the fixture folders: a row per game, collections as path#k, output parses', async () => {
    const files = sgfFiles(fixtures);
    const rows = rowsOf(['--sorted', '-j', '2', fixtures]);
    for (const row of rows) assert.deepEqual(Object.keys(row), FIELDS);
    // Every file once: alone by its path, or its games numbered 1 … N in order.
    const byFile = new Map();
    for (const row of rows) {
      const file = row.game === null ? row.file : row.file.slice(0, row.file.lastIndexOf('#'));
      if (row.game !== null) assert.equal(row.file, `${file}#${row.game}`);
      byFile.set(file, [...(byFile.get(file) ?? []), row.game]);
    }
    assert.deepEqual([...byFile.keys()].sort(), files);
    for (const [file, games] of byFile) {
      if (games.length > 1 || games[0] !== null) {
        assert.deepEqual(games, games.map((_, i) => i + 1), `games of ${file} in order`);
      }
    }
    // Collections among the fixtures, with the game counts the library reports for them.
    const count = (name) => byFile.get(files.find((f) => f.endsWith(name))).length;
    assert.equal(count('deep-game-tree.sgf'), 5);
    assert.equal(count('missdeer+sgfc/test-files/strict.sgf'), 11);
    assert.equal(count('test-roun-result.sgf'), 22);
    // A scored row has a result and a margin that agree; an error row has a message only.
    for (const row of rows) {
      if (row.error) {
        assert.equal(row.result, null);
        assert.equal(typeof row.error, 'string');
      } else {
        assert.match(row.result, /^([BW]\+\d+(\.5)?|Draw)$/);
        assert.equal(row.margin === 0 ? 'Draw' : `${row.margin > 0 ? 'B' : 'W'}+${Math.abs(row.margin)}`, row.result);
        assert.ok(['record', 'estimate', 'none'].includes(row.deadFrom));
      }
    }
    // Charsets: these fixtures read only with their own charset (a wrong guess fails the replay or the read).
    for (const name of ['utf16le.sgf', 'encoding-japanese-shiftjis.sgf', 'encoding-traditionalchinese-big5.sgf', 'encoding-utf16-nobom.sgf']) {
      const row = rows.find((r) => r.file.endsWith(name));
      assert.equal(row.error, null, `${name}: ${row.error}`);
    }

    const csv = goScore(['score', '--format', 'csv', '--sorted', '-j', '2', fixtures]);
    assert.equal(csv.status, 0);
    const records = parseCsv(csv.stdout);
    assert.deepEqual(records[0], FIELDS);
    assert.equal(records.filter((r) => r.join(',') === FIELDS.join(',')).length, 1, 'one header');
    assert.equal(records.length, rows.length + 1);
    assert.deepEqual(records.slice(1).map((r) => r[0]), rows.map((r) => r.file));
    assert.deepEqual(records.slice(1).map((r) => r[FIELDS.indexOf('result')]), rows.map((r) => r.result ?? ''));
    assert.deepEqual(records.slice(1).map((r) => r[FIELDS.indexOf('error')]), rows.map((r) => r.error ?? ''));

    const table = goScore(['score', '--format', 'table', '--sorted', '-j', '2', fixtures]);
    assert.equal(table.status, 0);
    const lines = table.stdout.trimEnd().split('\n');
    assert.match(lines[0], /^result\s+recorded\s+agrees\s+dead\s+rules\s+komi\s+ms\s+file$/);
    assert.equal(lines.length, rows.length + 1);
    rows.forEach((row, i) => {
      assert.ok(lines[i + 1].startsWith(row.error ? 'error' : row.result), lines[i + 1]);
      assert.ok(lines[i + 1].includes(`  ${row.file}`), lines[i + 1]);
    });
  });

  test('cli: a collection gives a row per game, cut by charset (a Shift_JIS 表 ends in the byte `\\`)', async () => {
    const encoder = (text) => Buffer.from(text, 'latin1');
    // 表 is 0x95 0x5C in Shift_JIS: its second byte is `\`, which a scan of raw bytes would
    // take for an escape of the `]` after it, and so run on into the third game.
    const bytes = Buffer.concat([
      encoder('(;GM[1]FF[4]CA[Shift_JIS]SZ[5]KM[0.5]RE[B+23.5];B[cc];W[])\n'),
      encoder('(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+3]C[a (paren\\] in a comment];B[cc];W[]C['),
      Buffer.from([0x95, 0x5c]),
      encoder('])\n(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]RE[B+R];B[cc];W[])\n'),
    ]);
    const file = make('collection/three.sgf', bytes);
    const rows = rowsOf(['--dead', 'none', '--sorted', file]);
    assert.deepEqual(rows.map((r) => [r.file, r.game, r.rules, r.result, r.recorded, r.agrees, r.error]), [
      [`${file}#1`, 1, 'japanese', 'B+23.5', 'B+23.5', true, null],
      [`${file}#2`, 2, 'japanese', 'B+23.5', 'W+3', false, null],
      [`${file}#3`, 3, 'chinese', 'B+24.5', 'B+R', null, null],
    ]);
    assert.match(rows[1].why, /winner differs/);
    assert.match(rows[2].why, /resignation/);
    // A last game cut off (the library reads up to the last `)`, so it sees one game): an error row.
    const cut = make('collection/cut.sgf', `${LONE_STONE}\n(;GM[1]FF[4]SZ[9]RE[B+2.5];B[ee`);
    assert.deepEqual(rowsOf([cut]).map((r) => [r.file, r.result, r.error]), [
      [`${cut}#1`, 'B+23.5', null],
      [`${cut}#2`, null, "malformed SGF: a property value is not closed by ']' (is the file cut off?)"],
    ]);
  });

  test('cli: broken, empty, binary and huge files are error rows, and the run goes on', async () => {
    const folder = path.join(tempDir(), 'bad');
    make('bad/good.sgf', LONE_STONE);
    make('bad/broken.sgf', '(;GM[1]FF[4]SZ[19];B[dd];W[pp');
    make('bad/empty.sgf', '');
    make('bad/binary.SGF', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)));
    make('bad/not-go.sgf', '(;GM[3]SZ[8])');
    make('bad/notes.txt', 'not an SGF file: the folder walk skips it');
    // Over the default 16 MiB limit, sparse: never read, so it costs nothing.
    const huge = make('bad/deeper/huge.sgf', '');
    truncateSync(huge, 16 * 1024 * 1024 + 1);
    const run = goScore(['score', '--format', 'jsonl', '--sorted', folder]);
    assert.equal(run.status, 0, run.stderr);
    const rows = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const byName = Object.fromEntries(rows.map((r) => [path.relative(folder, r.file), r]));
    assert.deepEqual(Object.keys(byName).sort(), ['binary.SGF', 'broken.sgf', 'deeper/huge.sgf', 'empty.sgf', 'good.sgf', 'not-go.sgf']);
    assert.equal(byName['good.sgf'].result, 'B+23.5');
    assert.equal(byName['good.sgf'].error, null);
    assert.equal(byName['empty.sgf'].error, 'empty file');
    assert.match(byName['broken.sgf'].error, /malformed SGF/);
    assert.match(byName['binary.SGF'].error, /malformed SGF/);
    assert.match(byName['not-go.sgf'].error, /game other than Go/);
    assert.match(byName['deeper/huge.sgf'].error, /file too large: 16777217 bytes/);
    for (const name of ['empty.sgf', 'broken.sgf', 'binary.SGF', 'deeper/huge.sgf']) assert.equal(byName[name].result, null);
    assert.match(run.stderr, /1 game in 6 files, 5 errors/);

    // --max-size applies to any file; a file named on the command line is read whatever its name.
    const small = rowsOf(['--max-size', '20', make('bad/game.txt', LONE_STONE)]);
    assert.equal(small[0].error, `file too large: ${LONE_STONE.length} bytes, over the limit of 20 (--max-size)`);
    assert.equal(rowsOf([path.join(folder, 'game.txt')])[0].result, 'B+23.5');
  });

  test('cli: - reads standard input', async () => {
    const rows = rowsOf(['--dead', 'none', '-'], { input: LONE_STONE });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].file, '-');
    assert.equal(rows[0].result, 'B+23.5');
    assert.equal(rows[0].agrees, true);
    const empty = rowsOf(['-'], { input: '' });
    assert.equal(empty[0].error, 'empty file');
  });

  test('cli: -j 1 and -j 2 give the same rows; --sorted keeps input order', async () => {
    const inputs = [fixtures, path.join(fixtures, 'SabakiHQ+Sabaki'), make('order/game.sgf', MARKED_DEAD)];
    const withoutTime = (rows) => rows.map(({ ms, ...row }) => row);
    const one = withoutTime(rowsOf(['-j', '1', ...inputs]));
    const two = withoutTime(rowsOf(['-j', '2', ...inputs]));
    const byFile = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
    assert.deepEqual([...two].sort(byFile), [...one].sort(byFile));
    assert.ok(one.length > 100);
    // Input order: the same with one worker and two, and the inputs' order on the command line.
    const sortedOne = withoutTime(rowsOf(['-j', '1', '--sorted', ...inputs]));
    const sortedTwo = withoutTime(rowsOf(['-j', '2', '--sorted', ...inputs]));
    assert.deepEqual(sortedTwo, sortedOne);
    assert.equal(sortedTwo.at(-1).file, inputs[2]);
    assert.ok(sortedTwo.at(-2).file.includes('SabakiHQ+Sabaki'));
  });

  test('cli: exit status 2 on bad options and missing paths, with a message', async () => {
    const cases = [
      [[], /no command/],
      [['score'], /nothing to score/],
      [['rate', 'x.sgf'], /unknown command rate/],
      [['score', '--formt', 'csv', fixtures], /Unknown option '--formt'/],
      [['score', '--format', 'xml', fixtures], /--format must be one of jsonl, csv, table, got xml/],
      [['score', '--dead', 'maybe', fixtures], /--dead must be one of auto, record, estimate, none/],
      [['score', '--rules', 'go', fixtures], /--rules must be one of japanese, korean/],
      [['score', '--conventions', 'ogs', fixtures], /--conventions must be one of server, rules, got ogs/],
      [['score', '--komi', '6.3', fixtures], /--komi must be a multiple of 0\.5, got 6\.3/],
      [['score', '-j', '0', fixtures], /--jobs must be a whole number from 1 to 1024, got 0/],
      [['score', '--max-size', 'big', fixtures], /--max-size needs a size/],
      [['score', fixtures, 'no/such/folder'], /no such file or folder: no\/such\/folder/],
      [['score', '-', '-'], /can be given once/],
    ];
    for (const [args, message] of cases) {
      const { status, stdout, stderr } = goScore(args);
      assert.equal(status, 2, `${args.join(' ')}: exit ${status}`);
      assert.match(stderr, message, args.join(' '));
      assert.match(stderr, /try go-score --help/);
      assert.equal(stdout, '', `${args.join(' ')}: nothing on stdout`);
    }
    // A completed run with error rows exits 0 (tested above); so does a negative komi given with =.
    assert.equal(rowsOf(['--komi=-0.5', '--dead', 'none', make('komi/game.sgf', LONE_STONE)])[0].result, 'B+24.5');
  });

  test('cli: --progress on a non-terminal writes a bar and the summary; by default only the summary; --quiet nothing', async () => {
    const folder = path.join(fixtures, 'sanderland+katrain');
    const forced = goScore(['score', '--progress', '-j', '2', folder]);
    assert.equal(forced.status, 0);
    assert.match(forced.stderr, /\r\[[█░·]{24}\] \d+\/(\d+|\?) files, \d+ games, [\d.]+ games\/s, /);
    assert.match(forced.stderr, /\[█{24}\] 6\/6 files, 6 games, [\d.]+ games\/s, 0s left\n/);
    assert.match(forced.stderr, /go-score: 6 games in 6 files, 0 errors\nagreement with recorded results: \d of \d games whose RE is a count/);
    assert.match(forced.stderr, /[\d.]+ s, [\d.]+ games\/s, 2 workers\n$/);
    const plain = goScore(['score', '-j', '2', folder]);
    assert.equal(plain.status, 0);
    assert.doesNotMatch(plain.stderr, /files, \d+ games/);
    assert.match(plain.stderr, /^go-score: 6 games in 6 files, 0 errors\n/);
    const quiet = goScore(['score', '--quiet', '--progress', folder]);
    assert.equal(quiet.status, 0);
    assert.equal(quiet.stderr.trim(), '');
    // Not a terminal: JSON lines by default.
    assert.equal(quiet.stdout.trim().split('\n').map((line) => JSON.parse(line)).length, 6);
  });

  test('cli: on a terminal (script(1) gives it one): a table, the bar and the summary', async () => {
    const file = make('tty/game.sgf', LONE_STONE);
    // script runs the command under a pseudo-terminal: stdout and stderr are both a TTY.
    const command = `npx --no -- go-score score --dead none ${file}`;
    const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: scratch, encoding: 'utf8' });
    if (result.error) throw result.error;
    assert.equal(result.status, 0, result.stdout);
    const screen = result.stdout.replaceAll('\r\n', '\n');
    assert.match(screen, /^result\s+recorded\s+agrees\s+dead\s+rules\s+komi\s+ms\s+file$/m);
    assert.match(screen, /^B\+23\.5\s+B\+23\.5\s+yes\s+0 none\s+japanese\s+0\.5\s+[\d.]+\s+\S+game\.sgf$/m);
    assert.match(screen, /\[█{24}\] 1\/1 files, 1 games, [\d.]+ games\/s, 0s left/);
    assert.match(screen, /go-score: 1 game in 1 file, 0 errors/);
  });

  test('cli: --conventions server (the default) counts as the recording server, names the convention in why, and the summary counts both', async () => {
    const file = make('conventions/ogs.sgf', OGS_FALSE_EYE);
    const pick = (args) => {
      const [row] = rowsOf(['--dead', 'none', ...args, file]);
      return [row.server, row.conventions, row.result, row.agrees, row.why, row.other, row.otherAgrees];
    };
    const why = 'OGS counts the false eye at [4, 1]: 1 point';
    assert.deepEqual(pick([]), ['OGS', 'OGS', 'B+13.5', true, why, 'B+12.5 by the rules', false]);
    assert.deepEqual(pick(['--conventions', 'server']), pick([]));
    assert.deepEqual(pick(['--conventions', 'rules']), [
      'OGS', 'rules', 'B+12.5', false, `${why}; the margin differs by 1 point: recorded B+13.5, counted B+12.5`,
      'B+13.5 as OGS counts', true,
    ]);
    // A record that names no server counts by the rules either way.
    const [plain] = rowsOf(['--dead', 'none', make('conventions/plain.sgf', LONE_STONE)]);
    assert.deepEqual([plain.server, plain.conventions, plain.other, plain.otherAgrees], [null, 'rules', null, null]);
    const run = goScore(['score', '--dead', 'none', file]);
    assert.match(run.stderr, /agreement with recorded results: 1 of 1 games whose RE is a count \(100\.0%\) as the servers count, 0 \(0\.0%\) by the rules;/);
    const byRules = goScore(['score', '--dead', 'none', '--conventions', 'rules', file]);
    assert.match(byRules.stderr, /1 games whose RE is a count \(0\.0%\) by the rules, 1 \(100\.0%\) as the servers count;/);
  });

  test('cli: dead stones from the record, estimated or none; --rules and --komi override the record', async () => {
    const file = make('dead/marked.sgf', MARKED_DEAD);
    const pick = (args) => {
      const [row] = rowsOf([...args, file]);
      return { rules: row.rules, komi: row.komi, result: row.result, deadFrom: row.deadFrom, dead: row.dead, agrees: row.agrees };
    };
    assert.deepEqual(pick([]), { rules: 'japanese', komi: 6.5, result: 'W+17.5', deadFrom: 'record', dead: 1, agrees: true });
    assert.deepEqual(pick(['--dead', 'record']), pick([]));
    assert.deepEqual(pick(['--dead', 'none']), { rules: 'japanese', komi: 6.5, result: 'W+1.5', deadFrom: 'none', dead: 0, agrees: false });
    assert.equal(pick(['--dead', 'estimate']).deadFrom, 'estimate');
    assert.deepEqual(pick(['--komi', '0.5']), { rules: 'japanese', komi: 0.5, result: 'W+11.5', deadFrom: 'record', dead: 1, agrees: false });
    // Area counting: White's 15 points of area + 5 stones + 6.5 against Black's 5 + 5 stones.
    assert.deepEqual(pick(['--rules', 'chinese']), { rules: 'chinese', komi: 6.5, result: 'W+16.5', deadFrom: 'record', dead: 1, agrees: false });
    // Tromp-Taylor has no dead-stone agreement: auto marks none, an explicit mode is an error row.
    assert.deepEqual(pick(['--rules', 'tromp-taylor']).deadFrom, 'none');
    const [row] = rowsOf(['--rules', 'tromp-taylor', '--dead', 'record', file]);
    assert.match(row.error, /tromp-taylor|Tromp-Taylor/);
    // Without marks, auto estimates.
    assert.equal(rowsOf([make('dead/plain.sgf', LONE_STONE)])[0].deadFrom, 'estimate');
  });
}
