/**
 * The trader's fat-finger limits: ONE schema for what Settings stores, what the settings
 * screen edits over IPC and what the order guard reads. They were once defined three times
 * under two sets of names, and the limits typed in Settings never reached the guard; a
 * single home makes that mismatch a compile error.
 */
import { z } from 'zod';

/** The limits as the guard reads them and the settings screen edits them (every field set). */
export const FatFingerLimits = z.object({
  /** Largest quantity one order may carry. */
  maxOrderQty: z.number().int().positive(),
  /** Largest value (qty × price, a market order at the last price) of one order, rupees. */
  maxOrderValue: z.number().positive(),
  /** Largest distance of a limit or trigger price from the last price, percent. */
  maxLtpDistancePct: z.number().positive().max(100),
  /** Refuse orders above the exchange freeze quantity (they must be split). */
  enforceFreezeQty: z.boolean(),
});
/** The trader's own order-size guard rails. */
export type FatFingerLimits = z.infer<typeof FatFingerLimits>;

/**
 * Defaults, deliberately tighter than the broker's caps (1,00,000 shares, ₹10 crore): a new
 * trader is asked before 10,000 shares, ₹10 lakh, or a price 5% away from the market.
 */
export const DEFAULT_FAT_FINGER_LIMITS: Readonly<FatFingerLimits> = Object.freeze({
  maxOrderQty: 10_000,
  maxOrderValue: 10_00_000,
  maxLtpDistancePct: 5,
  enforceFreezeQty: true,
});

const s = FatFingerLimits.shape;
/** The stored form: a field missing from an older settings file takes its default. */
export const StoredFatFingerLimits = z.object({
  maxOrderQty: s.maxOrderQty.default(DEFAULT_FAT_FINGER_LIMITS.maxOrderQty),
  maxOrderValue: s.maxOrderValue.default(DEFAULT_FAT_FINGER_LIMITS.maxOrderValue),
  maxLtpDistancePct: s.maxLtpDistancePct.default(DEFAULT_FAT_FINGER_LIMITS.maxLtpDistancePct),
  enforceFreezeQty: s.enforceFreezeQty.default(DEFAULT_FAT_FINGER_LIMITS.enforceFreezeQty),
});
