/**
 * Electronegativity (Doyensec's scanner for Electron's security checklist) over everything
 * that runs in the app's windows or its main process, in one scan so its global checks see
 * the whole app: electron/ (main, preload, shell, core, IPC), shared/ (loaded by both
 * sides) and renderer/ (index.html, the TypeScript, and each Svelte component's script and
 * markup, which the scanner cannot read as .svelte: see svelteForScan), as npm test runs it,
 * against the installed Electron's version. Not scanned: sandbox/ (the broker: a plain Node
 * server in a utility process, no windows, no web content), tests/ and scripts/ (not
 * shipped). No finding may stand unexplained: each justified one is suppressed where it
 * stands with an `eng-disable` comment that says why. Two checks are skipped here, for the
 * reasons below. A second scan of a deliberately unsafe file proves the scan can fail.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { toolBin } from '../../../scripts/lib/tools.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** The Electron the app runs on: the installed package's own version, not a copy of it. */
const ELECTRON_VERSION = (
  JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('electron/package.json'), 'utf8'),
  ) as { version: string }
).version;
const SKIPPED = [
  // It downloads Electron's release list to name missed security fixes: needs the network,
  // and the pinned Electron is the current major (package.json, kept current by updates).
  'AvailableSecurityFixesGlobalCheck',
  // It looks for a CSP in HTML meta tags (renderer/index.html has none) and webRequest
  // hooks; ours is a response header set by the app:// handler
  // (electron/shell/app-protocol.ts) on every page it serves, which main-process.test.ts
  // asserts (script-src 'self', no unsafe-inline, no unsafe-eval).
  'CSPGlobalCheck',
];

interface Finding {
  rule: string;
  file: string;
  line: number;
  message: string;
}

async function scan(input: string): Promise<Finding[]> {
  const out = join(mkdtempSync(join(tmpdir(), 'tickdesk-eneg-')), 'report.sarif');
  await promisify(execFile)(
    process.execPath,
    [
      toolBin('@doyensec/electronegativity', 'electronegativity'),
      ...['-i', input, '-r', '-e', ELECTRON_VERSION, '-x', SKIPPED.join(','), '-o', out],
    ],
    { cwd: root, timeout: 120_000 },
  );
  const sarif = JSON.parse(readFileSync(out, 'utf8')) as {
    runs: {
      results: {
        ruleId: string;
        message: { text: string };
        locations: {
          physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
        }[];
      }[];
    }[];
  };
  return sarif.runs.flatMap((run) =>
    run.results.map((r) => ({
      rule: r.ruleId,
      file: r.locations[0]?.physicalLocation.artifactLocation.uri ?? '',
      line: r.locations[0]?.physicalLocation.region?.startLine ?? 0,
      message: r.message.text,
    })),
  );
}

/**
 * A Svelte component as the scanner can read it: its `<script>` blocks as `.svelte.ts` (the
 * TypeScript checks: openExternal, window.open, remote, …) and its markup as `.svelte.html`
 * (the HTML checks: webview attributes, CSP meta). Every other line is blanked, so reported
 * line numbers are the component's own.
 */
function svelteForScan(source: string): { script: string; markup: string } {
  const lines = source.split('\n');
  let inScript = false;
  const script: string[] = [];
  const markup: string[] = [];
  for (const line of lines) {
    const opens = /^\s*<script\b/.test(line);
    const closes = /<\/script>\s*$/.test(line);
    if (opens) inScript = true;
    const code = inScript && !opens && !closes;
    script.push(code ? line : '');
    markup.push(inScript ? '' : line);
    if (closes) inScript = false;
  }
  return { script: script.join('\n'), markup: markup.join('\n') };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** A folder holding electron/, shared/ and renderer/ (Svelte made readable), as the scan sees the app. */
function appForScan(): { dir: string; svelteFiles: number } {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-eneg-app-'));
  for (const part of ['electron', 'shared'])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  let svelteFiles = 0;
  for (const file of [
    join(root, 'renderer/index.html'),
    ...filesUnder(join(root, 'renderer/src')),
  ]) {
    const rel = relative(root, file);
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    if (file.endsWith('.svelte')) {
      const { script, markup } = svelteForScan(readFileSync(file, 'utf8'));
      writeFileSync(join(dir, `${rel}.ts`), script);
      writeFileSync(join(dir, `${rel}.html`), markup);
      svelteFiles++;
    } else cpSync(file, join(dir, rel));
  }
  return { dir, svelteFiles };
}

test('the scan reads each Svelte component as script and markup, on its own lines', () => {
  const { script, markup } = svelteForScan(
    '<script lang="ts">\n  const a = 1;\n</script>\n\n<p>{a}</p>\n',
  );
  assert.deepEqual(script.split('\n'), ['', '  const a = 1;', '', '', '', '']);
  assert.deepEqual(markup.split('\n'), ['', '', '', '', '<p>{a}</p>', '']);
});

test('Electronegativity finds nothing unexplained in the app, and flags an unsafe window', async () => {
  const app = appForScan();
  assert.ok(app.svelteFiles > 20, `the renderer's components are scanned (${app.svelteFiles})`);
  const unsafe = mkdtempSync(join(tmpdir(), 'tickdesk-unsafe-'));
  writeFileSync(
    join(unsafe, 'main.js'),
    "const { BrowserWindow } = require('electron');\n" +
      "new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } }).loadURL('http://example.com');\n",
  );
  const [ours, theirs] = await Promise.all([scan(app.dir), scan(unsafe)]).finally(() => {
    rmSync(app.dir, { recursive: true, force: true });
    rmSync(unsafe, { recursive: true, force: true });
  });
  assert.deepEqual(
    ours.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`),
    [],
    'fix each finding, or suppress it where it stands with `// eng-disable CHECK_ID` and why',
  );
  const rules = new Set(theirs.map((f) => f.rule));
  for (const rule of [
    'CONTEXT_ISOLATION_JS_CHECK',
    'SANDBOX_JS_CHECK',
    'LIMIT_NAVIGATION_GLOBAL_CHECK',
  ]) {
    assert.ok(rules.has(rule), `the scan reports ${rule} (got ${[...rules].join(', ')})`);
  }
});

test('each suppression says why where it stands', () => {
  const sources = ['electron', 'shared', 'renderer/src']
    .flatMap((d) => filesUnder(join(root, d)))
    .filter((f) => /\.(ts|svelte|html)$/.test(f));
  const unexplained: string[] = [];
  let suppressions = 0;
  for (const file of sources) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, k) => {
      if (!line.includes('eng-disable')) return;
      suppressions++;
      // The why: a comment naming Electronegativity in the lines around it (a comment block above, or just below a file-level one).
      const near = lines.slice(Math.max(0, k - 6), k + 4).join('\n');
      if (!/Electronegativity\b.{10,}/.test(near.replace(/eng-disable.*/g, '')))
        unexplained.push(`${relative(root, file)}:${k + 1}`);
    });
  }
  assert.ok(suppressions > 0, 'the sources carry suppressions to check');
  assert.deepEqual(unexplained, [], 'an `// Electronegativity: why` comment beside each');
});
