/**
 * The demat (eDIS) warning of a GTT that sells delivery shares (issue 21): when it triggers,
 * its order is a CNC sell like any other, and the broker rejects it unless the account has
 * DDPI (or a POA) or that day's eDIS authorization covers the shares (FYERS, Zerodha and Dhan
 * say so of sell GTTs; docs/broker-v3.md "GTT"). A GTT lives up to a year, so this never
 * blocks it: it asks once, says what will happen and how to avoid it, and offers today's
 * authorization where today's does not cover it. The holdings and eDIS figures come from the
 * order path's own check (orders/checks/demat-sells.ts): one mechanism for both. With DDPI
 * only the eDIS part goes: a sell of more than is held is still said.
 */
import { Side } from '../../../shared/broker/enums';
import { draftLegs, legOrder, type GttCheck, type GttDraft } from '../../../shared/broker/gtt';
import type { PrecheckViolation } from '../../../shared/broker/models';
import type { OrderDraft } from '../../../shared/broker/rules';

/** What the warning reads. */
export interface GttDematDeps {
  /** Whether the account has DDPI (its profile); null when the broker does not say. */
  ddpi(): Promise<boolean | null>;
  /** The order path's CNC-sell check of one order (holdings and today's eDIS). */
  check(order: OrderDraft): Promise<PrecheckViolation[]>;
}

/** The warning as the GTT service uses it. */
export interface GttDemat {
  /**
   * The findings for `d` (none unless it is a CNC sell; with DDPI only a sell of more than is
   * held); they ask, never block.
   */
  warn(d: GttDraft): Promise<GttCheck[]>;
  /** The account changed: read its DDPI again. */
  reset(): void;
}

const shares = (n: number) => `${n} share${n === 1 ? '' : 's'}`;

/** Builds the warning; see the module comment. */
export function createGttDemat(deps: GttDematDeps): GttDemat {
  let ddpi: Promise<boolean | null> | null = null;
  const readDdpi = (): Promise<boolean | null> => {
    // Read once per account; a failed read is not kept (the next GTT asks again).
    ddpi ??= deps.ddpi().catch(() => {
      ddpi = null;
      return null;
    });
    return ddpi;
  };
  return {
    async warn(d) {
      if (d.productType !== 'CNC' || d.side !== Side.Sell) return [];
      const has = await readDdpi();
      // An OCO places one leg's order, never both: the larger one is what must be covered.
      const { leg1, leg2 } = draftLegs(d);
      const leg = leg2 && leg2.qty > leg1.qty ? leg2 : leg1;
      const checked = await deps.check(legOrder(d, leg)).catch(() => [] as PrecheckViolation[]);
      // DDPI stands in for eDIS: only the eDIS finding goes; selling more than is held stays.
      const found = has === true ? checked.filter((v) => v.field !== 'edis') : checked;
      const out: GttCheck[] = [];
      const held = found.find((v) => v.field === 'qty');
      if (held)
        out.push({
          leg: null,
          field: 'qty',
          message: `${held.message} If that is still so when the GTT triggers, its order is rejected.`,
          confirmable: true,
          code: held.code ?? null,
          guard: null,
        });
      if (has === true) return out;
      const edis = found.find((v) => v.field === 'edis');
      const who = has === false ? 'Your account has no DDPI' : 'Unless your account has DDPI';
      out.push({
        leg: null,
        field: 'edis',
        message:
          `When this GTT triggers it sells ${shares(leg.qty)} of ${d.symbol} from your demat account. ` +
          `${who} (a standing demat authorization), the broker rejects that sell unless the eDIS authorization of that day covers it: ` +
          'authorize the shares on the day it triggers, or enable DDPI with your broker.' +
          (edis ? ' Today is not covered yet: Authorize now covers today only.' : ''),
        confirmable: true,
        code: null,
        guard: null,
        ...(edis?.authorizeQty ? { authorizeQty: edis.authorizeQty } : {}),
      });
      return out;
    },
    reset() {
      ddpi = null;
    },
  };
}
