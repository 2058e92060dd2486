/**
 * Starts the real app from this checkout (dist/ built by scripts/build.mjs) with a data folder
 * of its own, so each test sees a first launch and leaves nothing behind.
 */
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** A launched app, its first window and its data folder. */
export interface Launched {
  app: ElectronApplication;
  page: Page;
  dataDir: string;
}

/** Launches Tickdesk in Demo mode with `--user-data-dir` pointing at a fresh folder. */
export async function launch(extraArgs: string[] = []): Promise<Launched> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-electron-'));
  const app = await electron.launch({
    args: [
      root,
      `--user-data-dir=${dataDir}`,
      ...(process.platform === 'linux' ? ['--no-sandbox'] : []),
      ...extraArgs,
    ],
    cwd: root,
    env: { ...process.env, TICKDESK_DEV: '' },
  });
  const page = await app.firstWindow();
  return { app, page, dataDir };
}

/** Calls one contract channel through the preload bridge, as the renderer does. */
export function call<T>(page: Page, domain: string, method: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ([d, m, i]) => {
      const api = (
        globalThis as unknown as Record<
          string,
          Record<string, Record<string, (x: unknown) => Promise<unknown>>>
        >
      ).tickdesk!;
      const r = (await api[d as string]![m as string]!(i)) as {
        ok: boolean;
        data?: unknown;
        error?: { message: string };
      };
      if (!r.ok) throw new Error(r.error?.message ?? 'call failed');
      return r.data;
    },
    [domain, method, input] as const,
  ) as Promise<T>;
}

/** Logs in to Demo (the embedded sandbox, one click) and waits until the session is active. */
export async function demoLogin(page: Page): Promise<void> {
  await call(page, 'session', 'login');
  for (let k = 0; k < 100; k++) {
    const s = await call<{ status: string }>(page, 'session', 'state');
    if (s.status === 'active') return;
    await page.waitForTimeout(200);
  }
  throw new Error('Demo login did not become active in 20 s');
}
