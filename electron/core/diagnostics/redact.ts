/**
 * Redaction of sensitive values before anything is logged, exported or shown.
 *
 * Modelled on Signal Desktop's privacy pass: every string that leaves the main process
 * through a log line or a support bundle goes through here first, so a forgotten
 * `logger.info(url)` cannot leak an auth code, a token or a trader's PAN.
 */

/** What replaces a redacted value; one marker keeps redacted logs easy to grep. */
export const REDACTED = '[REDACTED]';

/**
 * Object keys whose values are always secret, compared after lowercasing and removing
 * every non-alphanumeric character (so `access_token`, `accessToken` and `Access-Token`
 * all match). `svcToken` (a symbol id) is deliberately absent.
 */
const SECRET_KEYS = new Set([
  'accesstoken',
  'token',
  'refreshtoken',
  'authtoken',
  'idtoken',
  'bearer',
  'secret',
  'appsecret',
  'clientsecret',
  'authcode',
  'codeverifier',
  'verifier',
  'codechallenge',
  'appidhash',
  // The v3 data socket's key, a claim of the access token (docs/broker-v3.md).
  'hsmkey',
  'authorization',
  'proxyauthorization',
  'password',
  'passwd',
  'pin',
  'tpin',
  'otp',
  'pan',
  'email',
  'emailid',
  'cookie',
  'setcookie',
  'oauthstate',
  'loginstate',
  'transdtls',
  'mobile',
  'mobileno',
  'mobilenumber',
  'phone',
  'phonenumber',
]);

/** Query-string parameters whose values are secret wherever a URL appears in text. */
const SECRET_QUERY_PARAMS = [
  'code',
  'auth_code',
  'state',
  'code_verifier',
  'code_challenge',
  'access_token',
  'token',
  'appIdHash',
  'hsm_key',
  'client_secret',
  'TransDtls',
];

const QUERY_PARAM_RE = new RegExp(
  `([?&#;](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s"'<>]*`,
  'gi',
);
const JSON_FIELD_RE = new RegExp(
  `("(?:access_token|accessToken|token|code|auth_code|code_verifier|appIdHash|hsm_key|hsmKey|secret|app_secret|password|pin|tpin|otp|pan|PAN|email_id|email|mobile|mobile_number|phone|[Aa]uthorization)"\\s*:\\s*")(?:[^"\\\\]|\\\\.)*"`,
  'g',
);
const AUTH_HEADER_RE = /\b((?:proxy-)?authorization\s*[:=]\s*)[^\r\n,;}]+/gi;
const BEARER_RE = /\bBearer\s+[A-Za-z0-9._~+/=-]+/g;
const JWT_RE = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const PAN_RE = /\b[A-Z]{5}[0-9]{4}[A-Z]\b/g;
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * The secret claims a JWT-shaped value carries in its payload (v3's access token carries
 * `hsm_key`, the data socket's key): none when it is not such a token.
 */
function secretClaims(value: string): string[] {
  if (!/^eyJ[\w-]+\.[\w-]+\.[\w-]*$/.test(value)) return [];
  try {
    const payload = JSON.parse(Buffer.from(value.split('.')[1]!, 'base64url').toString('utf8'));
    const key: unknown = (payload as Record<string, unknown> | null)?.hsm_key;
    return typeof key === 'string' ? [key] : [];
  } catch {
    return [];
  }
}

/**
 * Exact secret values known at run time (the current access token and the secret claims it
 * carries, the app secret). Pattern rules cannot recognise an opaque token inside free text;
 * this can.
 */
export class SecretRegistry {
  private readonly values = new Set<string>();

  /** Remember a value (and a token's secret claims) so every later redaction removes it. */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string') return;
    for (const v of [value, ...secretClaims(value)]) if (v.length >= 6) this.values.add(v);
  }

  /** Forget a value (and a token's claims) once it no longer exists anywhere (logout, rotated secret). */
  remove(value: string | null | undefined): void {
    if (typeof value !== 'string') return;
    for (const v of [value, ...secretClaims(value)]) this.values.delete(v);
  }

  /** Longest first, so a token that contains another known value is removed whole. */
  list(): string[] {
    return [...this.values].sort((a, b) => b.length - a.length);
  }
}

