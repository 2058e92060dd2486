/**
 * A self-signed certificate made at start for `--tls`. The spec says HTTPS only, so the client
 * must be testable against TLS; a fresh key per start means nothing secret is checked in, and
 * the printed SHA-256 fingerprint lets a client pin exactly this certificate.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM key and certificate plus the certificate's SHA-256 fingerprint (colon-separated hex). */
export interface SelfSigned {
  key: string;
  cert: string;
  fingerprint: string;
}

/** Creates a P-256 certificate for 127.0.0.1/localhost valid 7 days, using the openssl CLI. */
export function makeSelfSigned(): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-sandbox-tls-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          keyPath,
          '-out',
          certPath,
          '-days',
          '7',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1,DNS:localhost',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch (e) {
      throw new Error(
        `--tls needs the openssl command to make a self-signed certificate: ${(e as Error).message}`,
        { cause: e },
      );
    }
    const key = readFileSync(keyPath, 'utf8');
    const cert = readFileSync(certPath, 'utf8');
    return { key, cert, fingerprint: new X509Certificate(cert).fingerprint256 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
