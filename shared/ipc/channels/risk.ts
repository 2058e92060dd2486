import { z } from 'zod';
import { KILL_CONFIRM_WORD, KillOutcome, RiskState } from '../../risk/risk-limits';
import { channel, event } from '../define';

/** The kill switch and the daily limits' live picture (limits themselves are in settings). */
export const riskChannels = {
  'risk.state': channel({
    doc: 'The logged-in account’s trading stop (if any), live day MTM and its limits in ₹.',
    input: z.void(),
    output: RiskState,
  }),
  'risk.killSwitch': channel({
    doc: 'Stops trading from this app for the rest of the trading day: cancels pending orders, exits intraday positions. The trader confirms by typing the word.',
    input: z.object({
      confirm: z.literal(KILL_CONFIRM_WORD, {
        error: `Type ${KILL_CONFIRM_WORD} to confirm the kill switch.`,
      }),
    }),
    output: KillOutcome,
  }),
};

/** Pushed when the stop, the freshness of the MTM or a waiting limit changes. */
export const riskEvents = {
  'risk.changed': event({
    doc: 'The risk picture changed (trading stopped or resumed, prices live or stale, a limit waiting for live prices).',
    payload: RiskState,
  }),
};
