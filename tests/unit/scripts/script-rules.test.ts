/**
 * Regression tests for two ways the scripts failed traders and contributors (issue 10, "Every
 * OS"): spawning `npx` (a `.cmd` shim on Windows, which cannot be spawned without a shell),
 * and `scripts/start.mjs` passing Electron a flag `electron/main.ts` never reads. Both read
 * the sources with TypeScript's parser, so comments and prose never count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const SPAWNERS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork']);
/** Commands that are `.cmd` shims on Windows: spawned without a shell they fail there. */
const SHIM = /^(npx|npm|pnpm|yarn|vite|eslint|tsc|prettier|playwright|electron)$|\.(cmd|bat)$/i;

function parse(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

/** Whether an options argument is an object literal with `shell` set to something truthy. */
function hasShell(arg: ts.Expression | undefined): boolean {
  if (!arg || !ts.isObjectLiteralExpression(arg)) return false;
  return arg.properties.some(
    (p) =>
      ts.isPropertyAssignment(p) &&
      p.name.getText() === 'shell' &&
      p.initializer.kind !== ts.SyntaxKind.FalseKeyword,
  );
}

/** Each spawn-family call whose command is a shim's name, without a shell: "file:line cmd". */
function shimSpawns(source: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(source, (n) => {
    if (!ts.isCallExpression(n)) return;
    const callee = ts.isPropertyAccessExpression(n.expression)
      ? n.expression.name.text
      : n.expression.getText();
    if (!SPAWNERS.has(callee)) return;
    const [cmd, args, opts] = n.arguments;
    if (!cmd || !ts.isStringLiteralLike(cmd) || !SHIM.test(cmd.text)) return;
    const options = args && ts.isObjectLiteralExpression(args) ? args : opts;
    if (hasShell(options)) return;
    const { line } = source.getLineAndCharacterOfPosition(n.getStart());
    found.push(`${source.fileName}:${line + 1} ${cmd.text}`);
  });
  return found;
}

function mjsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.mjs'))
    .map((e) => join(e.parentPath, e.name));
}

test('the detector finds a shim spawned without a shell, and only that', () => {
  const bad = parse(
    'bad.mjs',
    `import { spawn, spawnSync } from 'node:child_process';
     import cp from 'node:child_process';
     spawn('npx', ['vite', 'build']);
     cp.spawnSync('npm.cmd', ['ci'], { stdio: 'inherit' });
     spawnSync('npx', ['tsc'], { shell: true });
     spawn(process.execPath, ['node_modules/vite/bin/vite.js']);
     // spawn('npx', []) in a comment does not count`,
  );
  assert.deepEqual(shimSpawns(bad), ['bad.mjs:3 npx', 'bad.mjs:4 npm.cmd']);
});

test('no script spawns npx or another .cmd shim without a shell', () => {
  const files = mjsUnder(join(root, 'scripts'));
  assert.ok(files.some((f) => f.endsWith('start.mjs')) && files.length >= 5, 'scripts found');
  const found = files.flatMap((f) => shimSpawns(parse(relative(root, f), readFileSync(f, 'utf8'))));
  assert.deepEqual(
    found,
    [],
    'run the tool with process.execPath and its JS entry (scripts/lib/tools.mjs)',
  );
});

/** The `--flag` string literals in a file's code (not its comments). */
function flagLiterals(file: string): Set<string> {
  const out = new Set<string>();
  walk(parse(file), (n) => {
    if (ts.isStringLiteralLike(n) && /^--[a-z]/.test(n.text)) out.add(n.text);
  });
  return out;
}

test('scripts/start.mjs passes Electron only flags electron/main.ts honours', () => {
  const honoured = flagLiterals(join(root, 'electron/main.ts'));
  assert.ok(honoured.has('--live'), `main.ts reads --live (${[...honoured].join(', ')})`);
  const passed = flagLiterals(join(root, 'scripts/start.mjs'));
  const ignored = [...passed].filter((f) => !honoured.has(f));
  assert.deepEqual(ignored, [], 'flags start.mjs passes that main.ts never reads');

  // The launch itself: the app directory, then the trader's own flags, nothing added.
  const start = parse(join(root, 'scripts/start.mjs'));
  const launches: string[] = [];
  walk(start, (n) => {
    if (
      ts.isCallExpression(n) &&
      n.expression.getText() === 'spawnSync' &&
      n.arguments[0]?.getText() === 'binary.path'
    )
      launches.push(n.arguments[1]!.getText());
  });
  assert.deepEqual(launches, ["['.', ...process.argv.slice(2)]"]);
});
