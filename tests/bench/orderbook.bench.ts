/// <reference lib="dom" />
/**
 * The order book at 10,000 orders, in Chromium against the harness (the real core, the
 * embedded sandbox over HTTP, the real renderer): how long the book takes to draw, how
 * long frames take while the trader scrolls and 500 orders a second change, and how many
 * bytes reach the page for those changes. Paired round by round against the renderer as it
 * was before virtualization (commit BASELINE, built from git into test-results/), which
 * drew every row. Also the shipped renderer bundle, gzipped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium-path';
import { percentile, type BenchContext, type BenchSection } from './types';

/** The last commit whose order book drew every row (before the delta feed and VirtualGrid). */
const BASELINE = '0b12fbd';
const ROOT = join(import.meta.dirname, '../..');
const ORDERS = 10_000;
const CHANGES_PER_SECOND = 500;

function vite(config: string, mode: string): void {
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

/** Builds the baseline renderer from git; null (with the reason) when git cannot give it. */
function buildBaseline(log: (m: string) => void): string | null {
  const dir = join(ROOT, 'test-results/bench-baseline');
  const out = join(dir, 'dist/renderer-harness');
  if (existsSync(join(out, 'index.html'))) return out;
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync(
      'git',
      ['archive', BASELINE, 'renderer', 'shared', 'tsconfig.base.json', 'tsconfig.json'],
      { cwd: ROOT, maxBuffer: 1e9 },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    vite(join(dir, 'renderer/vite.config.ts'), 'harness');
    return out;
  } catch (err) {
    log(`baseline renderer not built (${String(err).split('\n')[0]}): comparing nothing`);
    return null;
  }
}

interface Harness {
  url: string;
  sandbox: string;
  child: ChildProcess;
}

async function startHarness(renderer: string): Promise<Harness> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/ipc/harness/cli.ts', '--test-controls', '--renderer', renderer],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`harness exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { url, sandbox } = JSON.parse(line) as { url: string; sandbox: string };
  return { url, sandbox, child };
}

async function control(h: Harness, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${h.sandbox}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { s: string; message?: string };
  if (json.s !== 'ok') throw new Error(`${path}: ${json.message}`);
}

/** A page logged in to Demo with the 10,000-order book loaded in the order view. */
async function openBook(
  browser: Browser,
  h: Harness,
): Promise<{ page: Page; bytes: () => number }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx compiles page functions with esbuild's keepNames, which calls a __name helper.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  let received = 0;
  page.on('websocket', (ws) => ws.on('framereceived', (f) => (received += f.payload.length)));
  await page.goto(h.url);
  await page.getByTestId('login').click({ timeout: 30_000 });
  await page
    .locator('[data-testid="session-status"][data-status="active"]')
    .waitFor({ timeout: 30_000 });
  await control(h, 'orders/seed', { count: ORDERS });
  await page.keyboard.press('Alt+r');
  // "10,000 orders" now, "All 10000" in the baseline's filter button.
  await page.waitForFunction(
    (n) =>
      document.body.innerText.includes(`${n.toLocaleString('en-IN')} orders`) ||
      document.body.innerText.includes(`All ${n}`),
    ORDERS,
    { timeout: 120_000, polling: 500 },
  );
  return { page, bytes: () => received };
}

/** Alt+2 (trades), then Alt+1: ms until the frame after the order rows are in the page. */
async function firstRender(page: Page): Promise<number> {
  await page.keyboard.press('Alt+2');
  await page.waitForSelector('[data-testid="trade-book"]');
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        window.dispatchEvent(
          new KeyboardEvent('keydown', { key: '1', code: 'Digit1', altKey: true }),
        );
        const check = () => {
          if (document.querySelector('[data-testid="order-row"]'))
            requestAnimationFrame(() => resolve(performance.now() - t0));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Frame times (ms) while the book scrolls every frame for `ms`. */
async function scrollFrames(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const box =
          document.querySelector<HTMLElement>('[data-testid="order-grid"]') ??
          document.querySelector<HTMLElement>('[data-testid="order-book"] .table-wrap')!;
        const frames: number[] = [];
        const start = performance.now();
        let last = start;
        let dir = 1;
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 10) dir = -1;
          if (box.scrollTop <= 0) dir = 1;
          box.scrollTop += dir * 90;
          if (now - start < duration) requestAnimationFrame(step);
          else resolve(frames.slice(1));
        };
        requestAnimationFrame(step);
      }),
    ms,
  );
}

/** Changes CHANGES_PER_SECOND orders a second until stopped. */
function churn(h: Harness): () => Promise<void> {
  let on = true;
  const loop = (async () => {
    while (on) {
      const t = Date.now();
      await control(h, 'orders/churn', { count: CHANGES_PER_SECOND / 4 });
      await new Promise((r) => setTimeout(r, Math.max(0, 250 - (Date.now() - t))));
    }
  })();
  return async () => {
    on = false;
    await loop;
  };
}

