/** Types of ./node-version.mjs (used from TypeScript tests). */
export function minimumOf(range: string): [number, number, number] | undefined;
export function nodeTooOld(version: string, range: string): string | undefined;
export function exitIfNodeTooOld(packageJsonPath: string | URL, prefix: string): void;
