import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * One renderer, two builds: `production` for Electron (talks through the preload bridge)
 * and `harness` for the browser harness (talks over the loopback WebSocket). The mode is
 * a compile-time constant, so the harness transport is not in the Electron bundle at all.
 */
export default defineConfig(({ mode }) => ({
  root: here,
  base: '/',
  plugins: [svelte()],
  build: {
    outDir: fileURLToPath(new URL(mode === 'harness' ? '../dist/renderer-harness' : '../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: mode === 'harness',
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1', strictPort: false },
}));
