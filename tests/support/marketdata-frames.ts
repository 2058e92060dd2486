/**
 * Builds socket frames byte for byte as gaps.md lays them out, for the decoder's tests and
 * the bench's recorded frames. Test-side only: the app never encodes packets.
 */
import { PacketCode } from '../../shared/broker/enums';

/** One packet to encode; prices in rupees, scaled by `scale` (default 100). */
export interface PacketSpec {
  token: number;
  time: number;
  code?: number;
  scale?: number;
  ltp: number;
  open?: number;
  high?: number;
  low?: number;
  prevClose?: number;
  volume?: number;
  lastQty?: number;
  avgPrice?: number;
  totalBuyQty?: number;
  totalSellQty?: number;
  bid?: number;
  ask?: number;
  depth?: boolean;
  oi?: number;
  prevOi?: number;
}

function u64(v: DataView, at: number, n: number): void {
  v.setUint32(at, Math.floor(n / 4_294_967_296));
  v.setUint32(at + 4, n % 4_294_967_296);
}

/** Encodes one packet. */
export function encodePacket(s: PacketSpec): Uint8Array {
  const code = s.code ?? PacketCode.Quote;
  const scale = s.scale ?? 100;
  const px = (n: number | undefined): number => Math.round((n ?? 0) * scale);
  if (code === PacketCode.OpenInterest) {
    const b = new Uint8Array(32);
    const v = new DataView(b.buffer);
    u64(v, 0, s.token);
    v.setInt32(8, s.time);
    v.setInt16(12, code);
    v.setInt32(24, s.oi ?? 0);
    v.setInt32(28, s.prevOi ?? 0);
    return b;
  }
  const isQuote = code === PacketCode.Quote || code === PacketCode.QuoteWithOi;
  const common = code === PacketCode.QuoteWithOi ? 88 : 72;
  const size = isQuote ? common + 32 + (s.depth ? 120 : 8) : 72;
  const b = new Uint8Array(size);
  const v = new DataView(b.buffer);
  u64(v, 0, s.token);
  v.setInt32(8, s.time);
  v.setInt16(12, code);
  v.setInt8(18, s.depth ? 1 : 0);
  v.setInt32(24, scale);
  v.setInt32(28, px(s.ltp));
  v.setInt32(32, px(s.open ?? s.ltp));
  v.setInt32(36, px(s.high ?? s.ltp));
  v.setInt32(40, px(s.low ?? s.ltp));
  v.setInt32(44, px(s.prevClose ?? s.ltp));
  if (!isQuote) return b;
  if (code === PacketCode.QuoteWithOi) {
    u64(v, 72, s.oi ?? 0);
    u64(v, 80, s.prevOi ?? 0);
  }
  let q = common;
  v.setInt32(q, s.lastQty ?? 1);
  v.setInt32(q + 4, s.time);
  v.setInt32(q + 8, px(s.avgPrice ?? s.ltp));
  v.setInt32(q + 12, s.volume ?? 0);
  u64(v, q + 16, s.totalBuyQty ?? 0);
  u64(v, q + 24, s.totalSellQty ?? 0);
  q += 32;
  if (s.depth) {
    for (let i = 0; i < 5; i++) {
      v.setInt32(q + i * 12, px((s.bid ?? 0) - i * 0.05));
      v.setInt32(q + i * 12 + 4, 100);
      v.setInt32(q + i * 12 + 8, 1);
      v.setInt32(q + 60 + i * 12, px((s.ask ?? 0) + i * 0.05));
      v.setInt32(q + 60 + i * 12 + 4, 100);
      v.setInt32(q + 60 + i * 12 + 8, 1);
    }
  } else {
    v.setInt32(q, px(s.bid));
    v.setInt32(q + 4, px(s.ask));
  }
  return b;
}

/** Several packets back to back in one frame, as the socket sends them. */
export function encodeFrame(specs: readonly PacketSpec[]): Uint8Array {
  const parts = specs.map(encodePacket);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
