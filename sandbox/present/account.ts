/**
 * Wire shapes of profile, funds and holdings. With quirks on (the default) they reproduce the
 * spellings and types the spec's samples show (PAN, pwd_change_date, pwd_to_expire, svcToken
 * as number or string, numeric and one-letter strings in funds, the duplicate id-3 funds row)
 * so the client learns to tolerate the real service; with quirks off they use the field names
 * of the spec's tables and plain numbers.
 */
import type { DemoUser } from '../auth/user';
import type { FundsFigures } from '../account/funds';
import type { HoldingSeed } from '../account/holdings';
import { fmtDdMmYyyy } from '../time/ist';

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The profile object (key `data`). `ddpi` is given on v3, whose profile says whether the
 * account has DDPI (`ddpi_enabled`, with `mtf_enabled` beside it: the broker's v3 reference);
 * v2's spec shows neither.
 */
export function profileShape(
  u: DemoUser,
  quirks: boolean,
  now: number,
  ddpi?: boolean,
): Record<string, unknown> {
  const changed = now - 40 * 86_400_000;
  const base = {
    name: u.name,
    display_name: '',
    svc_id: u.svc_id,
    image: '',
    email_id: u.email,
    ...(ddpi === undefined ? {} : { ddpi_enabled: ddpi, mtf_enabled: false }),
  };
  return quirks
    ? {
        ...base,
        PAN: u.pan,
        pwd_change_date: fmtDdMmYyyy(changed),
        pwd_to_expire: 50,
        mobile_number: u.mobile,
      }
    : {
        ...base,
        pan: u.pan,
        password_last_changed: fmtDdMmYyyy(changed),
        password_expiry_days: 50,
      };
}

/** The funds list (key `fund_limit`). */
export function fundsShape(f: FundsFigures, quirks: boolean): Record<string, unknown>[] {
  const row = (id: number, title: string, eq: number | string, com: number | string) => ({
    id,
    title,
    equityAmount: typeof eq === 'number' ? r2(eq) : eq,
    commodityAmount: typeof com === 'number' ? r2(com) : com,
  });
  const e = f.equity;
  const c = f.commodity;
  const rows = [
    row(1, 'Total Balance', e.totalBalance, c.totalBalance),
    row(2, 'Utilized Amount', e.utilized, c.utilized),
    row(3, 'Clear Balance', e.totalBalance - e.utilized, c.totalBalance - c.utilized),
    row(4, 'Realized Profit and Loss', e.realized, c.realized),
    row(5, 'Collaterals', quirks ? '0' : 0, 0),
    row(6, 'Fund Transfer', 0, quirks ? '0.00' : 0),
    row(7, 'Receivables', 0, 0),
    row(8, 'Adhoc Limit', quirks ? 'N' : 0, quirks ? 'N' : 0),
    row(9, 'Limit at start of the day', e.startLimit, c.startLimit),
    row(10, 'Available Balance', e.available, c.available),
  ];
  if (!quirks) return rows;
  // The spec's sample lists id 3 twice and three "Available Balance" rows (10, 11, 12).
  return [
    ...rows.slice(0, 3),
    row(
      3,
      'Clear Balance',
      String(r2(e.totalBalance - e.utilized)),
      String(r2(c.totalBalance - c.utilized)),
    ),
    ...rows.slice(3),
    row(11, 'Available Balance', e.available, c.available),
    row(12, 'Available Balance', e.available, c.available),
  ];
}

/** A holding with its figures at the current price. */
export interface HoldingView {
  seed: HoldingSeed;
  remaining: number;
  ltp: number;
}

/** The holdings list and overall object. */
export function holdingsShape(
  hs: HoldingView[],
  quirks: boolean,
): { holdings: Record<string, unknown>[]; overall: Record<string, unknown> } {
  let invested = 0;
  let current = 0;
  const holdings = hs.map((h, k) => {
    const i = h.seed.instrument;
    const marketVal = h.remaining * h.ltp;
    const pl = (h.ltp - h.seed.costPrice) * h.remaining;
    invested += h.seed.costPrice * h.remaining;
    current += marketVal;
    const base = {
      symbol: i.ticker,
      holdingType: h.seed.holdingType,
      quantity: h.seed.quantity,
      remainingQuantity: h.remaining,
      costPrice: h.seed.costPrice,
      marketVal: r2(marketVal),
      ltp: h.ltp,
      exchange: i.exchange,
      pl: r2(pl),
      id: h.seed.id,
      isin: i.isin,
      segment: i.segment,
    };
    // quirks: the sample spells it svcToken and shows both numeric and string forms
    return quirks
      ? { ...base, svcToken: k % 2 === 0 ? Number(i.token) : i.token }
      : { ...base, svctoken: i.token };
  });
  const totalPl = current - invested;
  return {
    holdings,
    overall: {
      count_total: holdings.length,
      total_investment: r2(invested),
      total_current_value: r2(current),
      total_pl: r2(totalPl),
      pnl_perc: invested > 0 ? r2((totalPl / invested) * 100) : 0,
    },
  };
}
