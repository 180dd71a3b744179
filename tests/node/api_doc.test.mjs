// docs/API.md against the TypeScript declarations the build generates (www/pkg/go_score.d.ts,
// pkg/node/go_score.d.ts) and the module's real exports. Every exported function, class,
// interface and type of the declarations must have its own `### \`Name\`` section in
// API.md, and every such section must name something the declarations export. Each
// interface's section lists its fields in a table (`| \`field\` |`, `| \`field?\` |` when
// optional) and the `Game` section its members: the lists must be the same both ways,
// optional marks included. A name the module exports at run time without a declaration
// must be listed under "Not part of the API". Deliberately broken copies must fail, so the
// check can fail.
//
//   scripts/build.sh --node && node --test tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const ts = require(root + 'node_modules/typescript');
const API_MD = 'docs/API.md';
const DECLARATIONS = ['www/pkg/go_score.d.ts', 'pkg/node/go_score.d.ts'];
const read = (file) => readFileSync(root + file, 'utf8');

// wasm-bindgen's own interface of raw exports: documented by name, members internal.
const OPAQUE = new Set(['InitOutput']);

const has = (node, kind) => (ts.getModifiers?.(node) ?? node.modifiers ?? []).some((m) => m.kind === kind);

function memberName(member) {
  if (ts.isConstructorDeclaration(member)) return 'constructor';
  const name = member.name;
  if (!name) return null;
  if (ts.isComputedPropertyName(name)) return name.expression.getText();
  return name.text;
}

/** Exported names of a .d.ts: Map name → { kind, members: Map name → optional } . */
function declared(text, file) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = new Map();
  for (const statement of source.statements) {
    if (!has(statement, ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(statement)) {
      const name = has(statement, ts.SyntaxKind.DefaultKeyword) ? 'init' : statement.name.text;
      names.set(name, { kind: 'function' });
    } else if (ts.isClassDeclaration(statement)) {
      const members = new Map();
      for (const member of statement.members) {
        const name = memberName(member);
        if (name) members.set(name, false);
      }
      names.set(statement.name.text, { kind: 'class', members });
    } else if (ts.isInterfaceDeclaration(statement)) {
      const members = new Map();
      for (const member of statement.members) {
        members.set(memberName(member), Boolean(member.questionToken));
      }
      names.set(statement.name.text, { kind: 'interface', members });
    } else if (ts.isTypeAliasDeclaration(statement)) {
      names.set(statement.name.text, { kind: 'type' });
    } else {
      throw new Error(`${file}: an export this check does not know: ${statement.getText().slice(0, 80)}`);
    }
  }
  return names;
}

const leadingName = (span) => span.match(/^(?:new\s+)?(?:[A-Za-z_$][\w$]*\.)?(\[Symbol\.\w+\]|[A-Za-z_$][\w$]*\??)/);

/** A table row's first cell → [member name, optional]: `field?`, `play(x, y)`,
 *  `new Game(opts)` (constructor), `Game.fromSgf(sgf)`, `[Symbol.dispose]()`. */
function rowMember(span) {
  if (/^new\s/.test(span)) return ['constructor', false];
  const match = leadingName(span);
  if (!match) return [null, false];
  let name = match[1].replace(/^\[(.*)\]$/, '$1');
  const optional = name.endsWith('?');
  if (optional) name = name.slice(0, -1);
  return [name, optional];
}

/** API.md's documented names: Map name → Map member → optional (rows of its table), and the
 *  names listed under "Not part of the API". */
