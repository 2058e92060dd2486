/**
 * The one way the core's services end. Every service the core creates exposes
 * `dispose(): Promise<void>`; the core registers each right after creating it, and quitting
 * disposes them in reverse order of creation (what depends on a service ends before it; the
 * request scheduler's queue is closed before all of them, see `own`), each awaited, so the
 * order journal and the day's request count are on disk before the process exits. A step
 * that fails or hangs is logged and the next one still runs.
 */
import type { Logger } from '../diagnostics/logger';

/** A service that holds something to end: timers, files, sockets, a process. */
export interface Disposable {
  /** Ends the service and resolves once what it holds is released or written. Safe to call twice. */
  dispose(): Promise<void>;
}

/** The core's register of services to dispose. */
export interface Disposer {
  /**
   * Registers `service` under `name` (for the log) and returns it. `timeoutMs` shortens the
   * wait for a service whose unfinished work is safe to drop (it is redone at the next start).
   * `first` ends the service before all the others, whatever its place: for the request
   * scheduler, whose queue would otherwise hold every service that waits on a queued request
   * (late in a heavy day a background read can wait for the next IST day). A queued request
   * never left the machine, so refusing it is safe; requests already sent still finish.
   */
  own<T extends Disposable>(
    name: string,
    service: T,
    opts?: { timeoutMs?: number; first?: boolean },
  ): T;
  /** Disposes every registered service, last created first. A second call returns the same promise. */
  disposeAll(): Promise<void>;
}

/** How long one service may take to end before quitting moves on (an order in flight has its own timeout). */
export const DISPOSE_STEP_TIMEOUT_MS = 20_000;

/** Creates the register; `stepTimeoutMs` bounds each step so a hung service cannot block quitting. */
export function createDisposer(opts: { logger: Logger; stepTimeoutMs?: number }): Disposer {
  const owned: { name: string; service: Disposable; timeoutMs: number; first: boolean }[] = [];
  let all: Promise<void> | null = null;
  const stepTimeoutMs = opts.stepTimeoutMs ?? DISPOSE_STEP_TIMEOUT_MS;

  async function step(name: string, service: Disposable, timeoutMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const t0 = performance.now();
    try {
      const outcome = await Promise.race([service.dispose().then(() => 'done' as const), timedOut]);
      const ms = Math.round(performance.now() - t0);
      if (outcome === 'timeout')
        opts.logger.warn('core: dispose step timed out', { service: name, ms: timeoutMs });
      else if (ms >= 250) opts.logger.info('core: disposed', { service: name, ms });
    } catch (err) {
      opts.logger.warn('core: dispose step failed', { service: name, err: String(err) });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    own(name, service, ownOpts) {
      if (all) throw new Error(`core: ${name} created after disposal began`);
      owned.push({
        name,
        service,
        timeoutMs: ownOpts?.timeoutMs ?? stepTimeoutMs,
        first: ownOpts?.first ?? false,
      });
      return service;
    },
    disposeAll() {
      all ??= (async () => {
        const last = [...owned].reverse();
        for (const { name, service, timeoutMs } of [
          ...last.filter((o) => o.first),
          ...last.filter((o) => !o.first),
        ])
          await step(name, service, timeoutMs);
      })();
      return all;
    },
  };
}
