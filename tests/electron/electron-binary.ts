import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Electron binary downloads at install time from a host some machines (this project's
 * CI among them) cannot reach. Returns its path, or why it is not there.
 */
export function electronBinary(): { path: string } | { missing: string } {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown as string;
    if (typeof path === 'string' && existsSync(path)) return { path };
    return { missing: `the Electron binary is not at ${String(path)}` };
  } catch (err) {
    return {
      missing: `the Electron binary is not installed (${(err as Error).message.split('\n')[0]})`,
    };
  }
}
