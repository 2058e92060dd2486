/**
 * Byte layout of the v3 data socket's frames (docs/broker-v3.md, "Data socket"): every frame
 * is a 2-byte big-endian length of the rest, a message-type byte, then either fields (a
 * count byte, then per field an id byte, a 2-byte length and the bytes) or, for Data, the
 * packets. One codec for both ends: the sandbox reads the requests the app (and the SDK)
 * write with it, and the app reads the packets the sandbox writes with it.
 */
import { HSM_NO_VALUE, HsmMessageType, HsmPacketKind, HsmStatus } from './hsm-protocol';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A byte writer for frames. */
class Bytes {
  private readonly out: number[] = [];
  u8(n: number): this {
    this.out.push(n & 0xff);
    return this;
  }
  u16(n: number): this {
    return this.u8(n >> 8).u8(n);
  }
  i32(n: number): this {
    return this.u8(n >>> 24)
      .u8(n >>> 16)
      .u8(n >>> 8)
      .u8(n);
  }
  raw(b: Uint8Array): this {
    for (const x of b) this.out.push(x);
    return this;
  }
  /** A string with a 1-byte length (topic names, packet strings): at most 255 bytes. */
  str8(s: string): this {
    const b = encoder.encode(s);
    if (b.length > 255) throw new Error('HSM string over 255 bytes');
    return this.u8(b.length).raw(b);
  }
  get length(): number {
    return this.out.length;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** Thrown when a frame is shorter than its own lengths say: the reader never reads past it. */
export class HsmFrameError extends Error {}

/** A bounds-checked reader. */
export class HsmReader {
  pos = 0;
  constructor(private readonly b: Uint8Array) {}
  private need(n: number): void {
    if (this.pos + n > this.b.length) throw new HsmFrameError('frame truncated');
  }
  u8(): number {
    this.need(1);
    return this.b[this.pos++]!;
  }
  u16(): number {
    return (this.u8() << 8) | this.u8();
  }
  i32(): number {
    this.need(4);
    const v = new DataView(this.b.buffer, this.b.byteOffset + this.pos, 4).getInt32(0);
    this.pos += 4;
    return v;
  }
  bytes(n: number): Uint8Array {
    this.need(n);
    const v = this.b.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
  str8(): string {
    return decoder.decode(this.bytes(this.u8()));
  }
  get left(): number {
    return this.b.length - this.pos;
  }
}

/** One field of a request or answer. */
export interface HsmFieldValue {
  id: number;
  value: Uint8Array;
}

/** Wraps a message body in its length and type (the length field is 2 bytes: at most 65,535). */
function frame(type: number, body: Uint8Array): Uint8Array {
  if (body.length + 1 > 0xffff)
    throw new RangeError('HSM frame over 65,535 bytes: send fewer packets');
  return new Bytes()
    .u16(body.length + 1)
    .u8(type)
    .raw(body)
    .bytes();
}

/** A fields message (every request and every answer but Data). */
export function encodeFields(type: number, fields: readonly HsmFieldValue[]): Uint8Array {
  const b = new Bytes().u8(fields.length);
  for (const fl of fields) b.u8(fl.id).u16(fl.value.length).raw(fl.value);
  return frame(type, b.bytes());
}

/** A message's type and fields; Data and Ping messages have no fields here. */
export interface HsmMessage {
  type: number;
  fields: Map<number, Uint8Array>;
  /** The reader, positioned after the type byte (Data messages read their packets from it). */
  rest: HsmReader;
}

/** Reads a frame's length and type, and its fields unless it is Data or Ping. */
export function decodeMessage(bytes: Uint8Array): HsmMessage {
  const r = new HsmReader(bytes);
  const len = r.u16();
  if (len !== bytes.length - 2) throw new HsmFrameError('frame length disagrees with its size');
  const type = r.u8();
  const fields = new Map<number, Uint8Array>();
  if (type === HsmMessageType.Data || type === HsmMessageType.Ping || r.left === 0)
    return { type, fields, rest: r };
  const count = r.u8();
  for (let k = 0; k < count; k++) {
    const id = r.u8();
    fields.set(id, r.bytes(r.u16()));
  }
  return { type, fields, rest: r };
}

const text = (s: string) => encoder.encode(s);
const utf8 = (b: Uint8Array | undefined) => (b ? decoder.decode(b) : '');

/** The connection request: the token's `hsm_key`, mode `P`, a stream flag, the source. */
export function encodeConnect(hsmKey: string, source: string): Uint8Array {
  return encodeFields(HsmMessageType.Connection, [
    { id: 1, value: text(hsmKey) },
    { id: 2, value: text('P') },
    { id: 3, value: Uint8Array.of(1) },
    { id: 4, value: text(source) },
  ]);
}

/** The `hsm_key` of a connection request (empty when absent). */
export function connectKeyOf(m: HsmMessage): string {
  return utf8(m.fields.get(1));
}

/** A connection answer: K with the field map (and no acknowledgements asked), or N. */
export function encodeConnectAnswer(ok: boolean, fieldMap?: unknown): Uint8Array {
  const fields: HsmFieldValue[] = [{ id: 1, value: text(ok ? HsmStatus.Ok : HsmStatus.NotOk) }];
  if (ok && fieldMap !== undefined) {
    // Field 2 is how many Data messages the client acknowledges at a time; 0: none.
    fields.push({ id: 2, value: Uint8Array.of(0) });
    fields.push({ id: 3, value: text(JSON.stringify(fieldMap)) });
  }
  return encodeFields(HsmMessageType.Connection, fields);
}

/** The status answer of a subscribe, unsubscribe, pause, resume or lite/full request. */
export function encodeStatusAnswer(type: number, ok: boolean): Uint8Array {
  return encodeFields(type, [{ id: 1, value: text(ok ? HsmStatus.Ok : HsmStatus.NotOk) }]);
}

/** Whether an answer's status field says K. */
export function answerOk(m: HsmMessage): boolean {
  return utf8(m.fields.get(1)) === HsmStatus.Ok;
}

/** A subscribe or unsubscribe request for topic names on a channel. */
export function encodeSubscribe(
  type: number,
  topics: readonly string[],
  channel: number,
): Uint8Array {
  const list = new Bytes().u16(topics.length);
  for (const t of topics) list.str8(t);
  return encodeFields(type, [
    { id: 1, value: list.bytes() },
    { id: 2, value: Uint8Array.of(channel) },
  ]);
}

/** The topic names and channel of a subscribe or unsubscribe request. */
export function subscribeOf(m: HsmMessage): { topics: string[]; channel: number } {
  const list = m.fields.get(1);
  if (!list) throw new HsmFrameError('subscribe without topics');
  const r = new HsmReader(list);
  const n = r.u16();
  const topics: string[] = [];
  for (let k = 0; k < n; k++) topics.push(r.str8());
  return { topics, channel: m.fields.get(2)?.[0] ?? 0 };
}

/**
 * Channels 1..64 as the 8-byte mask of pause, resume and lite/full requests: the high word
 * holds 33..64 and the low word 1..32, each at bit `channel mod 32` (fact: the SDK's layout,
 * which puts 32 at bit 0 of the low word and 64 at bit 0 of the high word).
 */
function channelMask(channels: readonly number[]): Uint8Array {
  let hi = 0;
  let lo = 0;
  for (const c of channels) {
    if (c >= 1 && c <= 32) lo |= 1 << (c % 32);
    else if (c >= 33 && c <= 64) hi |= 1 << (c % 32);
  }
  return new Bytes().i32(hi).i32(lo).bytes();
}

/** The channels named by an 8-byte mask. */
export function channelsOf(mask: Uint8Array | undefined): number[] {
  if (!mask || mask.length !== 8) return [];
  const r = new HsmReader(mask);
  const hi = r.i32();
  const lo = r.i32();
  const out: number[] = [];
  for (let c = 1; c <= 64; c++) if ((c <= 32 ? lo : hi) & (1 << (c % 32))) out.push(c);
  return out;
}

/** A pause or resume request for channels. */
export function encodeChannels(type: number, channels: readonly number[]): Uint8Array {
  return encodeFields(type, [{ id: 1, value: channelMask(channels) }]);
}

/** A lite/full mode request for channels (`mode`: HsmDataMode). */
export function encodeMode(channels: readonly number[], mode: number): Uint8Array {
  return encodeFields(HsmMessageType.LiteFull, [
    { id: 1, value: channelMask(channels) },
    { id: 2, value: Uint8Array.of(mode) },
  ]);
}

/** The client's heartbeat frame. */
export const HSM_PING = Uint8Array.of(0, 1, HsmMessageType.Ping);

/** A topic's first packet: everything a client needs to read its later updates. */
export interface HsmSnapshotPacket {
  kind: 'snapshot';
  topicId: number;
  topic: string;
  values: readonly number[];
  multiplier: number;
  precision: number;
  /** Exchange segment name, token part and trading symbol (the SDK reads all three). */
  strings: readonly [string, string, string];
}

/** Later values of a known topic; HSM_NO_VALUE where a field did not change. */
export interface HsmUpdatePacket {
  kind: 'update' | 'lite';
  topicId: number;
  values: readonly number[];
}

/** One packet of a Data message. */
export type HsmPacket = HsmSnapshotPacket | HsmUpdatePacket;

/** A Data message of packets (no message number: the connection asked for no acks). */
export function encodeData(packets: readonly HsmPacket[]): Uint8Array {
  const b = new Bytes().u16(packets.length);
  for (const p of packets) {
    if (p.kind === 'snapshot') {
      b.u8(HsmPacketKind.Snapshot).u16(p.topicId).str8(p.topic).u8(p.values.length);
      for (const v of p.values) b.i32(v);
      // Two bytes the SDK skips before the multiplier (*inferred*: unused here).
      b.u16(0).u16(p.multiplier).u8(p.precision);
      for (const s of p.strings) b.str8(s);
    } else if (p.kind === 'update') {
      b.u8(HsmPacketKind.Update).u16(p.topicId).u8(p.values.length);
      for (const v of p.values) b.i32(v);
    } else {
      b.u8(HsmPacketKind.Lite).u16(p.topicId);
      for (const v of p.values) b.i32(v);
    }
  }
  return frame(HsmMessageType.Data, b.bytes());
}

/**
 * Reads a Data message's packets. `liteCount` says how many values a lite packet of a topic
 * id carries (it has no count of its own); an unknown topic id of a lite packet ends the read.
 */
export function decodeData(
  m: HsmMessage,
  liteCount: (topicId: number) => number | undefined,
): HsmPacket[] {
  const r = m.rest;
  const n = r.u16();
  const out: HsmPacket[] = [];
  for (let k = 0; k < n; k++) {
    const kind = r.u8();
    if (kind === HsmPacketKind.Snapshot) {
      const topicId = r.u16();
      const topic = r.str8();
      const count = r.u8();
      const values: number[] = [];
      for (let j = 0; j < count; j++) values.push(r.i32());
      r.u16();
      const multiplier = r.u16();
      const precision = r.u8();
      const strings = [r.str8(), r.str8(), r.str8()] as const;
      out.push({ kind: 'snapshot', topicId, topic, values, multiplier, precision, strings });
    } else if (kind === HsmPacketKind.Update || kind === HsmPacketKind.Lite) {
      const topicId = r.u16();
      const count = kind === HsmPacketKind.Update ? r.u8() : liteCount(topicId);
      if (count === undefined) throw new HsmFrameError(`lite packet of unknown topic ${topicId}`);
      const values: number[] = [];
      for (let j = 0; j < count; j++) values.push(r.i32());
      out.push({ kind: kind === HsmPacketKind.Update ? 'update' : 'lite', topicId, values });
    } else throw new HsmFrameError(`unknown packet kind ${kind}`);
  }
  return out;
}

/** Whether a value is a real value (not the "not sent" marker). */
export function hsmHasValue(v: number | undefined): v is number {
  return v !== undefined && v !== HSM_NO_VALUE;
}
