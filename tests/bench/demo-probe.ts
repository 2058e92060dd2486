/**
 * One measurement for demo-broker.bench.ts, in a fresh process (so module loading and heap
 * are what a launching app pays): the composed core (createAppCore, Live, so only the Demo
 * broker differs) plus the Demo broker the way given on the command line:
 *   none         no Demo broker
 *   in-process   the sandbox started inside this process (how Demo ran before)
 *   own-process  the sandbox in its own process (createDemoBroker over a fork, as the app does)
 * It watches this process's event loop from the first line to `windowMs` after the broker is
 * ready (its ticks included) and prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const mode = process.argv[2] as 'none' | 'in-process' | 'own-process';
const windowMs = Number(process.argv[3] ?? 3000);
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
// A second, independent probe: how late a 10 ms timer fires, worst case.
let worstDrift = 0;
let expected = performance.now() + 10;
const drift = setInterval(() => {
  const now = performance.now();
  worstDrift = Math.max(worstDrift, now - expected);
  expected = now + 10;
}, 10);

const t0 = performance.now();
const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-demo-probe-'));
const { createAppCore } = await import('../../electron/core/app/app-core');
const core = await createAppCore({
  appName: 'Tickdesk',
  version: '0.0.0-bench',
  platform: process.platform,
  host: 'harness',
  environment: 'live',
  dataDir,
  openExternal: async () => undefined,
  keychain: async () => ({ keychain: null, reason: 'bench: memory only' }),
});
let stop: () => Promise<void> = async () => undefined;
if (mode === 'in-process') {
  const { startSandbox } = await import('../../sandbox/index');
  const sandbox = await startSandbox({ autoApprove: true });
  stop = () => sandbox.close();
} else if (mode === 'own-process') {
  const { createDemoBroker } = await import('../../electron/core/demo/demo-broker');
  const { forkDemoProcess } = await import('../../electron/core/demo/fork-demo-process');
  const demo = createDemoBroker({ settings: core.settings, launch: forkDemoProcess });
  await demo.ensure();
  stop = () => demo.dispose();
}
const readyMs = performance.now() - t0;
await new Promise((r) => setTimeout(r, windowMs));
loop.disable();
clearInterval(drift);
globalThis.gc?.();
const heapMiB = process.memoryUsage().heapUsed / 2 ** 20;
const rssMiB = process.memoryUsage().rss / 2 ** 20;
await stop();
await core.dispose();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({
    mode,
    readyMs,
    maxDelayMs: loop.max / 1e6,
    p99DelayMs: loop.percentile(99) / 1e6,
    worstTimerDriftMs: worstDrift,
    heapMiB,
    rssMiB,
  }) + '\n',
);
process.exit(0);
