#!/usr/bin/env node
/**
 * `npm run dev`: the renderer from Vite's dev server with hot reload, inside the browser
 * harness's core. Opens nothing: prints the harness URL to open in Chromium. The Electron
 * shell itself is exercised with `npm start`.
 */
import { spawn } from 'node:child_process';

const vite = spawn('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--mode', 'harness', '--watch'], {
  stdio: 'inherit',
});
const harness = spawn(process.execPath, ['--import', 'tsx', '--watch', 'electron/ipc/harness/cli.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    vite.kill(signal);
    harness.kill(signal);
    process.exit(0);
  });
}
