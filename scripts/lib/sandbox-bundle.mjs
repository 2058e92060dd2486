/**
 * How `sandbox/` is bundled into runnable JavaScript of its own (sandbox/dist/), so the
 * package can be packed and run by itself: the `shared/` code it imports is inlined (it
 * lives outside the package), while its npm dependencies (zod, ws) stay imports, declared
 * in sandbox/package.json and installed next to it. One home for these options: the root
 * build (scripts/build.mjs) and the packing test (tests/integration/sandbox/package.test.ts)
 * both use them.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const sandboxDir = fileURLToPath(new URL('../../sandbox/', import.meta.url));

/** esbuild options: ESM entry points `index` (the library), `cli` (the command), `child` (the Demo process). */
export const sandboxBundleOptions = {
  absWorkingDir: sandboxDir,
  entryPoints: { index: 'index.ts', cli: 'cli.ts', child: 'child.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Bare imports (zod, ws, node:*) stay imports: the package declares them.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

/**
 * Writes sandbox/dist/{index,cli,child}.js (plus shared chunks); returns esbuild's result.
 * @returns {Promise<import('esbuild').BuildResult>}
 */
export function buildSandboxPackage() {
  return build({ ...sandboxBundleOptions, metafile: true });
}