function documented(text) {
  const sections = new Map();
  const unofficial = new Set();
  let current = null;
  let level2 = '';
  for (const line of text.split('\n')) {
    if (/^## /.test(line)) {
      level2 = line;
      current = null;
    } else if (/^### /.test(line)) {
      current = [];
      for (const [, span] of line.matchAll(/`([^`]+)`/g)) {
        const match = leadingName(span);
        if (match) {
          const members = new Map();
          sections.set(match[1], members);
          current.push(members);
        }
      }
      // A heading that starts with a name documents that name; other ### headings are prose.
      if (!/^### `/.test(line)) current = null;
    } else if (current && /^\| `/.test(line)) {
      const span = line.match(/^\| `([^`]+)`/)[1];
      const [name, optional] = rowMember(span);
      for (const members of current) members.set(name, optional);
    } else if (/^## Not part of the API/.test(level2)) {
      for (const [, span] of line.matchAll(/`([^`]+)`/g)) unofficial.add(span);
    }
  }
  return { sections, unofficial };
}

/** Every disagreement between API.md's text and the declarations (and run-time exports). */
function problems(apiText, declarations, runtimeExports = []) {
  const { sections, unofficial } = documented(apiText);
  const found = [];
  const everything = new Set();
  for (const [file, text] of declarations) {
    for (const [name, { kind, members }] of declared(text, file)) {
      everything.add(name);
      if (!sections.has(name)) {
        found.push(`${file}: ${kind} ${name} has no section in ${API_MD}`);
        continue;
      }
      if (!members || OPAQUE.has(name)) continue;
      const rows = sections.get(name);
      for (const [member, optional] of members) {
        if (!rows.has(member)) {
          found.push(`${file}: ${name}.${member} is not in ${API_MD}'s ${name} table`);
        } else if (kind === 'interface' && rows.get(member) !== optional) {
          found.push(`${name}.${member} is ${optional ? 'optional' : 'required'} in ${file} but not in ${API_MD}`);
        }
      }
      for (const member of rows.keys()) {
        if (!members.has(member)) found.push(`${API_MD}: ${name}.${member} is not declared in ${file}`);
      }
    }
  }
  for (const name of sections.keys()) {
    if (!everything.has(name)) found.push(`${API_MD}: ${name} has a section but is not exported`);
  }
  for (const name of runtimeExports) {
    if (!sections.has(name) && !unofficial.has(name)) {
      found.push(`the module exports ${name}, which ${API_MD} neither documents nor lists as not part of the API`);
    }
  }
  return found;
}

const declarations = () => DECLARATIONS.map((file) => [file, read(file)]);
const runtimeExports = () => Object.keys(require(root + 'pkg/node/go_score.js'));

test('docs/API.md documents every export, field and Game member the declarations have, and no other', () => {
  const found = problems(read(API_MD), declarations(), runtimeExports());
  assert.deepEqual(found, [], found.join('\n'));
});

test('the check fails on a missing, an extra or a wrongly optional field, and on an unknown export', () => {
  const api = read(API_MD);
  const web = read(DECLARATIONS[0]);
  const fails = (label, apiText, webText = web, runtime = []) => {
    assert.notDeepEqual(problems(apiText, [[DECLARATIONS[0], webText]], runtime), [], label);
  };
  assert.deepEqual(problems(api, [[DECLARATIONS[0], web]]), [], 'the unbroken copies agree');

  const deadFromRow = api.match(/^\| `deadFrom` \|.*\n/m)[0];
  fails('a ScoreResult field missing from API.md', api.replace(deadFromRow, ''));
  fails('a declared field missing', api, web.replace(/^ {4}deadFrom: .*\n/m, ''));
  fails('a field added to a declaration', api, web.replace('export interface Estimate {', 'export interface Estimate {\n    extra: number;'));
  fails('optional documented as required', api.replace('| `komi?` | `number` | Finite', '| `komi` | `number` | Finite'));
  fails('a Game method missing', api.replace(/^\| `setKomi\(.*\n/m, ''));
  fails('a function without a section', api.replace('### `rulesets(): RulesetInfo[]`', '### rulesets'));
  fails('a section for no export', `${api}\n### \`scoreEverything(input)\`\n`);
  fails('an undocumented run-time export', api, web, ['scoreBoardFaster']);
});
