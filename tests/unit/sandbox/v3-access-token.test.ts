import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { CredentialStore } from '../../../sandbox/auth/credentials';
import { mintAccessToken } from '../../../sandbox/v3/access-token';
import { hsmKeyOf } from '../../../shared/broker/v3/access-token';

test('a minted access token is a JWT whose payload carries hsm_key, fy_id and app_id', () => {
  const { token, hsmKey } = mintAccessToken(
    {
      appId: 'APP1-100',
      svcId: 'XY12345',
      issuedAt: 1_700_000_000_000,
      expiresAt: 1_700_050_000_000,
    },
    randomBytes(32),
  );
  const parts = token.split('.');
  assert.equal(parts.length, 3);
  const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  assert.equal(payload.hsm_key, hsmKey);
  assert.match(hsmKey, /^[0-9a-f]{32}$/);
  assert.equal(payload.fy_id, 'XY12345');
  assert.equal(payload.app_id, 'APP1-100');
  assert.equal(payload.exp, 1_700_050_000);
  assert.equal(hsmKeyOf(token), hsmKey);
  assert.equal(hsmKeyOf(`APP1-100:${token}`), hsmKey, 'the Authorization form reads the same');
});

test('hsmKeyOf answers undefined for anything that is not a JWT carrying the claim', () => {
  assert.equal(hsmKeyOf('not-a-token'), undefined);
  assert.equal(hsmKeyOf('a.b.c'), undefined);
  const noKey = `x.${Buffer.from(JSON.stringify({ sub: 'x' })).toString('base64url')}.y`;
  assert.equal(hsmKeyOf(noKey), undefined);
});

test('the credential store issues tokens with distinct hsm keys and finds a token by its key', () => {
  const creds = new CredentialStore('keep');
  const a = creds.issueToken('APP1-100', 'XY12345', Date.now());
  const b = creds.issueToken('APP1-100', 'XY12345', Date.now());
  const ka = hsmKeyOf(a.token);
  const kb = hsmKeyOf(b.token);
  assert.ok(ka && kb && ka !== kb);
  assert.equal(creds.tokenByHsmKey(ka)?.token, a.token);
  assert.equal(creds.tokenByHsmKey('0'.repeat(32)), undefined);
  creds.revoke(a.token);
  assert.equal(creds.tokenByHsmKey(ka), undefined, 'a revoked token no longer opens the socket');
});
