/** Contracts named as traders say them (issue 17 #11), from the ticker's series code. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contractName, expiryLabel } from '../../../shared/format/contract-name';

it('a monthly future is ROOT MON FUT, not the file’s "26 Dec" that reads like a date', () => {
  assert.equal(contractName('NSE:RELIANCE26DECFUT'), 'RELIANCE DEC FUT');
  assert.equal(contractName('NSE:NIFTYNXT5026DECFUT', 'NIFTYNXT50'), 'NIFTYNXT50 DEC FUT');
});

it('a weekly option names its day and says weekly; a monthly option does not', () => {
  assert.equal(contractName('NSE:NIFTY26D0125700CE'), 'NIFTY 1 DEC 25700 CE (weekly)');
  assert.equal(contractName('NSE:NIFTY26O2825700PE'), 'NIFTY 28 OCT 25700 PE (weekly)');
  assert.equal(contractName('NSE:BANKNIFTY26DEC55800PE'), 'BANKNIFTY DEC 55800 PE');
  assert.equal(contractName('MCX:CRUDEOIL26DEC5400.5CE'), 'CRUDEOIL DEC 5400.5 CE');
});

it('cash tickers, indices and unknown shapes keep their ticker: no name is invented', () => {
  assert.equal(contractName('NSE:SBIN-EQ'), 'NSE:SBIN-EQ');
  assert.equal(contractName('NSE:NIFTY50-INDEX'), 'NSE:NIFTY50-INDEX');
  assert.equal(contractName('garbage'), 'garbage');
});

it('the expiry date beside the name, or nothing for a bad date', () => {
  assert.equal(expiryLabel('2026-12-29'), 'exp 29 Dec');
  assert.equal(expiryLabel('2026-12-01T15:30:00+05:30'), 'exp 1 Dec');
  assert.equal(expiryLabel(null), null);
  assert.equal(expiryLabel('2026-13-01'), null);
});
