/** eDIS normalizers: DD/MM/YYYY dates, numeric strings and the SUCEESS_CNT spelling. */
import type { EdisDetail, EdisForm, EdisInquiry } from '../../../../shared/broker/models';
import { parseIstDate, parseIstDateTime } from '../../../../shared/format/ist';
import { list, num, obj, pick, str } from './coerce';

/** Turns the details list into clean records. */
export function normalizeEdisDetails(data: unknown): EdisDetail[] {
  return list(data, 'eDIS details').map((raw) => ({
    clientId: str(raw.clientId),
    isin: str(raw.isin),
    qty: num(raw.qty),
    qtyUtilized: num(pick(raw, 'qtyUtlize', 'qtyUtilize', 'qtyUtilized')),
    enteredAt: parseIstDateTime(str(raw.entryDate)) ?? null,
    startDate: parseIstDate(str(raw.startDate)) ?? null,
    endDate: parseIstDate(str(raw.endDate)) ?? null,
    days: num(raw.noOfDays),
    source: str(raw.source),
    status: str(raw.status),
    reason: str(raw.reason),
    internalTxnId: str(raw.internalTxnId),
    dpTxnId: str(raw.dpTxnId),
    errCode: str(raw.errCode),
    errorCount: str(raw.errorCount),
    transactionId: str(raw.transactionId),
  }));
}

/** The index call's HTML form, kept as text for the depository window. */
export function normalizeEdisForm(data: unknown): EdisForm {
  return { html: str(data) };
}

/** Turns the inquiry result into counts. */
export function normalizeEdisInquiry(data: unknown): EdisInquiry {
  const raw = obj(data);
  return {
    failedCount: num(pick(raw, 'FAILED_CNT', 'FAILED_COUNT')),
    successCount: num(pick(raw, 'SUCEESS_CNT', 'SUCCESS_CNT')),
  };
}
