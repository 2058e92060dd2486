/**
 * The sandbox's depository (what CDSL's eDIS pages are to a real broker): the hand-off post,
 * the TPIN + OTP page and the result page. They are served by their own listener on their own
 * origin (see index.ts), so an app that treats the depository as part of the broker fails
 * here as it would against a real one. A successful TPIN + OTP records the authorization in
 * the broker's eDIS store.
 */
import type { BrokerCore } from '../core';
import type { RequestCtx, Route } from '../http/types';
import { badRequestPage, resultPage, tpinPage } from './depository-pages';

const MAX_TPIN_ATTEMPTS = 3;

/** Builds the depository's routes (all public: the trader's browser posts to them). */
export function depositoryRoutes(core: BrokerCore): Route[] {
  const s = core.state;
  const store = s.edis;
  const field = (ctx: RequestCtx, k: string): string => {
    const b = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
    const v = b[k] ?? ctx.query.get(k);
    return typeof v === 'string' ? v : '';
  };
  return [
    {
      method: 'POST',
      path: '/edis/depository',
      access: 'public',
      handle: (ctx) => {
        const r = store.findByReqId(field(ctx, 'ReqId'));
        if (!r) return { status: 400, html: badRequestPage('Unknown or missing ReqId') };
        // A real depository decrypts TransDtls; here it must be the one the broker issued.
        if (field(ctx, 'TransDtls') !== r.transDtls)
          return { status: 400, html: badRequestPage('TransDtls does not match this request') };
        if (r.status !== 'PENDING') return { status: 200, html: resultPage(r) };
        return { status: 200, html: tpinPage(r) };
      },
    },
    {
      method: 'GET',
      path: '/edis/depository',
      access: 'public',
      handle: (ctx) => {
        const r = store.findByReqId(ctx.query.get('ReqId') ?? '');
        if (!r) return { status: 400, html: badRequestPage('Unknown or missing ReqId') };
        return { status: 200, html: r.status === 'PENDING' ? tpinPage(r) : resultPage(r) };
      },
    },
    {
      method: 'POST',
      path: '/edis/depository/authorize',
      access: 'public',
      handle: (ctx) => {
        const r = store.findByReqId(field(ctx, 'ReqId'));
        if (!r) return { status: 400, html: badRequestPage('Unknown or missing ReqId') };
        if (r.status !== 'PENDING') return { status: 200, html: resultPage(r) };
        const tpinOk = field(ctx, 'tpin') === core.user.tpin;
        const otpOk = field(ctx, 'otp') === core.user.otp;
        if (!tpinOk || !otpOk) {
          r.errorCount += 1;
          if (r.errorCount >= MAX_TPIN_ATTEMPTS) {
            r.status = 'FAILED';
            r.reason = 'Too many wrong TPIN/OTP attempts';
            r.completedAt = s.now();
            return { status: 200, html: resultPage(r) };
          }
          const what = !tpinOk ? 'The TPIN is incorrect.' : 'The OTP is incorrect.';
          return {
            status: 401,
            html: tpinPage(r, `${what} ${MAX_TPIN_ATTEMPTS - r.errorCount} attempts left.`),
          };
        }
        r.status = 'SUCCESS';
        r.completedAt = s.now();
        r.dpTxnId = `DP${r.internalTxnId}`;
        return { status: 200, html: resultPage(r) };
      },
    },
  ];
}
