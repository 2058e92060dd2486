/**
 * The desktop app's updates: electron-updater's autoUpdater (the GitHub release as its feed,
 * from the app-update.yml electron-builder writes into a release build) run by the core's
 * update controller, which decides when to check and when an install may happen
 * (electron/core/updates). This file only wires it and asks the trader with a native dialog
 * showing what changed. Why a dialog and not a screen: it must work whatever the renderer is
 * doing, and it is the only place the shell talks to the trader about updates.
 */
import { dialog, type BrowserWindow } from 'electron';
// A CommonJS package whose autoUpdater is a lazy getter: read it only when updates start.
import electronUpdater from 'electron-updater';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IntentStatus } from '../../shared/broker/models';
import type { Logger } from '../core/diagnostics/logger';
import {
  createUpdateController,
  type UpdateController,
  type UpdateState,
} from '../core/updates/update-controller';
import type { UpdatesHub } from '../core/updates/updates-hub';

/** What the shell gives the updater. */
export interface DesktopUpdaterOptions {
  isPackaged: boolean;
  window: () => BrowserWindow | null;
  checksEnabled: () => boolean;
  intents: () => readonly { status: IntentStatus }[];
  logger: Logger;
  /** The core's view of updates (Settings, the support bundle): told what runs, or why nothing does. */
  hub: Pick<UpdatesHub, 'attach' | 'unavailable' | 'changed'>;
}

/**
 * Why this build does not update itself, or null when it does. Only release builds carry a
 * feed (app-update.yml); on Linux only the AppImage replaces itself — a .deb is updated the
 * Debian way, by installing the newer package (README, "Updates").
 */
export function updatesUnavailable(isPackaged: boolean): string | null {
  if (!isPackaged) return 'not a packaged build';
  const feed = join(process.resourcesPath ?? '', 'app-update.yml');
  if (!process.resourcesPath || !existsSync(feed)) return 'this build has no release feed';
  if (process.platform === 'linux' && !process.env.APPIMAGE)
    return 'installed from a .deb: install the newer package to update';
  return null;
}

/** Starts checking (by the policy) and returns the controller, or null when unavailable. */
export function startDesktopUpdater(opts: DesktopUpdaterOptions): UpdateController | null {
  const log = opts.logger.child('updates');
  const why = updatesUnavailable(opts.isPackaged);
  if (why) {
    log.info('self-update off', { why });
    opts.hub.unavailable(`this build does not update itself: ${why}`);
    return null;
  }
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = null;
  const controller: UpdateController = createUpdateController({
    engine: autoUpdater,
    clock: { now: () => Date.now() },
    checksEnabled: opts.checksEnabled,
    intents: opts.intents,
    logger: opts.logger,
    onReady: (state) => void askTrader(state),
    onChange: (state) => opts.hub.changed(state),
  });
  opts.hub.attach(controller);

  async function askTrader(state: Extract<UpdateState, { status: 'ready' }>): Promise<void> {
    const win = opts.window();
    const options = {
      type: 'info' as const,
      title: 'Update ready',
      message: `Tickdesk ${state.version} is downloaded and verified.`,
      detail: `${state.notes || 'See the release page for what changed.'}\n\nIt installs when you quit the app outside market hours, or now if you choose; never in market hours or with an order unconfirmed.`,
      buttons: ['Restart and update', 'Later'],
      defaultId: 1,
      cancelId: 1,
    };
    try {
      const { response } = win
        ? await dialog.showMessageBox(win, options)
        : await dialog.showMessageBox(options);
      if (response !== 0) return;
      const decision = controller.installNow();
      if (!decision.install) {
        await dialog.showMessageBox({
          type: 'info',
          message: 'The update waits',
          detail: decision.message,
        });
      }
    } catch (err) {
      log.warn('update prompt failed', { err: String(err) });
    }
  }

  controller.start();
  return controller;
}
