/**
 * Deliberately broken market-data frames for the socket test controls: the app's decoder
 * must count and drop them without a crash and without showing a wrong price. Each bad frame
 * starts with one good packet, so a test can also check that the good part still arrives.
 */
import type { MarketPacket } from '../../shared/marketdata/packet';
import { encodeFrame } from '../../shared/marketdata/packet-encoder';
import { Offset } from '../../shared/marketdata/packet-layout';

/** The kinds of bad frame the controls can send. */
export type BadFrameKind = 'truncated' | 'malformed';

/** Bytes cut from the end of a truncated frame. */
export const TRUNCATED_BY = 13;

/**
 * `truncated`: a good packet, then a copy of it missing its last 13 bytes.
 * `malformed`: a good packet, then a copy whose price divisor is 0 (every price would divide
 * by zero): complete in length, wrong in content.
 */
export function badFrame(kind: BadFrameKind, good: MarketPacket): Uint8Array {
  const two = encodeFrame([good, good]);
  if (kind === 'truncated') return two.subarray(0, two.length - TRUNCATED_BY);
  const half = two.length / 2;
  new DataView(two.buffer, two.byteOffset + half).setInt32(Offset.priceConv, 0);
  return two;
}
