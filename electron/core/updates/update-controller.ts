/**
 * Runs updates by the policy (./update-policy.ts) over an update engine — electron-updater's
 * AppUpdater in the desktop app, anything with the same four members in tests. Why here, with
 * no electron import: what is checked when, what the trader is told, and when an install may
 * happen are decisions of the app, tested against a real electron-updater and a local feed
 * (tests/integration/updates/). The engine only fetches the feed, downloads in the background
 * and verifies (sha512 from the feed; the OS signature checks electron-updater does on
 * Windows and macOS); it never installs by itself (autoInstallOnAppQuit off).
 */
import type { IntentStatus } from '../../../shared/broker/models';
import type { UpdateState as SharedUpdateState } from '../../../shared/ipc/channels/updates';
import type { Logger } from '../diagnostics/logger';
import {
  installDecision,
  shouldCheck,
  unsettledCount,
  UPDATE_CHECK_EVERY_MS,
  type InstallDecision,
} from './update-policy';

/** What the controller needs of electron-updater's AppUpdater (structurally the same). */
export interface UpdateEngine {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<{
    isUpdateAvailable: boolean;
    updateInfo: {
      version: string;
      releaseNotes?: string | ReadonlyArray<{ version: string; note: string | null }> | null;
    };
  } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

/** Where a running updater stands (the shared shape, less "unavailable": it runs). */
export type UpdateState = Exclude<SharedUpdateState, { status: 'unavailable' }>;

/** The controller's dependencies. */
export interface UpdateControllerDeps {
  engine: UpdateEngine;
  clock: { now(): number };
  /** The trader's setting (Preferences → Updates); read before every check. */
  checksEnabled: () => boolean;
  /** This session's order actions (order service `list()`): none may be unsettled at install. */
  intents: () => readonly { status: IntentStatus }[];
  /** Tells the shell a download is ready, with what changed (it asks the trader). */
  onReady?: (state: Extract<UpdateState, { status: 'ready' }>) => void;
  /** Every change of state, for Settings and the support bundle (the core's updates hub). */
  onChange?: (state: UpdateState) => void;
  logger?: Logger;
}

/** The controller: start() once, then it checks on its own; the shell asks it at quit. */
export interface UpdateController {
  /** Checks now (if allowed) and every UPDATE_CHECK_EVERY_MS after; returns a stop function. */
  start(): () => void;
  /** One check (and background download when newer); resolves with the state after it. */
  check(): Promise<UpdateState>;
  state(): UpdateState;
  /** The trader chose "Restart and update": installs and restarts only if the policy allows. */
  installNow(): InstallDecision | { install: false; reason: 'nothing-ready'; message: string };
  /**
   * At quit, before the core is disposed (the orders are still known): whether the ready
   * update will install. `applyAtQuit` runs it after the core is disposed.
   */
  decideAtQuit(): boolean;
  applyAtQuit(decided: boolean): void;
}

/** Release notes as plain text: electron-updater gives a string (HTML from GitHub) or a list. */
export function notesText(
  notes: string | ReadonlyArray<{ version: string; note: string | null }> | null | undefined,
): string {
  const raw =
    typeof notes === 'string'
      ? notes
      : (notes ?? []).map((n) => `${n.version}: ${n.note ?? ''}`).join('\n');
  return raw
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 4000);
}

/** Builds the controller; it sets the engine to download and install only when told. */
export function createUpdateController(deps: UpdateControllerDeps): UpdateController {
  const { engine, clock } = deps;
  const log = deps.logger?.child('updates');
  engine.autoDownload = false;
  engine.autoInstallOnAppQuit = false;
  let lastCheckAt: number | null = null;
  let current: UpdateState = deps.checksEnabled()
    ? { status: 'idle', checkedAt: null }
    : { status: 'off' };
  let running: Promise<UpdateState> | null = null;
  const setState = (next: UpdateState) => {
    current = next;
    deps.onChange?.(next);
  };

  async function runCheck(): Promise<UpdateState> {
    const now = clock.now();
    lastCheckAt = now;
    try {
      const result = await engine.checkForUpdates();
      if (!result?.isUpdateAvailable) {
        setState({ status: 'idle', checkedAt: now });
        return current;
      }
      const { version, releaseNotes } = result.updateInfo;
      setState({ status: 'downloading', version });
      log?.info('update found, downloading in the background', { version });
      await engine.downloadUpdate();
      const ready = { status: 'ready', version, notes: notesText(releaseNotes) } as const;
      setState(ready);
      log?.info('update downloaded and verified', { version });
      deps.onReady?.(ready);
    } catch (err) {
      const message =
        err instanceof Error ? err.message.split('\n')[0]!.slice(0, 300) : String(err);
      log?.warn('update check or download failed', { err: message });
      setState({ status: 'failed', message, checkedAt: now });
    }
    return current;
  }

  function check(): Promise<UpdateState> {
    if (!deps.checksEnabled()) {
      if (current.status !== 'ready') setState({ status: 'off' });
      return Promise.resolve(current);
    }
    // A ready update stays ready: no second download over it.
    if (current.status === 'ready') return Promise.resolve(current);
    running ??= runCheck().finally(() => (running = null));
    return running;
  }

  return {
    start() {
      const tick = () => {
        if (shouldCheck({ enabled: deps.checksEnabled(), now: clock.now(), lastCheckAt }))
          void check();
      };
      tick();
      // Every few minutes is enough to notice the interval passed (and a setting turned on).
      const timer = setInterval(tick, Math.min(UPDATE_CHECK_EVERY_MS, 10 * 60_000));
      timer.unref?.();
      return () => clearInterval(timer);
    },
    check,
    state: () => current,
    installNow() {
      if (current.status !== 'ready') {
        return {
          install: false,
          reason: 'nothing-ready',
          message: 'No update is ready to install.',
        };
      }
      const decision = installDecision({
        now: clock.now(),
        trigger: 'trader',
        unsettled: unsettledCount(deps.intents()),
      });
      if (decision.install) {
        log?.info("installing the update at the trader's request", { version: current.version });
        engine.quitAndInstall(false, true);
      }
      return decision;
    },
    decideAtQuit() {
      if (current.status !== 'ready') return false;
      const decision = installDecision({
        now: clock.now(),
        trigger: 'quit',
        unsettled: unsettledCount(deps.intents()),
      });
      if (!decision.install) log?.info('update kept for a later quit', { reason: decision.reason });
      return decision.install;
    },
    applyAtQuit(decided) {
      if (!decided || current.status !== 'ready') return;
      log?.info('installing the update at quit', { version: current.version });
      engine.quitAndInstall(true, false);
    },
  };
}
