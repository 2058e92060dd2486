/**
 * Serves the symbol master files at {symbol_master_base}/<FILE>.csv (and the JSON masters at
 * <FILE>_sym_master.json, which carry each contract's `qtyMultiplier`) like a CDN would: ETag,
 * Last-Modified, gzip when asked, and 304 for conditional requests. The client's downloader
 * relies on these to skip a 15 MB download when nothing changed, so the sandbox must send them.
 * Hashes and gzip bodies are computed on first request and cached.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { MASTER_FILES, type MasterFile } from '../../shared/broker/instrument';
import type { Reply } from './types';

const gzipAsync = promisify(gzip);

/** Path prefix of the master files under the sandbox's base URL. */
export const MASTER_PREFIX = '/sym_details';

/** The JSON master's name after the file's: MCX_COM_sym_master.json. */
const JSON_SUFFIX = '_sym_master.json';

interface Prepared {
  body: Buffer;
  etag: string;
  gz?: Promise<Buffer>;
}

/** Answers GET/HEAD for the seven master files. */
export class MasterFileServer {
  private prepared = new Map<string, Prepared>();
  private readonly lastModified: string;

  constructor(
    private readonly files: () => Record<MasterFile, string>,
    generatedAt: Date,
    private readonly jsonFiles?: () => Record<MasterFile, string>,
  ) {
    this.lastModified = new Date(Math.floor(generatedAt.getTime() / 1000) * 1000).toUTCString();
  }

  private prep(f: MasterFile, json: boolean): Prepared {
    const key = json ? `${f}.json` : f;
    let p = this.prepared.get(key);
    if (!p) {
      const text = json ? (this.jsonFiles?.()[f] ?? '{}') : this.files()[f];
      const body = Buffer.from(text, 'utf8');
      p = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      this.prepared.set(key, p);
    }
    return p;
  }

  /** Handles a request path like `/sym_details/NSE_CM.csv`; undefined when it is not a master file path. */
  async handle(
    path: string,
    method: string,
    headers: IncomingHttpHeaders,
  ): Promise<Reply | undefined> {
    if (!path.startsWith(`${MASTER_PREFIX}/`)) return undefined;
    const json = this.jsonFiles !== undefined && path.endsWith(JSON_SUFFIX);
    const name = path
      .slice(MASTER_PREFIX.length + 1)
      .replace(json ? JSON_SUFFIX : /\.csv$/, '') as MasterFile;
    if (!(json || path.endsWith('.csv')) || !MASTER_FILES.includes(name)) {
      return {
        status: 404,
        raw: `No such symbol master file. Files: ${MASTER_FILES.map((f) => `${f}.csv`).join(', ')}\n`,
        headers: { 'content-type': 'text/plain' },
      };
    }
    if (method !== 'GET' && method !== 'HEAD')
      return { status: 405, raw: '', headers: { allow: 'GET, HEAD' } };
    const p = this.prep(name, json);
    const common = {
      etag: p.etag,
      'last-modified': this.lastModified,
      'cache-control': 'public, max-age=3600',
      vary: 'Accept-Encoding',
    };
    const inm = headers['if-none-match'];
    const ims = headers['if-modified-since'];
    const notModified =
      inm !== undefined
        ? inm.split(',').some((t) => t.trim() === p.etag || t.trim() === '*')
        : ims !== undefined && Date.parse(ims) >= Date.parse(this.lastModified);
    if (notModified) return { status: 304, raw: '', headers: common };
    const wantsGzip = /\bgzip\b/.test(String(headers['accept-encoding'] ?? ''));
    const headersOut: Record<string, string> = {
      ...common,
      'content-type': json ? 'application/json' : 'text/csv; charset=utf-8',
    };
    let body = p.body;
    if (wantsGzip) {
      p.gz ??= gzipAsync(p.body);
      body = await p.gz;
      headersOut['content-encoding'] = 'gzip';
    }
    headersOut['content-length'] = String(body.length);
    return { status: 200, raw: method === 'HEAD' ? '' : body, headers: headersOut };
  }
}
