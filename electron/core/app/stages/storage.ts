/**
 * Composition stage 1, what is on disk: the clock, the request scheduler with the day's request
 * count, the two logs, the register of services to dispose, the ticket drafts, the settings
 * document (loaded) and the retention sweep. Every later stage logs, disposes and reads settings
 * through what this one opens.
 */
import { join } from 'node:path';
import { isBrokerError } from '../../broker/broker-error';
import { DATA_LAYOUT } from '../../diagnostics/bundle-sources';
import type { Logger } from '../../diagnostics/logger';
import { createDraftKeeper, type DraftKeeper } from '../../drafts/draft-keeper';
import { systemClock, type Clock } from '../../limiter/clock';
import { createRequestScheduler, type RequestScheduler } from '../../limiter/request-scheduler';
import { createJsonFileSettingsBackend } from '../../settings/backend';
import { RetentionSettings } from '../../settings/schema';
import { createSettingsStore, type SettingsStore } from '../../settings/settings-store';
import type { CoreDeps } from '../core-deps';
import { createCoreLogs, type CoreLogs } from '../core-logs';
import { applyRetention, whenRetentionChanges } from '../data-retention';
import { createDayCountFile } from '../day-count-file';
import { createDisposer, type Disposer } from '../disposal';

/** What the storage stage opened. */
export interface Storage {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly requestLog: CoreLogs['requestLog'];
  readonly disposer: Disposer;
  readonly drafts: DraftKeeper;
  /** The settings document, loaded (defaults, with a notice, when the stored one was unusable). */
  readonly settings: SettingsStore;
  /** The request budget: every broker request waits its turn here. */
  readonly scheduler: RequestScheduler;
  /** Deletes what the retention settings no longer keep (after each bundle export too). */
  pruneOld(): void;
}

/** Opens the storage stage; see the module comment. */
export async function openStorage(deps: CoreDeps): Promise<Storage> {
  const clock = deps.clock ?? systemClock;
  // The day's count is on disk, so a restart at 2 pm does not think the whole day is left.
  const scheduler = createRequestScheduler({
    clock,
    store: createDayCountFile(join(deps.dataDir, DATA_LAYOUT.budgetDay)),
    retryAfterOf: (err) => (isBrokerError(err) ? err.retryAfterMs : null),
  });
  // The logs prune by the retention setting, yet the settings log through them: they read it
  // from the store once it is open (`retention` below), the defaults until then.
  const defaults = RetentionSettings.parse({});
  let retention = (): RetentionSettings => defaults;
  const { logger, requestLog } = createCoreLogs({
    dataDir: deps.dataDir,
    clock,
    keepDays: () => retention().logDays,
    budget: () => {
      const st = scheduler.getState();
      return { second: st.second.used, minute: st.minute.used, day: st.day.used };
    },
    ...(deps.logSinks ? { extraSinks: deps.logSinks } : {}),
  });
  // Every service is registered right after it is created and disposed in reverse order.
  const disposer = createDisposer({ logger });
  disposer.own('request scheduler', scheduler, { first: true });
  const drafts = disposer.own('drafts', createDraftKeeper());
  logger.info('core: starting', {
    version: deps.version,
    host: deps.host,
    environment: deps.environment,
  });

  const settings = createSettingsStore({
    backend:
      deps.settingsBackend ?? createJsonFileSettingsBackend(join(deps.dataDir, 'settings.json')),
    logger,
  });
  disposer.own('settings', settings);
  const loaded = await settings.load();
  if (loaded.issue)
    // Its kind and where the copy is, not the trader's notice: that names accounts and lists.
    logger.warn('core: settings fell back to defaults', {
      issue: loaded.issue.kind,
      keptAt: loaded.issue.keptAt ?? null,
    });
  retention = () => settings.get().preferences.retention;
  const pruneOld = () => {
    try {
      const removed = applyRetention(deps.dataDir, retention(), clock.now());
      if (removed.length) logger.info('core: retention removed old files', { removed });
    } catch (err) {
      logger.warn('core: retention failed', { err: String(err) });
    }
  };
  pruneOld();
  const offRetention = settings.onChange(whenRetentionChanges(retention(), pruneOld));
  disposer.own('retention', { dispose: async () => offRetention() });
  return { clock, logger, requestLog, disposer, drafts, settings, scheduler, pruneOld };
}
