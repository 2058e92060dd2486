/**
 * eDIS on the broker's origin: the four API endpoints (tpin, details, index, inquiry). The
 * depository pages the index form posts to are on their own origin (depository-routes.ts);
 * a successful TPIN + OTP there records an authorization that CNC sells then draw on.
 */
import { ErrorCode } from '../../shared/broker/errors';
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { Route } from '../http/types';
import { asObject } from '../orders/parse';
import { fmtSlashDate, istDayKey } from '../time/ist';
import { handOffForm } from './depository-pages';
import type { EdisRecord } from '../../shared/broker/edis-record';

/** Builds the eDIS API routes; `depositoryUrl` is the depository's origin (the form's action). */
export function edisRoutes(core: BrokerCore, depositoryUrl: () => string): Route[] {
  const s = core.state;
  const store = s.edis;
  return [
    {
      method: 'GET',
      path: '/api/v2/tpin',
      access: 'user',
      level: 2,
      operation: 'eDIS TPIN generation',
      handle: () => {
        store.requestTpin(s.now());
        return okReply(
          { data: '' },
          200,
          'TPIN generation request sent to your registered mobile and e-mail',
        );
      },
    },
    {
      method: 'GET',
      path: '/api/v2/details',
      access: 'user',
      level: 1,
      operation: 'eDIS details',
      handle: () => {
        // The quantity used of each ISIN is spread over its authorizations in order, so the
        // records' qty − qtyUtlize add up to what is left to sell (the app pre-checks with it).
        const usedLeft = new Map<string, number>();
        const data = store.list().flatMap((r) =>
          r.records.map((rec) => {
            if (!usedLeft.has(rec.isin))
              usedLeft.set(
                rec.isin,
                Math.max(
                  0,
                  store.authorizedQty(rec.isin, s.now()) - core.desk.authorizedRemaining(rec.isin),
                ),
              );
            const left = usedLeft.get(rec.isin) ?? 0;
            const today = istDayKey(r.completedAt ?? r.createdAt) === istDayKey(s.now());
            const used = r.status === 'SUCCESS' && today ? Math.min(rec.qty, left) : 0;
            usedLeft.set(rec.isin, left - used);
            return {
              clientId: core.user.svc_id,
              isin: rec.isin,
              qty: rec.qty,
              qtyUtlize: used,
              entryDate: fmtSlashDate(r.createdAt, true),
              startDate: fmtSlashDate(r.createdAt, false),
              endDate: fmtSlashDate(r.createdAt, false),
              noOfDays: 1,
              source: 'API',
              status: r.status,
              reason: r.reason,
              internalTxnId: r.internalTxnId,
              dpTxnId: r.dpTxnId,
              errCode: r.status === 'FAILED' ? 'E101' : '',
              errorCount: String(r.errorCount),
              transactionId: r.transactionId,
            };
          }),
        );
        return okReply({ data });
      },
    },
    {
      method: 'POST',
      path: '/api/dev/index',
      access: 'user',
      level: 2,
      operation: 'eDIS authorization',
      handle: (ctx) => {
        const b = asObject(ctx.body);
        const list = b.recordLst;
        if (!Array.isArray(list) || list.length === 0)
          fail(
            ErrorCode.InvalidParameters,
            'recordLst must be a non-empty array of {isin_code, qty}',
          );
        const records: EdisRecord[] = list.map((x, k) => {
          const r = asObject(x, `recordLst[${k}]`);
          if (typeof r.isin_code !== 'string' || !/^IN[A-Z0-9]{10}$/.test(r.isin_code))
            fail(
              ErrorCode.InvalidParameters,
              `recordLst[${k}].isin_code must be an ISIN like INE062A01020`,
            );
          const h = s.holdings.find((x2) => x2.instrument.isin === r.isin_code);
          if (!h)
            fail(
              ErrorCode.InvalidParameters,
              `recordLst[${k}].isin_code ${r.isin_code} is not in your demat holdings`,
            );
          if (typeof r.qty !== 'number' || !Number.isInteger(r.qty) || r.qty <= 0)
            fail(
              ErrorCode.InvalidParameters,
              `recordLst[${k}].qty must be a whole number greater than 0`,
            );
          const have = s.holdingRemaining(h.instrument);
          if (r.qty > have)
            fail(
              ErrorCode.InvalidParameters,
              `recordLst[${k}].qty ${r.qty} is more than the ${have} shares held`,
            );
          return { isin: r.isin_code, qty: r.qty };
        });
        const req = store.create(records, s.now());
        return okReply(
          { data: handOffForm(depositoryUrl(), req) },
          200,
          'Redirect to the depository to authorize with TPIN',
        );
      },
    },
    {
      method: 'POST',
      path: '/api/v2/inquiry',
      access: 'user',
      level: 1,
      operation: 'eDIS inquiry',
      handle: (ctx) => {
        const b = asObject(ctx.body);
        if (typeof b.transactionId !== 'string' || !b.transactionId)
          fail(ErrorCode.InvalidParameters, 'transactionId is required');
        // Only the transaction id a real flow yields (listed in the details); never the ReqId.
        const r =
          store.findByTransaction(b.transactionId) ??
          fail(ErrorCode.InvalidParameters, `transactionId ${b.transactionId} is unknown`);
        const n = r.records.length;
        return okReply({
          data: {
            FAILED_CNT: r.status === 'FAILED' ? n : 0,
            SUCEESS_CNT: r.status === 'SUCCESS' ? n : 0,
          },
        });
      },
    },
  ];
}
