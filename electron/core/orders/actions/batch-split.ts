/**
 * Where a basket is cut into multi requests: the broker takes at most `limit` orders per
 * request, so n orders go out as ceil(n / limit) requests, each full but the last, in the
 * basket's order (the trader reads the results in the order they built the basket).
 */

/** Half-open index ranges [from, to) of each request; none for an empty basket. */
export function splitIntoRequests(count: number, limit: number): [number, number][] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`bad count ${count}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`bad limit ${limit}`);
  const parts: [number, number][] = [];
  for (let from = 0; from < count; from += limit) parts.push([from, Math.min(count, from + limit)]);
  return parts;
}
