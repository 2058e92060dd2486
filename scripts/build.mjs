#!/usr/bin/env node
/**
 * `npm run build`: bundles the main process and the preload with esbuild (CommonJS, since
 * a sandboxed preload cannot load ES modules) and the renderer with Vite, into dist/, and
 * the sandbox broker's own package into sandbox/dist/ (ESM, run by itself or packed).
 * `--watch` rebuilds main and preload on change (used by `npm run dev`).
 */
import { build, context } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { build as viteBuild } from 'vite';
import { buildSandboxPackage } from './lib/sandbox-bundle.mjs';

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // Native or Electron-provided modules stay outside the bundle.
  external: ['electron', '@napi-rs/keyring', '@napi-rs/keyring-*'],
};
// The main bundle is CommonJS, but shared modules may use import.meta (they also run as ESM under tsx).
const mainShims = {
  define: { 'import.meta.dirname': '__dirname', 'import.meta.url': '__importMetaUrl' },
  banner: { js: 'const __importMetaUrl = require("url").pathToFileURL(__filename).href;' },
};
const entries = [
  { entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs', ...mainShims },
  { entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', minify: !watch },
  // The symbol master is parsed and indexed in a worker thread (see electron/core/symbols/build-runner.ts).
  {
    entryPoints: ['electron/core/symbols/build-worker.ts'],
    outfile: 'dist/electron/symbols-build-worker.cjs',
    ...mainShims,
  },
  // The Demo broker runs in its own utility process (electron/shell/demo-utility-process.ts).
  { entryPoints: ['sandbox/child.ts'], outfile: 'dist/sandbox/child.cjs', ...mainShims },
];

if (watch) {
  for (const e of entries) await (await context({ ...common, ...e })).watch();
} else {
  const results = await Promise.all(entries.map((e) => build({ ...common, ...e, metafile: true })));
  // What went into each bundle (dist/meta/, not packaged): tests assert that main.cjs holds
  // no sandbox module now that the Demo broker runs in its own process.
  mkdirSync('dist/meta', { recursive: true });
  entries.forEach((e, k) => {
    const name = e.outfile
      .replace(/^dist\//, '')
      .replace(/[\\/]/g, '-')
      .replace(/\.cjs$/, '');
    writeFileSync(`dist/meta/${name}.json`, JSON.stringify(results[k].metafile));
  });
  // sandbox/ as a package of its own: runnable JS in sandbox/dist/ (scripts/lib/sandbox-bundle.mjs).
  await buildSandboxPackage();
  // Vite's own API rather than `npx vite`, which needs a shell on Windows.
  await viteBuild({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
}
