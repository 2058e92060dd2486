import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  appIdHash,
  base64url,
  codeChallengeS256,
  createCodeVerifier,
  createState,
} from '../../../electron/core/auth/pkce';
import { systemRandom } from '../../../electron/core/auth/ports';

// RFC 7636 Appendix B.
const RFC_VERIFIER_BYTES = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105,
  214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

test('RFC 7636 appendix B: verifier bytes encode to the documented verifier', () => {
  assert.equal(base64url(new Uint8Array(RFC_VERIFIER_BYTES)), RFC_VERIFIER);
});

test('RFC 7636 appendix B: S256 challenge of the documented verifier', () => {
  assert.equal(codeChallengeS256(RFC_VERIFIER), RFC_CHALLENGE);
});

test('createCodeVerifier uses 32 random bytes → 43 chars, and matches the RFC vector for its bytes', () => {
  const v = createCodeVerifier({ bytes: () => new Uint8Array(RFC_VERIFIER_BYTES) });
  assert.equal(v, RFC_VERIFIER);
  const real = createCodeVerifier(systemRandom);
  assert.match(real, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(real, createCodeVerifier(systemRandom));
});

test('challenge has no padding and is url-safe for many verifiers', () => {
  for (let i = 0; i < 200; i++) {
    const c = codeChallengeS256(createCodeVerifier(systemRandom));
    assert.match(c, /^[A-Za-z0-9_-]{43}$/);
  }
});

test('codeChallengeS256 rejects verifiers outside RFC 7636 §4.1', () => {
  assert.throws(() => codeChallengeS256('short'), RangeError);
  assert.throws(() => codeChallengeS256('a'.repeat(129)), RangeError);
  assert.throws(() => codeChallengeS256(`${'a'.repeat(42)}+`), RangeError);
});

test('appIdHash is lowercase hex SHA-256 of "<app_id>:<app_secret>"', () => {
  const expected = createHash('sha256').update('ABC123-100:s3cr3t').digest('hex');
  assert.equal(appIdHash('ABC123-100', 's3cr3t'), expected);
  assert.match(appIdHash('x', 'y'), /^[0-9a-f]{64}$/);
  // Known vector: sha256("a:b").
  assert.equal(
    appIdHash('a', 'b'),
    '6783a31eabf68ccc0660f935c0826282bdd2241f3a80a9f2d10d59aea9ebb5d8',
  ); // sha256sum of "a:b", computed outside Node
  assert.throws(() => appIdHash('', 'y'), RangeError);
});

test('state is random and 32 url-safe chars', () => {
  const a = createState(systemRandom);
  const b = createState(systemRandom);
  assert.match(a, /^[A-Za-z0-9_-]{32}$/);
  assert.notEqual(a, b);
});