/**
 * The process-wide registry used when a service is not handed one explicitly, so a token
 * stored by the vault is scrubbed from every log line even if the composition root forgot
 * to share a registry. Tests that want isolation pass their own.
 */
export const processSecretRegistry = new SecretRegistry();

/**
 * The account holder's identifying values, as the broker's profile answers them. From the
 * first profile read on they are redacted wherever they appear, like a token: a name or a
 * client id has no pattern a rule could recognise, and a support bundle must not carry them.
 */
export function rememberPersonalValues(
  person: {
    name?: string | null;
    displayName?: string | null;
    clientId?: string | null;
    email?: string | null;
    pan?: string | null;
  },
  registry: SecretRegistry = processSecretRegistry,
): void {
  for (const v of [person.name, person.displayName, person.clientId, person.email, person.pan])
    registry.add(v?.trim());
}

/** Whether a key names a secret; exported so other redacting code agrees with this one. */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (SECRET_KEYS.has(k)) return true;
  return k.endsWith('accesstoken') || k.endsWith('secret') || k.endsWith('password');
}

/** Redact every sensitive pattern in free text (log messages, URLs, error messages). */
export function redactText(text: string, registry?: SecretRegistry): string {
  let out = text;
  if (registry) {
    for (const value of registry.list()) out = out.split(value).join(REDACTED);
  }
  return out
    .replace(AUTH_HEADER_RE, `$1${REDACTED}`)
    .replace(BEARER_RE, `Bearer ${REDACTED}`)
    .replace(JSON_FIELD_RE, `$1${REDACTED}"`)
    .replace(QUERY_PARAM_RE, `$1${REDACTED}`)
    .replace(JWT_RE, REDACTED)
    .replace(PAN_RE, '[PAN]')
    .replace(EMAIL_RE, '[EMAIL]');
}

/**
 * Replace only the exact secret values known at run time (tokens, app secrets), leaving
 * every other character alone: for records that must round-trip unchanged, like the order
 * journal a restart reads back, where pattern rules could alter a symbol or a remark.
 */
export function redactKnownValues(
  text: string,
  registry: SecretRegistry = processSecretRegistry,
): string {
  let out = text;
  for (const value of registry.list()) out = out.split(value).join(REDACTED);
  return out;
}

const MAX_DEPTH = 8;

/** Node/undici error codes (`ECONNRESET`, `ERR_INVALID_URL`, `UND_ERR_SOCKET`): diagnostic, never secret. */
function isSystemErrorCode(v: unknown): boolean {
  return (
    typeof v === 'string' &&
    /^(?:E[A-Z][A-Z_]{1,20}|ERR_[A-Z0-9_]{1,60}|UND_ERR_[A-Z_]{1,40})$/.test(v)
  );
}

/**
 * Deep-copy a value with every secret removed: secret keys lose their values, strings are
 * passed through `redactText`, errors become plain objects. Numbers under a key named
 * `code` survive (broker error codes are useful), strings under it do not (auth codes).
 */
export function redactValue(value: unknown, registry?: SecretRegistry): unknown {
  return walk(value, registry, 0, new WeakSet());
}

function walk(
  value: unknown,
  registry: SecretRegistry | undefined,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (typeof value === 'string') return redactText(value, registry);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? value.toString() : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  if (value instanceof Error) {
    const plain: Record<string, unknown> = { name: value.name, message: value.message };
    const extra = value as Error & { code?: unknown; cause?: unknown };
    if (extra.code !== undefined) plain.code = extra.code;
    if (value.stack) plain.stack = value.stack;
    if (extra.cause !== undefined) plain.cause = extra.cause;
    return walk(plain, registry, depth + 1, seen);
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => walk(v, registry, depth + 1, seen));
  if (value instanceof Map) return walk(Object.fromEntries(value), registry, depth, seen);
  if (value instanceof URLSearchParams)
    return redactText(`?${value.toString()}`, registry).slice(1);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'code' || key === 'state') {
      const keep =
        typeof v === 'number' ||
        v === null ||
        v === undefined ||
        (key === 'code' && isSystemErrorCode(v));
      out[key] = keep ? v : REDACTED;
    } else if (isSecretKey(key)) {
      out[key] = v === null || v === undefined || v === '' ? v : REDACTED;
    } else {
      out[key] = walk(v, registry, depth + 1, seen);
    }
  }
  return out;
}
