/** Types of ./electron-binary.mjs (used from the TypeScript Electron end-to-end test). */
export function electronBinary(): { path: string } | { missing: string };
export function electronVersion(): string;
export function electronInstaller(): string;
