import type { IpcError } from '../../shared/ipc/errors';

/** Identical answers within this window are counted, not written again. */
export const TOLD_REPEAT_WINDOW_MS = 60_000;
/** Distinct answers remembered at once; past it the memory starts afresh (bounded). */
const MAX_REMEMBERED = 500;

/**
 * Logs what the trader was told when a channel answered with a typed error, for support
 * (the bundle's log). A screen that polls (depth every 5 s) and keeps getting the same refusal
 * would write it 720 times an hour: the same channel, kind and message within a minute is
 * counted instead, and the next line written for it says how often it repeated.
 */
export function createToldLog(
  logger: { info(msg: string, fields?: Record<string, unknown>): void },
  now: () => number = Date.now,
  windowMs = TOLD_REPEAT_WINDOW_MS,
): (channel: string, told: IpcError) => void {
  const seen = new Map<string, { at: number; repeated: number }>();
  return (channel, told) => {
    const key = `${channel}\u0000${told.kind}\u0000${told.code ?? ''}\u0000${told.message}`;
    const t = now();
    const last = seen.get(key);
    if (last && t - last.at < windowMs) {
      last.repeated++;
      return;
    }
    if (!last && seen.size >= MAX_REMEMBERED) seen.clear();
    seen.set(key, { at: t, repeated: 0 });
    logger.info('ipc: answered with an error', {
      channel,
      kind: told.kind,
      message: told.message,
      ...(told.code !== undefined ? { code: told.code } : {}),
      ...(last?.repeated ? { repeatedSinceLastLine: last.repeated } : {}),
    });
  };
}
