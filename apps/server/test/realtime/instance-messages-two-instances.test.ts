import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../helpers/two-instances';

/**
 * `Realtime.toInstances` across two instances on one Redis: what tells the open-bets index of
 * the instance that ingests the feed about bets placed, cashed out or settled on another one
 * (ADR 220). Runs where REDIS_URL is set.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('messages between instances on Redis', () => {
  const { servers } = useTwoInstances(redisUrl!);

  it('reaches the handlers of every instance once, the sender’s own included', async () => {
    const [a, b] = servers;
    const heard: { at: string; payload: unknown }[] = [];
    a!.server.deps.realtime.onInstanceMessage('test-channel', (payload) =>
      heard.push({ at: 'a', payload }),
    );
    b!.server.deps.realtime.onInstanceMessage('test-channel', (payload) =>
      heard.push({ at: 'b', payload }),
    );
    b!.server.deps.realtime.onInstanceMessage('other-channel', (payload) =>
      heard.push({ at: 'b-other', payload }),
    );
    // Registered after attach too: both are heard.
    b!.server.deps.realtime.toInstances('test-channel', [7, 8]);
    expect(heard).toEqual([{ at: 'b', payload: [7, 8] }]);
    for (let i = 0; i < 100 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    // A later message from A, to be sure nothing else (a second copy on B) arrives meanwhile.
    a!.server.deps.realtime.toInstances('test-channel', [9]);
    for (let i = 0; i < 100 && heard.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual([
      { at: 'b', payload: [7, 8] },
      { at: 'a', payload: [7, 8] },
      { at: 'a', payload: [9] },
      { at: 'b', payload: [9] },
    ]);
  });
});
