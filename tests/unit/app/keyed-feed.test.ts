import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createKeyedFeed, type KeyedDelta } from '../../../electron/core/app/keyed-feed';

interface Row {
  id: string;
  qty: number;
  ltp: number;
}

/** Manual timers: the test decides when a flush runs. */
function manualTimers() {
  const due: (() => void)[] = [];
  return {
    timers: { set: (fn: () => void) => due.push(fn), clear: () => due.splice(0) },
    run() {
      const fns = due.splice(0);
      for (const fn of fns) fn();
    },
  };
}

function feedWith(busy = () => false) {
  const sent: KeyedDelta<Row>[] = [];
  const t = manualTimers();
  const feed = createKeyedFeed<Row>({
    keyOf: (r) => r.id,
    ignore: ['ltp'],
    publish: (d) => sent.push(d),
    busy,
    timers: t.timers,
  });
  return { feed, sent, flush: t.run };
}

const rows = (n: number, qty = 1, ltp = 10): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `o${i}`, qty, ltp }));

describe('keyed feed', () => {
  it('sends only the rows that changed, once, with chained versions', () => {
    const { feed, sent, flush } = feedWith();
    feed.replace(rows(3));
    flush();
    feed.replace(rows(3));
    flush();
    feed.replace([{ id: 'o0', qty: 5, ltp: 10 }, ...rows(3).slice(1)]);
    flush();
    assert.equal(sent.length, 2, 'an unchanged read sends nothing');
    assert.deepEqual(sent[1], {
      base: 1,
      version: 2,
      upserts: [{ id: 'o0', qty: 5, ltp: 10 }],
      removed: [],
    });
  });

  it('reports removed rows and ignores a price that alone moved', () => {
    const { feed, sent, flush } = feedWith();
    feed.replace(rows(2));
    flush();
    feed.replace([{ id: 'o0', qty: 1, ltp: 99 }]);
    flush();
    assert.deepEqual(sent[1]!.removed, ['o1']);
    assert.deepEqual(sent[1]!.upserts, []);
  });

  it('holds changes while the transport is busy, one entry per key, then sends the latest', () => {
    let busy = true;
    const { feed, sent, flush } = feedWith(() => busy);
    for (let q = 1; q <= 50; q++) {
      feed.replace(rows(1000, q));
      flush();
    }
    assert.equal(sent.length, 0);
    assert.equal(feed.pendingCount(), 1000, 'pending never exceeds the key count');
    busy = false;
    flush();
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.upserts.length, 1000);
    assert.ok(
      sent[0]!.upserts.every((r) => r.qty === 50),
      'latest value of each row',
    );
  });

  it('a snapshot takes the waiting changes and tells other pages they are behind', () => {
    const { feed, sent, flush } = feedWith();
    feed.replace(rows(4));
    const snap = feed.snapshot();
    assert.equal(snap.version, 1);
    assert.equal(snap.rows.length, 4);
    flush();
    assert.deepEqual(sent, [{ base: 1, version: 2, upserts: [], removed: [] }]);
  });

  it('flushNow sends what waits at once, even to a busy transport, for the page that asked', () => {
    const { feed, sent } = feedWith(() => true);
    feed.replace(rows(2));
    assert.equal(feed.flushNow(), 1);
    assert.equal(sent.length, 1);
    assert.equal(feed.flushNow(), 1, 'nothing waiting: no empty delta');
    assert.equal(sent.length, 1);
  });
});