function bundleGzip(): { js: number; css: number; raw: number } {
  vite(join(ROOT, 'renderer/vite.config.ts'), 'production');
  const dir = join(ROOT, 'dist/renderer/assets');
  let js = 0;
  let css = 0;
  let raw = 0;
  for (const f of readdirSync(dir)) {
    const buf = readFileSync(join(dir, f));
    raw += buf.length;
    if (f.endsWith('.js')) js += gzipSync(buf, { level: 9 }).length;
    if (f.endsWith('.css')) css += gzipSync(buf, { level: 9 }).length;
  }
  return { js, css, raw };
}

/** The section `npm run bench` prints. */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set TICKDESK_CHROMIUM');
  const rounds = ctx.quick ? 2 : 5;
  const frameMs = ctx.quick ? 3000 : 6000;
  ctx.log('orderbook: building the renderer (shipped and harness) and the baseline');
  const bundle = bundleGzip();
  vite(join(ROOT, 'renderer/vite.config.ts'), 'harness');
  const baselineDir = buildBaseline(ctx.log);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const variants: { name: string; dir: string }[] = [
    { name: 'virtualized + deltas (now)', dir: join(ROOT, 'dist/renderer-harness') },
  ];
  if (baselineDir) variants.push({ name: `every row drawn (${BASELINE})`, dir: baselineDir });
  const results = variants.map((v) => ({
    ...v,
    render: [] as number[],
    frames: [] as number[],
    bytesPerSec: NaN,
  }));
  const opened: { h: Harness; page: Page; bytes: () => number }[] = [];
  try {
    for (const v of variants) {
      ctx.log(`orderbook: ${v.name}: login, seed ${ORDERS} orders`);
      const h = await startHarness(v.dir);
      opened.push({ h, ...(await openBook(browser, h)) });
    }
    for (let r = 0; r < rounds; r++) {
      for (const [i, o] of opened.entries()) {
        results[i]!.render.push(await firstRender(o.page));
        // The baseline takes seconds per frame: a few of its frames are enough.
        const ms = i === 0 ? frameMs : Math.min(frameMs, 3000);
        const stop = churn(o.h);
        const bytes0 = o.bytes();
        const t0 = Date.now();
        results[i]!.frames.push(...(await scrollFrames(o.page, ms)));
        await stop();
        if (r === 0) results[i]!.bytesPerSec = ((o.bytes() - bytes0) * 1000) / (Date.now() - t0);
        ctx.log(
          `orderbook: round ${r + 1} ${results[i]!.name}: render ${results[i]!.render.at(-1)!.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    for (const o of opened) {
      await o.page.close();
      o.h.child.kill('SIGTERM');
    }
    await browser.close();
  }
  const now = results[0]!;
  const notes = [
    `first render p50 ${percentile(now.render, 50).toFixed(1)} ms (target ≤ 100): ${percentile(now.render, 50) <= 100 ? 'met' : 'MISSED'}`,
    `frame p95 ${percentile(now.frames, 95).toFixed(1)} ms while ${CHANGES_PER_SECOND} orders/s change (target ≤ 16, one 60 Hz frame is 16.7): ${percentile(now.frames, 95) <= 16.7 ? 'met' : 'MISSED'}`,
    'The baseline renderer gets no order pushes from the current core (portfolio.changed no longer carries the book), so its frames measure scrolling alone.',
  ];
  return {
    title: `Order book at ${ORDERS.toLocaleString('en-US')} orders (Chromium, harness)`,
    tables: [
      {
        title: `First render, and frames while scrolling with ${CHANGES_PER_SECOND} orders/s changing (${rounds} paired rounds)`,
        columns: [
          'renderer',
          'render p50 ms',
          'render max ms',
          'frames',
          'frame p50 ms',
          'frame p95 ms',
          'bytes/s to page',
        ],
        rows: results.map((x) => [
          x.name,
          percentile(x.render, 50),
          Math.max(...x.render),
          x.frames.length,
          percentile(x.frames, 50),
          percentile(x.frames, 95),
          Math.round(x.bytesPerSec),
        ]),
      },
      {
        title: 'Shipped renderer bundle (dist/renderer/assets)',
        columns: ['part', 'bytes'],
        rows: [
          ['JS gzipped', bundle.js],
          ['CSS gzipped', bundle.css],
          ['all raw', bundle.raw],
        ],
      },
    ],
    json: {
      orders: ORDERS,
      changesPerSecond: CHANGES_PER_SECOND,
      variants: results.map((x) => ({
        name: x.name,
        renderMsP50: percentile(x.render, 50),
        renderMs: x.render,
        frameMsP50: percentile(x.frames, 50),
        frameMsP95: percentile(x.frames, 95),
        frames: x.frames.length,
        bytesPerSecond: x.bytesPerSec,
      })),
      bundleGzipBytes: { js: bundle.js, css: bundle.css },
    },
    notes,
  };
}
