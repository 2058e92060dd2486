/**
 * One ISIN line of a depository (eDIS) authorization request, as the broker's index call takes
 * it (spec eDIS). One home, so the app's request and the sandbox's reading of it cannot drift
 * apart field by field.
 */
export interface EdisRecord {
  isin: string;
  qty: number;
}
