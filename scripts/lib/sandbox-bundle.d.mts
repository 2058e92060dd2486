/** Types of ./sandbox-bundle.mjs (used from TypeScript tests). */
import type { BuildOptions, BuildResult } from 'esbuild';
export const sandboxBundleOptions: BuildOptions;
export function buildSandboxPackage(): Promise<BuildResult>;
