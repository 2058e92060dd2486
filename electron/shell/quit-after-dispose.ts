import type { App } from 'electron';

/**
 * Quitting waits for the core. Electron's `will-quit` does not wait for promises, so the
 * first one is cancelled, the core's services are disposed in order (the order journal and
 * the day's request count are written), and only then does `app.exit(0)` end the process,
 * without asking again. Further quit requests while disposing change nothing.
 */
export function quitAfterDispose(
  app: Pick<App, 'on' | 'exit'>,
  dispose: () => Promise<void>,
  onError: (err: unknown) => void,
): void {
  let disposing: Promise<void> | null = null;
  app.on('will-quit', (event) => {
    event.preventDefault();
    disposing ??= dispose()
      .catch(onError)
      .finally(() => app.exit(0));
  });
}
