/**
 * Test-only: make the next answers of a list endpoint carry one odd row (an order status 3,
 * an unknown product, a price `1e999`), as a real broker may after a release the client
 * has not seen. The client must keep the good rows and set the odd one aside; the sandbox
 * itself only ever produces valid rows, so tests need this to reach that path over HTTP.
 */
import type { Reply } from '../http/types';

/**
 * One armed patch: `patch` is merged into row `index` of the list under `list` (a list row:
 * keys are indexes). `list` may name a list one object down (`data.optionsChain`).
 */
export interface RowPatch {
  route: string;
  list: string;
  index: number;
  patch: Record<string, unknown>;
  remaining: number;
}

/** Armed row patches by route key `GET /path`. */
export class RowPatchTable {
  private patches = new Map<string, RowPatch>();

  /** Arms a patch; throws a readable Error on bad input (the control answers 400 with it). */
  arm(b: Record<string, unknown>): RowPatch {
    if (typeof b.route !== 'string' || !/^GET \/\S+$/.test(b.route))
      throw new Error('route must look like "GET /api/v2/orders"');
    if (typeof b.list !== 'string' || !/^[A-Za-z]+(\.[A-Za-z]+)?$/.test(b.list))
      throw new Error('list must name the list field, e.g. "orderBook" or "data.optionsChain"');
    const index = b.index === undefined ? 0 : b.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
      throw new Error('index must be a whole number of at least 0');
    if (!b.patch || typeof b.patch !== 'object' || Array.isArray(b.patch))
      throw new Error('patch must be an object of fields to set');
    const times = b.times === undefined ? 1 : b.times;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1)
      throw new Error('times must be a whole number of at least 1');
    const p: RowPatch = {
      route: b.route,
      list: b.list,
      index,
      patch: b.patch as Record<string, unknown>,
      remaining: times,
    };
    this.patches.set(b.route, p);
    return p;
  }

  /** The reply with the armed patch applied (counting one use), or the reply unchanged. */
  apply(route: string, reply: Reply): Reply {
    const p = this.patches.get(route);
    const json = reply.json as Record<string, unknown> | undefined;
    const [outer = '', inner] = (p?.list ?? '').split('.');
    const holder = (inner ? json?.[outer] : json) as Record<string, unknown> | undefined;
    const key = inner ?? outer;
    const rows = holder?.[key];
    if (!p || !Array.isArray(rows) || rows.length <= p.index) return reply;
    if (--p.remaining <= 0) this.patches.delete(route);
    // A row that is a list (a history candle `[t, o, h, l, c, v]`) is patched by index.
    const next = rows.map((r, i) =>
      i !== p.index
        ? r
        : Array.isArray(r)
          ? Object.assign([...(r as unknown[])], p.patch)
          : { ...(r as Record<string, unknown>), ...p.patch },
    );
    const patched = { ...holder, [key]: next };
    return { ...reply, json: inner ? { ...json, [outer]: patched } : patched };
  }

  /** Disarms all patches. */
  clear(): void {
    this.patches.clear();
  }
}
