/**
 * The pre-checks of a GTT (issue 21 #1): each leg's order goes through exactly the checks an
 * order does (the shared broker rules, the exchange's price band, the trader's fat-finger
 * guards: electron/core/orders/checks), plus the trigger's own tick and side. A broken rule
 * blocks; a guard or a trigger that would fire at once asks the trader first.
 */
import {
  MAX_ACTIVE_GTTS,
  checkGttDraft,
  draftLegs,
  legOrder,
  legsOnWrongSide,
  type Gtt,
  type GttCheck,
  type GttDraft,
} from '../../../shared/broker/gtt';
import { ErrorCode } from '../../../shared/broker/errors';
import { precheckPlace, type InstrumentLookup } from '../orders/checks/order-prechecks';
import { trustedLtp, type FatFingerLimits } from '../orders/checks/fat-finger-guards';

const LEG_WORDS = { leg1: 'Target', leg2: 'Stop' } as const;

/**
 * Every finding for `d`: rules first (not confirmable), then guards and wrong-side triggers
 * (confirmable). `active` is the GTT book as last read, for the active-GTT limit.
 */
export function precheckGtt(
  d: GttDraft,
  instruments: InstrumentLookup,
  limits: FatFingerLimits,
  active: readonly Gtt[],
  replacing: string | null = null,
): GttCheck[] {
  const rules = instruments.rulesFor(d.symbol);
  if (!rules)
    return [
      {
        leg: null,
        field: 'symbol',
        message: `Unknown symbol ${d.symbol}: not in the symbol master.`,
        confirmable: false,
        code: ErrorCode.InvalidSymbol,
        guard: null,
      },
    ];
  const out: GttCheck[] = [];
  const seen = new Set<string>();
  const add = (c: GttCheck) => {
    const key = `${c.leg}|${c.message}`;
    if (!seen.has(key)) out.push(c);
    seen.add(key);
  };
  for (const v of checkGttDraft(d, rules))
    add({
      leg: v.leg,
      field: v.field,
      message: v.message,
      confirmable: false,
      code: v.code,
      guard: null,
    });
  const { leg1, leg2 } = draftLegs(d);
  for (const [name, leg] of [
    ['leg1', leg1],
    ['leg2', leg2],
  ] as const) {
    if (!leg) continue;
    const prefix = d.kind === 'oco' ? `${LEG_WORDS[name]}: ` : '';
    // The leg's order as an order: the same rules (already above), price band and guards.
    for (const v of precheckPlace(legOrder(d, leg), instruments, limits)) {
      add({
        leg: name,
        field: v.field,
        message: `${prefix}${v.message}`,
        confirmable: v.guard !== null,
        code: v.code,
        guard: v.guard,
      });
    }
  }
  const ltp = trustedLtp(instruments.lastPrice?.(d.symbol));
  for (const v of legsOnWrongSide(d, ltp))
    add({
      leg: v.leg,
      field: v.field,
      message: v.message,
      confirmable: true,
      code: v.code,
      guard: null,
    });
  const live = active.filter((g) => g.status === 'active' && g.id !== replacing).length;
  if (replacing === null && live >= MAX_ACTIVE_GTTS)
    add({
      leg: null,
      field: 'order',
      message: `You have ${live} active GTT orders, the most one account may hold (${MAX_ACTIVE_GTTS}). Cancel one first.`,
      confirmable: false,
      code: null,
      guard: null,
    });
  return out;
}
