/**
 * The seam for GTT orders (issue 21 #1): what a dialect that has broker-held GTTs offers, in
 * the domain's words (shared/broker/gtt.ts). A dialect without GTT offers none, and the app
 * says so instead of sending; the core GTT service (electron/core/gtt) is the only caller.
 */
import type { Gtt, GttDraft } from '../../../shared/broker/gtt';
import type { Priority } from '../limiter/request-scheduler';

/** A GTT action's answer: the GTT's id, and whether the broker said it is still in transit. */
export interface GttAck {
  id: string;
  code: number;
  message: string;
  /** Code 201: sent, not yet confirmed: the GTT book says whether it happened. */
  unacknowledged: boolean;
}

/** The GTT book read, with how many rows could not be read (left out, never blanking the list). */
export interface GttBook {
  gtts: Gtt[];
  skipped: number;
}

/** The GTT calls of one dialect. */
export interface GttClient {
  /**
   * The GTT book: active, triggered, cancelled and expired GTTs. Always a fresh read, in the
   * request scheduler's `priority` lane (default `order`: the reads around a GTT action).
   */
  list(o?: { priority?: Priority }): Promise<GttBook>;
  create(d: GttDraft): Promise<GttAck>;
  /** Replaces a pending GTT's legs with the draft's. */
  modify(id: string, d: GttDraft): Promise<GttAck>;
  cancel(id: string): Promise<GttAck>;
}
