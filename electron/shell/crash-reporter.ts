/**
 * Starts Electron's crash reporter so a crash of the main process, the renderer or the Demo
 * broker's utility process leaves a minidump in the data folder. Why: without it a crash leaves
 * nothing support can see. Dumps stay on this computer (uploadToServer: false, no submit URL):
 * a minidump holds process memory, which can hold a token. The support bundle lists them by
 * name, size and time (electron/core/diagnostics/crash-dumps.ts), never their contents.
 */
import type { App, CrashReporter } from 'electron';

/**
 * Points Electron's `crashDumps` path at `dir` and starts the reporter, local only. Call it
 * as early as possible in the main process (before `ready`), so an early crash is caught too.
 */
export function keepCrashDumpsLocally(
  app: Pick<App, 'setPath'>,
  reporter: Pick<CrashReporter, 'start'>,
  dir: string,
): void {
  app.setPath('crashDumps', dir);
  reporter.start({ uploadToServer: false, compress: true });
}
