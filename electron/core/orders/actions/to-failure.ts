/**
 * The one way any thrown value becomes the typed failure an intent records: broker errors
 * as they are, a closed scheduler or a refusal before the day's block as "nothing was
 * sent", anything else as an internal error
 * that may have been sent (ambiguous: the book is checked before anything is repeated).
 */
import type { BrokerFailure } from '../../../../shared/broker/models';
import { BrokerError, isBrokerError } from '../../broker/broker-error';
import { DayBlockRiskError, SchedulerClosedError } from '../../limiter/scheduler-errors';

/** The JSON failure of any thrown value (non-broker errors are bugs: 'report'). */
export function toFailure(err: unknown): BrokerFailure {
  if (isBrokerError(err)) return err.toJSON();
  if (err instanceof SchedulerClosedError) {
    return BrokerError.invalidInput(null, 'The app was shutting down; nothing was sent.').toJSON();
  }
  if (err instanceof DayBlockRiskError) return BrokerError.dayBlockRisk(err.blocked).toJSON();
  const e = new BrokerError({
    kind: 'malformed',
    code: 0,
    httpStatus: null,
    brokerMessage: err instanceof Error ? err.message : String(err),
    explanation:
      'An internal error stopped this action. It may have been sent; check the order book.',
    action: 'report',
    ambiguous: true,
  });
  return e.toJSON();
}
