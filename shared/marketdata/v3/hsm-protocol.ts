/**
 * The v3 binary market-data socket ("HSM"), as far as it is known (docs/broker-v3.md, "Data
 * socket"): message types, packet kinds, status letters, topic names and the field map. The
 * sandbox encodes with these and the app decodes with them, so both ends agree on every
 * byte. Facts come from running the official SDK (`fyers-api-v3` 1.9.0) against a local
 * server and from a readable public client; the field ids (`fid`) are the sandbox's own
 * (*inferred*: the server sends its field map on connect, and the SDK builds its decoding
 * from that map, so a client must never hard-code positions it did not receive).
 */

/** Where the data socket lives under the socket host (the SDK's `HSM_SOCKET` path). */
export const HSM_SOCKET_PATH = '/hsm/v1-5/prod';

/**
 * Message types, the third byte of every frame (after a 2-byte big-endian length of the
 * rest). The same numbers name a request and its answer.
 */
export const HsmMessageType = {
  Connection: 1,
  Throttling: 2,
  Ack: 3,
  Subscribe: 4,
  Unsubscribe: 5,
  Data: 6,
  ChannelPause: 7,
  ChannelResume: 8,
  Snapshot: 9,
  OptionChain: 10,
  /** The client's heartbeat: the three bytes `00 01 0b`; no answer is read. */
  Ping: 11,
  LiteFull: 12,
} as const;

/** The kind byte of each packet inside a Data message. */
export const HsmPacketKind = {
  /** First packet of a topic: topic id, name, every field, multiplier, precision, strings. */
  Snapshot: 0x53,
  /** Changed fields of a known topic id: a field count then that many values. */
  Update: 0x55,
  /** Lite mode: the first `lite` fields of a known topic id, no count. */
  Lite: 0x4c,
} as const;

/** The mode byte of a LiteFull request. */
export const HsmDataMode = { Lite: 0x4c, Full: 0x46 } as const;

/** The status text of an answer's first field. */
export const HsmStatus = { Ok: 'K', NotOk: 'N' } as const;

/** A field value meaning "not sent / unchanged": clients skip it. */
export const HSM_NO_VALUE = -0x80000000;

/** Topic name prefixes: `sf|nse_cm|3045`, `if|nse_cm|Nifty 50`, `dp|nse_cm|3045`. */
export const HsmTopic = { Scrip: 'sf', Index: 'if', Depth: 'dp' } as const;
/** One topic prefix. */
export type HsmTopicPrefix = (typeof HsmTopic)[keyof typeof HsmTopic];

/**
 * Packets per Data frame: a frame's length field is 2 bytes, and a depth snapshot is under
 * 200 bytes, so 200 packets stay well inside 65,535 (*inferred* limit of the sandbox's own).
 */
export const HSM_MAX_PACKETS_PER_FRAME = 200;

/** The channel a subscription goes to when the caller names none (the SDK's sample uses 11). */
export const HSM_DEFAULT_CHANNEL = 11;
/** Channels are 1..64: a pause or resume request carries them as a 64-bit mask. */
export const HSM_MAX_CHANNEL = 64;

/**
 * The exchange-segment names of topics, keyed by the first four digits of an instrument
 * token (fact: the SDK's and the public client's tables agree). The rest of the topic is
 * the token from its eleventh digit on.
 */
export const HSM_SEGMENT_OF_TOKEN_PREFIX: Readonly<Record<string, string>> = {
  '1010': 'nse_cm',
  '1011': 'nse_fo',
  '1012': 'cde_fo',
  '1020': 'nse_com',
  '1120': 'mcx_fo',
  '1210': 'bse_cm',
  '1211': 'bse_fo',
  '1212': 'bcs_fo',
};

/** The token part of a topic name (fact: the SDK takes the token from its eleventh digit). */
export function hsmTokenPart(instrumentToken: string): string {
  return instrumentToken.slice(10);
}

/** How the SDK reads a field: a price, a plain number or a time (seconds since the epoch). */
export type HsmFieldType = 'ConvNumber' | 'Number' | 'timestamp';

/** One field of the map the server sends on connect. */
export interface HsmField {
  fid: string;
  /** The key a client's output uses (fact: the SDK's `HSM/mapper.js` reads these keys). */
  fld: string;
  dataType: HsmFieldType;
}

const f = (fid: string, fld: string, dataType: HsmFieldType): HsmField => ({ fid, fld, dataType });

/**
 * Scrip fields in packet order. The order is the public client's (taken, it says, from the
 * broker's own map); `s105` LTP, `s104` volume, `s113` average price and `s121` previous
 * close are ids the SDK itself looks for to derive change, % change and turnover.
 */
