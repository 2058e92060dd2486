import type { PreferencesView } from '../../../shared/ipc/channels/settings';
import { formatInr } from '../../../shared/format';
import type { BrokerDialectId } from '../../../shared/broker/dialect';

/** The preferences form's text fields, as typed (the trader may type "10,00,000"). */
export interface PreferencesText {
  maxOrderQty: string;
  maxOrderValue: string;
  maxLtpDistancePct: string;
  enforceFreezeQty: boolean;
  expiryWarningLeadMinutes: string;
  logDays: string;
  journalDays: string;
  bundleDays: string;
  checkUpdates: boolean;
  /** The broker API Demo's sandbox is spoken in. */
  demoBroker: BrokerDialectId;
  ratePct: string;
  dividendYieldPct: string;
}

/** Shows the stored preferences as form text, the rupee limit grouped the Indian way. */
export function preferencesText(p: PreferencesView): PreferencesText {
  return {
    maxOrderQty: String(p.fatFinger.maxOrderQty),
    maxOrderValue: formatInr(p.fatFinger.maxOrderValue, {
      symbol: false,
      decimals: Number.isInteger(p.fatFinger.maxOrderValue) ? 0 : 2,
    }),
    maxLtpDistancePct: String(p.fatFinger.maxLtpDistancePct),
    enforceFreezeQty: p.fatFinger.enforceFreezeQty,
    expiryWarningLeadMinutes: String(p.expiryWarningLeadMinutes),
    logDays: String(p.retention.logDays),
    journalDays: String(p.retention.journalDays),
    bundleDays: String(p.retention.bundleDays),
    checkUpdates: p.updates.checkAutomatically,
    demoBroker: p.demoBroker,
    ratePct: String(p.options.ratePct),
    dividendYieldPct: String(p.options.dividendYieldPct),
  };
}

/** A typed number, accepting Indian or Western digit grouping and a leading ₹; NaN if not a number. */
export function parseTypedNumber(text: string): number {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/**
 * Turns the form into the patch the main process expects, or names the first field that is
 * not a number (the main process checks ranges; this only stops text from being sent).
 */
export function preferencesPatch(
  t: PreferencesText,
):
  | { ok: true; patch: Omit<PreferencesView, 'keymap' | 'alerts' | 'theme' | 'riskLimits'> }
  | { ok: false; field: keyof PreferencesText; message: string } {
  const qty = parseTypedNumber(t.maxOrderQty);
  if (!Number.isFinite(qty))
    return { ok: false, field: 'maxOrderQty', message: 'Type a whole number of shares or lots.' };
  const value = parseTypedNumber(t.maxOrderValue);
  if (!Number.isFinite(value))
    return {
      ok: false,
      field: 'maxOrderValue',
      message: 'Type an amount in rupees, e.g. 10,00,000.',
    };
  const pct = parseTypedNumber(t.maxLtpDistancePct);
  if (!Number.isFinite(pct))
    return { ok: false, field: 'maxLtpDistancePct', message: 'Type a percentage, e.g. 5.' };
  const lead = parseTypedNumber(t.expiryWarningLeadMinutes);
  if (!Number.isFinite(lead))
    return { ok: false, field: 'expiryWarningLeadMinutes', message: 'Type a number of minutes.' };
  const days: Partial<Record<'logDays' | 'journalDays' | 'bundleDays', number>> = {};
  for (const f of ['logDays', 'journalDays', 'bundleDays'] as const) {
    const n = parseTypedNumber(t[f]);
    if (!Number.isFinite(n)) return { ok: false, field: f, message: 'Type a number of days.' };
    days[f] = n;
  }
  const ratePct = parseTypedNumber(t.ratePct);
  if (!Number.isFinite(ratePct))
    return { ok: false, field: 'ratePct', message: 'Type a yearly rate in %, e.g. 6.5.' };
  const dividendYieldPct = parseTypedNumber(t.dividendYieldPct);
  if (!Number.isFinite(dividendYieldPct))
    return { ok: false, field: 'dividendYieldPct', message: 'Type a yearly yield in %, e.g. 1.2.' };
  return {
    ok: true,
    patch: {
      options: { ratePct, dividendYieldPct },
      expiryWarningLeadMinutes: lead,
      updates: { checkAutomatically: t.checkUpdates },
      demoBroker: t.demoBroker,
      retention: {
        logDays: days.logDays as number,
        journalDays: days.journalDays as number,
        bundleDays: days.bundleDays as number,
      },
      fatFinger: {
        maxOrderQty: qty,
        maxOrderValue: value,
        maxLtpDistancePct: pct,
        enforceFreezeQty: t.enforceFreezeQty,
      },
    },
  };
}
