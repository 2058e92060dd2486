/** Types of ./tools.mjs (used from TypeScript tests). */
export function toolBin(pkg: string, bin?: string): string;
