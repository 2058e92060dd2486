import type { OrderIntent } from '../../../shared/broker/models';

/**
 * The Activity list's rows: this session's order actions, newest first, without a held
 * ("blocked") action that the trader then sent after all. A fat-finger guard holds the first
 * send of a large order and asks; once the trader confirms, the same order goes out as a new
 * action, and a "Not sent" row beside its "Accepted" row reads as a second order that failed.
 * A held action nobody sent again stays: it is the only trace of what was not sent.
 */
export function activityRows(list: readonly OrderIntent[]): OrderIntent[] {
  const newestFirst = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return newestFirst.filter(
    (intent, i) =>
      intent.status !== 'blocked' ||
      !newestFirst
        .slice(0, i)
        .some(
          (later) =>
            later.status !== 'blocked' &&
            later.action === intent.action &&
            later.summary === intent.summary,
        ),
  );
}
