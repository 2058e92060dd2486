import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `electron/ipc/harness/cli.ts` exactly as `npm run harness` does (the renderer is
 * built once by the test script beforehand) and hands each test its URL.
 */
export const test = base.extend<object, { harnessUrl: string }>({
  harnessUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture has no dependencies
    async ({}, use) => {
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/ipc/harness/cli.ts'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stderr: string[] = [];
      child.stderr!.on('data', (d: Buffer) => stderr.push(String(d)));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`harness did not start in 20 s:\n${stderr.join('')}`)), 20_000);
        child.once('exit', (code) => reject(new Error(`harness exited with ${code}:\n${stderr.join('')}`)));
        createInterface({ input: child.stdout! }).once('line', (line) => {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        });
      });
      await use(url);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
