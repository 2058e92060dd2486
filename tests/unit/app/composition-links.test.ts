/**
 * The two links the staged composition (electron/core/app/stages) relies on instead of
 * references assigned after use: topics, on which an earlier stage publishes what later stages
 * subscribe to, and the event outlet, which every service emits through before the host's
 * transport exists.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEventOutlet } from '../../../electron/core/app/event-outlet';
import { createTopic } from '../../../electron/core/app/topic';

describe('createTopic', () => {
  it('hands each value to every listener in subscription order, each subscription on its own', () => {
    const topic = createTopic<number>();
    const seen: string[] = [];
    const twice = (n: number) => seen.push(`twice ${n}`);
    topic.subscribe((n) => seen.push(`first ${n}`));
    const offA = topic.subscribe(twice);
    topic.subscribe(twice);
    topic.publish(1);
    offA();
    topic.publish(2);
    assert.deepEqual(seen, ['first 1', 'twice 1', 'twice 1', 'first 2', 'twice 2']);
  });

  it('delivers nothing before a subscription nor after close', () => {
    const topic = createTopic<string>();
    const seen: string[] = [];
    topic.publish('early');
    topic.subscribe((v) => seen.push(v));
    topic.publish('now');
    topic.close();
    topic.publish('late');
    assert.deepEqual(seen, ['now']);
  });

  it('a listener that unsubscribes another while a value is handed out does not skip the rest', () => {
    const topic = createTopic<number>();
    const seen: string[] = [];
    let offB = () => {};
    topic.subscribe(() => {
      seen.push('a');
      offB();
    });
    offB = topic.subscribe(() => seen.push('b'));
    topic.publish(1);
    topic.publish(2);
    assert.deepEqual(seen, ['a', 'b', 'a']);
  });
});

describe('createEventOutlet', () => {
  it('drops events until a transport is attached, then forwards them and asks it whether it is busy', () => {
    const outlet = createEventOutlet();
    const sent: string[] = [];
    outlet.emit('app.notice', { level: 'info', message: 'before' });
    assert.equal(outlet.busy(), false, 'no transport: nothing is behind');
    let behind = true;
    outlet.attach(
      (name, payload) => sent.push(`${name}: ${JSON.stringify(payload)}`),
      () => behind,
    );
    outlet.emit('app.notice', { level: 'info', message: 'after' });
    assert.deepEqual(sent, ['app.notice: {"level":"info","message":"after"}']);
    assert.equal(outlet.busy(), true);
    behind = false;
    assert.equal(outlet.busy(), false);
  });

  it('a transport attached without a busy test is never busy', () => {
    const outlet = createEventOutlet();
    outlet.attach(() => {});
    assert.equal(outlet.busy(), false);
  });
});
