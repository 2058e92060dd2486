/**
 * eDIS state: TPIN requests, authorization requests created by the index call, and the
 * authorizations the depository page records. CNC sells of demat shares draw on the
 * authorized quantity per ISIN, which is why the order desk asks this store before accepting
 * a sell.
 */
import { istDayKey } from '../time/ist';

/** One ISIN line of an authorization request. */
export interface EdisRecord {
  isin: string;
  qty: number;
}

/** One authorization request, from the index call to the depository's answer. */
export interface EdisRequest {
  reqId: string;
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
      transactionId: `SBXTXN${istDayKey(now)}${n}`,
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

  /** Finds a request by its ReqId or its transaction id. */
  find(idOrTxn: string): EdisRequest | undefined {
    const direct = this.requests.get(idOrTxn);
    if (direct) return direct;
    for (const r of this.requests.values()) if (r.transactionId === idOrTxn) return r;
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
