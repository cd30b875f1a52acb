import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { INSTANCE_CHANNEL_SETTLE_MS, InstanceChannelHealth } from './instance-channel';

class FakeConnection extends EventEmitter {
  isReady = false;
  set(ready: boolean, event: 'ready' | 'reconnecting' | 'end' | 'error') {
    this.isReady = ready;
    this.emit(event);
  }
}

it('is up once both connections have been ready for the settling time, down at once otherwise', () => {
  let now = 1_000;
  const health = new InstanceChannelHealth(undefined, () => now);
  const changes: boolean[] = [];
  health.onChange(() => changes.push(health.up()));
  const [pub, sub] = [new FakeConnection(), new FakeConnection()];
  expect(health.up()).toBe(false);
  health.watch([pub, sub]);
  pub.set(true, 'ready');
  expect(health.up()).toBe(false);
  sub.set(true, 'ready');
  now += INSTANCE_CHANNEL_SETTLE_MS - 1;
  expect(health.up()).toBe(false);
  now += 1;
  expect(health.up()).toBe(true);

  // Either connection failing takes it down before anyone asks again, and the wait restarts.
  for (const [connection, event] of [
    [sub, 'error'],
    [pub, 'reconnecting'],
    [sub, 'end'],
  ] as const) {
    connection.set(false, event);
    expect(health.up()).toBe(false);
    connection.set(true, 'ready');
    expect(health.up()).toBe(false);
    now += INSTANCE_CHANNEL_SETTLE_MS;
    expect(health.up()).toBe(true);
  }
  // An error on a connection that still says it is ready restarts the wait all the same.
  pub.emit('error');
  expect(health.up()).toBe(false);
  now += INSTANCE_CHANNEL_SETTLE_MS;
  expect(health.up()).toBe(true);

  // Every change was heard, and none found the channel up (the cache drops what it keeps).
  expect(changes).toHaveLength(9);
  expect(changes.every((up) => !up)).toBe(true);

  health.unwatch();
  expect(health.up()).toBe(false);
});

it('keeps telling the other listeners when one throws', () => {
  const errors: unknown[] = [];
  const health = new InstanceChannelHealth((err) => errors.push(err));
  let heard = 0;
  health.onChange(() => {
    throw new Error('boom');
  });
  health.onChange(() => (heard += 1));
  health.changed();
  expect(heard).toBe(1);
  expect(errors).toHaveLength(1);
});
