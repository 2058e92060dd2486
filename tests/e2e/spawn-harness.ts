import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts electron/ipc/harness/cli.ts exactly as `npm run harness` does (the renderer is
 * built once by the test script beforehand), waits for its JSON line, and returns it with
 * a stop function. Both e2e fixtures use it.
 */
export async function spawnHarness<T>(args: string[] = []): Promise<{
  ready: T;
  /** The next URL the harness would open in a browser (its `--login-page` lines). */
  nextOpened(timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/ipc/harness/cli.ts', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  const opened: string[] = [];
  const waiters: ((url: string) => void)[] = [];
  // With --test-controls the harness waits for the Demo broker, which may take up to its own
  // 60 s start limit (demo-broker.ts) on a loaded machine: wait longer than that.
  const limitMs = 90_000;
  child.stderr!.on('data', (d: Buffer) => stderr.push(String(d)));
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`harness did not start in ${limitMs / 1000} s:\n${stderr.join('')}`)),
      limitMs,
    );
    child.once('exit', (code) =>
      reject(new Error(`harness exited with ${code}:\n${stderr.join('')}`)),
    );
    let first = true;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!first) {
        const u = (JSON.parse(line) as { opened?: string }).opened;
        if (u) (waiters.shift() ?? ((x: string) => opened.push(x)))(u);
        return;
      }
      first = false;
      clearTimeout(timer);
      resolve(JSON.parse(line) as T);
    });
  });
  return {
    ready,
    nextOpened(timeoutMs = 30_000) {
      const queued = opened.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise<string>((res, rej) => {
        const t = setTimeout(() => rej(new Error('the harness opened no URL')), timeoutMs);
        waiters.push((u) => {
          clearTimeout(t);
          res(u);
        });
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
