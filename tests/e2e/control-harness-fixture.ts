import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A harness whose Demo sandbox exposes its test controls (clock, market, faults). */
export interface ControlledHarness {
  /** The harness URL with its secret, as harness-fixture gives it. */
  url: string;
  /** Base URL of the embedded sandbox broker, for POST /__sandbox/... */
  sandbox: string;
}

/**
 * Starts tests/e2e/control-harness.ts once per worker, like harness-fixture.ts does for
 * the plain harness, and stops it afterwards.
 */
export const test = base.extend<object, { controlled: ControlledHarness }>({
  controlled: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture has no dependencies
    async ({}, use) => {
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/e2e/control-harness.ts'],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const stderr: string[] = [];
      child.stderr!.on('data', (d: Buffer) => stderr.push(String(d)));
      const ready = await new Promise<ControlledHarness>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`control harness did not start in 30 s:\n${stderr.join('')}`)),
          30_000,
        );
        child.once('exit', (code) =>
          reject(new Error(`control harness exited with ${code}:\n${stderr.join('')}`)),
        );
        createInterface({ input: child.stdout! }).once('line', (line) => {
          clearTimeout(timer);
          resolve(JSON.parse(line) as ControlledHarness);
        });
      });
      await use(ready);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
    { scope: 'worker' },
  ],
});

/** Calls one sandbox test control and fails the test with the sandbox's message if refused. */
export async function control(
  h: ControlledHarness,
  path: 'clock' | 'market' | 'price' | 'faults' | 'tick',
  body: Record<string, unknown>,
): Promise<unknown> {
  const res = await fetch(`${h.sandbox}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { s?: string; message?: string };
  if (!res.ok || json.s !== 'ok') throw new Error(`sandbox ${path} refused: ${json.message}`);
  return json;
}

export { expect } from '@playwright/test';
