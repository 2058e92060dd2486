/**
 * eDIS state: TPIN requests, authorization requests created by the index call, and the
 * authorizations the depository page records. CNC sells of demat shares draw on the
 * authorized quantity per ISIN, which is why the order desk asks this store before accepting
 * a sell.
 */
import type { EdisRecord } from '../../shared/broker/edis-record';
import { randomBytes } from 'node:crypto';
import { istDayKey } from '../time/ist';


/** One authorization request, from the index call to the depository's answer. */
export interface EdisRequest {
  reqId: string;
  /**
   * The hand-off's TransDtls: random bytes, base64, meaningful only to the depository (a real
   * one is an encrypted blob). Nothing about the request can be read out of it.
   */
  transDtls: string;
  transactionId: string;
  internalTxnId: string;
  dpTxnId: string;
  records: EdisRecord[];
  createdAt: number;
  completedAt?: number;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  reason: string;
  /** Wrong TPIN/OTP attempts. */
  errorCount: number;
}

/** Holds eDIS requests for the demo account. */
export class EdisStore {
  readonly tpinRequests: number[] = [];
  private requests = new Map<string, EdisRequest>();
  private seq = 0;

  /** Records a TPIN generation request (GET /api/v2/tpin). */
  requestTpin(now: number): void {
    this.tpinRequests.push(now);
  }

  /** Creates a pending authorization request (POST /api/dev/index). */
  create(records: EdisRecord[], now: number): EdisRequest {
    this.seq += 1;
    const n = String(this.seq).padStart(6, '0');
    const r: EdisRequest = {
      reqId: `SBXREQ${n}`,
      transDtls: randomBytes(48).toString('base64'),
      // Random, so no client can derive it from the request id or a sequence.
      transactionId: `SBXTXN${istDayKey(now)}${randomBytes(6).toString('hex').toUpperCase()}`,
      internalTxnId: `ITX${n}`,
      dpTxnId: '',
      records,
      createdAt: now,
      status: 'PENDING',
      reason: '',
      errorCount: 0,
    };
    this.requests.set(r.reqId, r);
    return r;
  }

  /** Finds a request by its ReqId (the depository's key; the broker API never accepts it). */
  findByReqId(reqId: string): EdisRequest | undefined {
    return this.requests.get(reqId);
  }

  /** Finds a request by its transaction id (the inquiry's key, as listed in the details). */
  findByTransaction(transactionId: string): EdisRequest | undefined {
    for (const r of this.requests.values()) if (r.transactionId === transactionId) return r;
    return undefined;
  }

  /** All requests in creation order. */
  list(): EdisRequest[] {
    return [...this.requests.values()];
  }

  /** Quantity of an ISIN authorized today (authorizations last for the trading day). */
  authorizedQty(isin: string, now: number): number {
    const today = istDayKey(now);
    let q = 0;
    for (const r of this.requests.values()) {
      if (r.status !== 'SUCCESS' || istDayKey(r.completedAt ?? r.createdAt) !== today) continue;
      for (const rec of r.records) if (rec.isin === isin) q += rec.qty;
    }
    return q;
  }

  /** Forgets everything (test reset). */
  clear(): void {
    this.tpinRequests.length = 0;
    this.requests.clear();
    this.seq = 0;
  }
}
