#!/usr/bin/env node
/**
 * `npm run dev`: the renderer rebuilt on change (Vite's watch mode, through its JavaScript
 * API so it runs on every OS without a shell), inside the browser harness's core. Opens
 * nothing: prints the harness URL to open in Chromium. The Electron shell itself is
 * exercised with `npm start`.
 */
import { spawn } from 'node:child_process';
import { build } from 'vite';

const watcher = await build({
  configFile: 'renderer/vite.config.ts',
  mode: 'harness',
  build: { watch: {} },
});
const harness = spawn(
  process.execPath,
  ['--import', 'tsx', '--watch', 'electron/ipc/harness/cli.ts'],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if ('close' in watcher) void watcher.close();
    harness.kill(signal);
    process.exit(0);
  });
}
