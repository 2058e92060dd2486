#!/usr/bin/env node
/**
 * `npm test`: the one test command, for developers and CI alike.
 * Stages, in order: lint, typecheck (tsc + svelte-check), unit, integration, e2e.
 * `npm test -- unit integration` runs only the named stages.
 * It stops at the first failing stage, prints what each stage counted, and ends with
 * one line "N passed, N failed" (and ", N skipped" when any were skipped).
 * Every tool runs as `node <its JS entry>` or through its JavaScript API, never `npx`
 * (a `.cmd` shim that cannot be spawned without a shell on Windows).
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolBin } from './lib/tools.mjs';

// fileURLToPath, not .pathname: on Windows the latter is "/C:/…".
const root = fileURLToPath(new URL('..', import.meta.url));
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Every file under dir whose name matches re, sorted so runs are reproducible. */
function findFiles(dir, re) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (re.test(name)) out.push(relative(root, p));
    }
  };
  walk(join(root, dir));
  return out.sort();
}

/** Runs a tool's JavaScript entry point with this very Node (see scripts/lib/tools.mjs). */
function runTool(pkg, bin, args) {
  return run(process.execPath, [toolBin(pkg, bin), ...args]);
}

/** Runs a command with inherited output; also returns what it printed so counts can be read. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      out += d;
      process.stderr.write(d);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

function count(out, re) {
  let n = 0;
  for (const m of out.matchAll(re)) n = Number(m[1]);
  return n;
}

async function nodeTests(dir) {
  const files = findFiles(dir, /\.test\.ts$/);
  if (files.length === 0) {
    console.log(`(no test files under ${dir})`);
    return 0;
  }
  const { code, out } = await run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=2',
    '--test-timeout=180000',
    ...files,
  ]);
  const passed = count(out, /^ℹ pass (\d+)$/gm);
  const failed = count(out, /^ℹ fail (\d+)$/gm);
  const skipped = count(out, /^ℹ skipped (\d+)$/gm) + count(out, /^ℹ todo (\d+)$/gm);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  if (code !== 0 && failed === 0) totals.failed += 1; // a crash outside any test still fails the run
  return code;
}

async function playwright(config) {
  const { code, out } = await runTool('@playwright/test', 'playwright', ['test', '-c', config]);
  const passed = count(out, /^\s+(\d+) passed/gm);
  const failed = count(out, /^\s+(\d+) failed/gm);
  const skipped = count(out, /^\s+(\d+) skipped/gm);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  if (code !== 0 && failed === 0) totals.failed += 1;
  return code;
}

const stages = {
  lint: () => runTool('eslint', 'eslint', ['--max-warnings', '0', '.']).then((r) => r.code),
  typecheck: async () => {
    const tsc = await runTool('typescript', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
    if (tsc.code !== 0) return tsc.code;
    return (
      await runTool('svelte-check', 'svelte-check', [
        '--tsconfig',
        'renderer/tsconfig.json',
        '--fail-on-warnings',
        '--output',
        'human',
      ])
    ).code;
  },
  unit: () => nodeTests('tests/unit'),
  integration: () => nodeTests('tests/integration'),
  e2e: async () => {
    try {
      const { build } = await import('vite');
      await build({
        configFile: join(root, 'renderer/vite.config.ts'),
        mode: 'harness',
        logLevel: 'warn',
      });
    } catch (err) {
      console.error(`Renderer build failed: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
    const browser = await playwright('tests/e2e/playwright.config.ts');
    const electron = await playwright('tests/electron/playwright.config.ts');
    return browser || electron;
  },
};

const names = requested.length ? requested : Object.keys(stages);
let exitCode = 0;
const started = Date.now();
for (const name of names) {
  const stage = stages[name];
  if (!stage) {
    console.error(`Unknown stage "${name}". Stages: ${Object.keys(stages).join(', ')}`);
    process.exit(2);
  }
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const code = await stage();
  console.log(
    `=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`,
  );
  if (code !== 0) {
    exitCode = 1;
    if (name === 'lint' || name === 'typecheck') totals.failed += 1;
    break;
  }
}
console.log(`\nAll stages took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(exitCode);
