/**
 * What the browser benches share: building a renderer (the shipped one, or one from an
 * older commit to pair against), starting the harness (the real core with the embedded
 * sandbox over HTTP) on it, calling the sandbox's test controls and the harness's own IPC
 * socket as the page does, and logging a page in to Demo. One home, so each bench keeps to
 * what it measures.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from '@playwright/test';
import { callHarness } from '../../e2e/harness-socket';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '../../..');

/** Runs `vite build` on a config, in a mode ('harness' for the browser harness). */
export function vite(config: string, mode: string): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      config,
      '--mode',
      mode,
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

/**
 * Builds the harness renderer as it was at `commit`, from git into test-results/ (kept, so
 * later runs reuse it): the peer a bench pairs the current renderer against. Null, with the
 * reason logged, when git cannot give it (a shallow clone, say).
 */
export function buildRendererAt(commit: string, log: (m: string) => void): string | null {
  const dir = join(ROOT, `test-results/bench-renderer-${commit}`);
  const out = join(dir, 'dist/renderer-harness');
  if (existsSync(join(out, 'index.html'))) return out;
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync(
      'git',
      ['archive', commit, 'renderer', 'shared', 'tsconfig.base.json', 'tsconfig.json'],
      { cwd: ROOT, maxBuffer: 1e9 },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    vite(join(dir, 'renderer/vite.config.ts'), 'harness');
    return out;
  } catch (err) {
    log(`renderer at ${commit} not built (${String(err).split('\n')[0]}): comparing nothing`);
    return null;
  }
}

/** A running harness with its sandbox's test controls on. */
export interface Harness {
  url: string;
  sandbox: string;
  child: ChildProcess;
}

/**
 * Starts `harness --test-controls` serving `renderer`; `nodeArgs` go before the script, and
 * `onStderr` hears its stderr lines (the harness logs there; ignored when not given).
 */
export async function startHarness(
  renderer: string,
  opts: { nodeArgs?: string[]; onStderr?: (line: string) => void } = {},
): Promise<Harness> {
  const child = spawn(
    process.execPath,
    [
      ...(opts.nodeArgs ?? []),
      '--import',
      'tsx',
      'electron/ipc/harness/cli.ts',
      '--test-controls',
      '--renderer',
      renderer,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', opts.onStderr ? 'pipe' : 'ignore'] },
  );
  if (opts.onStderr) createInterface({ input: child.stderr! }).on('line', opts.onStderr);
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`harness exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { url, sandbox } = JSON.parse(line) as { url: string; sandbox: string };
  return { url, sandbox, child };
}

/** Calls one sandbox test control; throws with the sandbox's message when refused. */
export async function control(h: Harness, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${h.sandbox}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { s: string; message?: string };
  if (json.s !== 'ok') throw new Error(`${path}: ${json.message}`);
  return json;
}

/** The harness's socket client (tests/e2e/harness-socket.ts) on a started harness. */
export function harnessCall<T>(
  h: Harness,
  calls: { channel: string; input: unknown }[],
): Promise<T[]> {
  return callHarness<T>(h.url, calls);
}

/**
 * A 1440×900 page on the harness, logged in to Demo. `onFrame` sees every WebSocket frame
 * the page receives, for benches that count what reaches the renderer.
 */
export async function openLoggedIn(
  browser: Browser,
  h: Harness,
  onFrame?: (payload: string) => void,
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx compiles page functions with esbuild's keepNames, which calls a __name helper.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  if (onFrame)
    page.on('websocket', (ws) => ws.on('framereceived', (f) => onFrame(String(f.payload))));
  await page.goto(h.url);
  const status = page.getByTestId('session-status');
  await page
    .locator('[data-testid="session-status"]:not([data-status="unknown"])')
    .waitFor({ timeout: 30_000 });
  // A second page on the same harness finds the session already live in the core.
  if (!/^(active|expiring)$/.test((await status.getAttribute('data-status')) ?? ''))
    await page.getByTestId('login').click({ timeout: 30_000 });
  await page
    .locator('[data-testid="session-status"][data-status="active"]')
    .waitFor({ timeout: 30_000 });
  return page;
}

/** `count` NSE cash tickers from the app's own symbol master (whatever it holds today). */
export async function cashTickers(h: Harness, count: number): Promise<string[]> {
  const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
  const queries = [...letters, ...letters.flatMap((a) => letters.map((b) => a + b))];
  const tickers = new Set<string>();
  // Right after login the symbol master may still be loading: searches then find nothing.
  for (let t = Date.now(); Date.now() - t < 120_000; await new Promise((r) => setTimeout(r, 500))) {
    const [found] = await harnessCall<unknown[]>(h, [
      { channel: 'symbols.search', input: { query: 'sbin eq', limit: 1 } },
    ]);
    if (found!.length > 0) break;
  }
  for (let i = 0; i < queries.length && tickers.size < count; i += 10) {
    const found = await harnessCall<{ ticker: string }[]>(
      h,
      queries.slice(i, i + 10).map((query) => ({
        channel: 'symbols.search',
        input: { query: `${query} eq`, limit: 50 },
      })),
    );
    for (const s of found.flat()) if (/^NSE:.*-EQ$/.test(s.ticker)) tickers.add(s.ticker);
  }
  if (tickers.size < count) throw new Error(`only ${tickers.size} NSE cash tickers found`);
  return [...tickers].slice(0, count);
}
