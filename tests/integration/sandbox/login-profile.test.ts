import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session();
});
after(() => s.sb.close());

test('login with auto-approve + appIdHash gives a token that reads the profile', async () => {
  const r = await s.call('GET', '/api/v2/profile');
  assert.equal(r.status, 200);
  assert.equal(r.json.s, 'ok');
  assert.equal(r.json.code, 200);
  assert.equal(r.json.message, '');
  const d = r.json.data as Record<string, unknown>;
  assert.equal(d.svc_id, s.sb.user.svc_id);
  assert.equal(d.PAN, 'ABCPS1234K'); // quirks on by default
  assert.match(String(d.pwd_change_date), /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
});

test('the handle announces url, master base, apps per template and the user', () => {
  assert.match(s.sb.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(s.sb.symbolMasterBase, `${s.sb.url}/sym_details`);
  assert.deepEqual(
    s.sb.apps.map((a) => a.template),
    ['basic', 'transactions', 'orders'],
  );
  assert.deepEqual(Object.keys(s.sb.user).sort(), ['password', 'pin', 'svc_id', 'tpin']);
});
