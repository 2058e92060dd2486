/**
 * The core's two logs, made before anything else so every service can log from its first
 * line: the app log (with any extra sinks a host adds) and the request log of every broker
 * request. Both are daily files kept for the retention setting's days, read lazily because
 * the log sinks exist before the settings are loaded.
 */
import { join } from 'node:path';
import type { Clock } from '../limiter/clock';
import { DATA_LAYOUT } from '../diagnostics/bundle-sources';
import { createFileSink } from '../diagnostics/file-sink';
import { createLogger, type Logger, type LogSink } from '../diagnostics/logger';
import { createRequestLog, type BudgetUse } from '../diagnostics/request-log';

/** The logs. */
export interface CoreLogs {
  logger: Logger;
  requestLog: ReturnType<typeof createRequestLog>;
}

/** Creates both logs under dataDir/logs. */
export function createCoreLogs(opts: {
  dataDir: string;
  clock: Clock;
  keepDays: () => number;
  /** The budget figure each request-log line carries (the scheduler is made before the logs). */
  budget: () => BudgetUse | null;
  extraSinks?: readonly LogSink[];
}): CoreLogs {
  const { clock, keepDays } = opts;
  const dir = join(opts.dataDir, DATA_LAYOUT.logs);
  const logger = createLogger({
    sinks: [
      createFileSink({ dir, stem: DATA_LAYOUT.appLogStem, clock, keepDays }),
      ...(opts.extraSinks ?? []),
    ],
    clock,
  });
  const requestLog = createRequestLog({
    sinks: [createFileSink({ dir, stem: DATA_LAYOUT.requestLogStem, clock, keepDays })],
    clock,
    budget: opts.budget,
  });
  return { logger, requestLog };
}
