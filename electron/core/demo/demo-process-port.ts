import type { DemoChildOptions, DemoParentMessage } from '../../../shared/demo/child-messages';

/**
 * A running Demo broker process as the core sees it. The desktop app implements it over an
 * Electron utility process (electron/shell/demo-utility-process.ts), the harness and tests
 * over `child_process.fork` (./fork-demo-process.ts): the core never knows which.
 */
export interface DemoProcess {
  send(msg: DemoParentMessage): void;
  /** Every message the process posts (unparsed: the core validates it). */
  onMessage(fn: (msg: unknown) => void): void;
  /** The process ended; `code` is null when a signal ended it. */
  onExit(fn: (code: number | null) => void): void;
  /** Ends it at once (used only when it does not stop when asked). */
  kill(): void;
}

/** Starts one Demo broker process with these options. */
export type DemoProcessLauncher = (options: DemoChildOptions) => DemoProcess;
