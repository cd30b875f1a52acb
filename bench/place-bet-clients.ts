/**
 * The PlaceBet bench's users in a process apart from the server (forked by `clientProcess` in
 * `place-bet-load.ts` with an IPC channel; not a bench of its own): each user places three-leg
 * multiples back to back over keep-alive HTTP, and the answer times go back to the parent.
 */
import { multiplePlacer, placeFor, type ClientsMessage } from './place-bet-load';

const send = process.send?.bind(process);
if (!send) throw new Error('place-bet-clients runs as a child of a PlaceBet bench');

let placer: ReturnType<typeof multiplePlacer> | null = null;
let cookies: string[] = [];

process.on('message', (message: ClientsMessage) => {
  void handle(message).catch((error: unknown) =>
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));

async function handle(message: ClientsMessage): Promise<void> {
  if (message.type === 'warm') {
    placer = multiplePlacer(message.base, message.picks, 'bench');
    cookies = message.cookies;
    for (let i = 0; i < message.bets; i++) await placer.place(cookies[i % cookies.length]!);
    send!({ type: 'warmed' });
    return;
  }
  if (!placer) throw new Error('warm first');
  if (message.type === 'place-one') {
    send!({ type: 'placed', ms: await placer.place(cookies[0]!) });
    return;
  }
  const { latencies, seconds } = await placeFor(cookies, message.durationMs, placer.place);
  send!({ type: 'result', latencies, seconds });
}

send({ type: 'started' });