export const HSM_SCRIP_FIELDS: readonly HsmField[] = [
  f('s105', 'ltp', 'ConvNumber'),
  f('s104', 'v', 'Number'),
  f('s106', 'ltt', 'timestamp'),
  f('s107', 'fdtm', 'timestamp'),
  f('s108', 'bq', 'Number'),
  f('s109', 'bs', 'Number'),
  f('s110', 'bp', 'ConvNumber'),
  f('s111', 'sp', 'ConvNumber'),
  f('s112', 'ltq', 'Number'),
  f('s114', 'tbq', 'Number'),
  f('s115', 'tsq', 'Number'),
  f('s113', 'ap', 'ConvNumber'),
  f('s116', 'oi', 'Number'),
  f('s117', 'lo', 'ConvNumber'),
  f('s118', 'h', 'ConvNumber'),
  f('s119', 'yh', 'ConvNumber'),
  f('s120', 'yl', 'ConvNumber'),
  f('s122', 'lcl', 'ConvNumber'),
  f('s123', 'ucl', 'ConvNumber'),
  f('s124', 'op', 'ConvNumber'),
  f('s121', 'c', 'ConvNumber'),
];

/** Index fields in packet order (`i102` value and `i103` previous close are the SDK's ids). */
export const HSM_INDEX_FIELDS: readonly HsmField[] = [
  f('i102', 'iv', 'ConvNumber'),
  f('i103', 'ic', 'ConvNumber'),
  f('i101', 'tvalue', 'timestamp'),
  f('i104', 'highPrice', 'ConvNumber'),
  f('i105', 'lowPrice', 'ConvNumber'),
  f('i106', 'openingPrice', 'ConvNumber'),
];

const levels = (prefix: string, fld: (k: number) => string, type: HsmFieldType) =>
  [0, 1, 2, 3, 4].map((k) => f(`${prefix}${k + 1}`, fld(k), type));

/** Depth fields in packet order: five bid and ask prices, sizes and order counts. */
export const HSM_DEPTH_FIELDS: readonly HsmField[] = [
  ...levels('d10', (k) => (k === 0 ? 'bp' : `bp${k}`), 'ConvNumber'),
  ...levels('d20', (k) => (k === 0 ? 'sp' : `sp${k}`), 'ConvNumber'),
  ...levels('d30', (k) => (k === 0 ? 'bq' : `bq${k}`), 'Number'),
  ...levels('d40', (k) => (k === 0 ? 'bs' : `bs${k}`), 'Number'),
  ...levels('d50', (k) => `bno${k + 1}`, 'Number'),
  ...levels('d60', (k) => `sno${k + 1}`, 'Number'),
];

/**
 * Fields the SDK derives itself and appends to the scrip and index lists (`f101` change,
 * `f102` % change, `f103` turnover; `f104`, `f105` for indices): the map must define them
 * or the SDK fails to read it (fact), though no packet carries them.
 */
export const HSM_DERIVED_FIELDS: readonly HsmField[] = [
  f('f101', 'cng', 'ConvNumber'),
  f('f102', 'nc', 'Number'),
  f('f103', 'to', 'ConvNumber'),
  f('f104', 'cng', 'ConvNumber'),
  f('f105', 'nc', 'Number'),
];

/**
 * An index packet's time (`tvalue`) is IST wall-clock seconds: the SDK subtracts 5 h 30 min
 * from it, and from no other time (fact: observed; that the server sends IST is *inferred*).
 */
export const HSM_INDEX_TIME_SHIFT_S = 19_800;

/** Lite packets carry this many leading fields (the SDK's default is 1: the last price). */
export const HSM_LITE_FIELDS = { scrip: 1, index: 1 } as const;

/** The field map the server sends as the third field of its connection answer. */
export function hsmFieldMap(): Record<string, unknown> {
  return {
    fields: [...HSM_SCRIP_FIELDS, ...HSM_INDEX_FIELDS, ...HSM_DEPTH_FIELDS, ...HSM_DERIVED_FIELDS],
    scrip: HSM_SCRIP_FIELDS.map((x) => x.fid),
    index: HSM_INDEX_FIELDS.map((x) => x.fid),
    depth: HSM_DEPTH_FIELDS.map((x) => x.fid),
    scrip_lite: { hfid: HSM_LITE_FIELDS.scrip },
    index_lite: { hfid: HSM_LITE_FIELDS.index },
  };
}

/** The position of a field by its key in a list (for encoders and decoders). */
export function hsmFieldIndex(list: readonly HsmField[], fld: string): number {
  const k = list.findIndex((x) => x.fld === fld);
  if (k < 0) throw new Error(`no HSM field ${fld}`);
  return k;
}
