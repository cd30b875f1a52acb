/**
 * The players of `game-rounds.bench.ts`, in a process of their own (started by it with an IPC
 * channel; not a bench of its own), as pgbench's clients are a process apart from the database:
 * the server's process then spends its time on the server only. Each player plays Dice rounds
 * back to back through the seamless wallet's signed HTTP API — the provably fair outcome (the
 * domain's playDice), then the stake and the win in one `debit-credit` call (ADR 206), or as a
 * `debit` and a `credit` with `calls: 2` — and the time of each whole round is sent back.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WALLET_HEADERS } from '../packages/contracts/src/casino/wallet-seam';
import { playDice } from '../packages/domain/src/games/dice';
import { payoutCents } from '../packages/domain/src/games/payout';
import type { Cents } from '../packages/domain/src/money';

export interface RoundPlayer {
  playerId: string;
  token: string;
}

export interface RoundPlayersStart {
  type: 'start';
  /** `http://host:port/api/games/wallet/<provider>` */
  base: string;
  secret: string;
  players: RoundPlayer[];
  /** Rounds played one after another before the timed run (connections, caches, JIT). */
  warmup: number;
  durationMs: number;
  /** Seam calls per round: 1, `debit-credit` (Dice's result is known at the stake); 2, `debit` then `credit`. */
  calls: 1 | 2;
}

export interface RoundPlayersResult {
  /** Milliseconds per timed round, unsorted. */
  latencies: number[];
  seconds: number;
  warmupRounds: number;
}

const send = process.send?.bind(process);
if (!send) throw new Error('game-round-players runs as a child of game-rounds.bench.ts');

function caller(base: string, secret: string) {
  return async (operation: string, body: Record<string, unknown>) => {
    const payload = JSON.stringify({ requestId: randomBytes(12).toString('hex'), ...body });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    const res = await fetch(`${base}/${operation}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WALLET_HEADERS.timestamp]: timestamp,
        [WALLET_HEADERS.signature]: signature,
      },
      body: payload,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${operation} answered ${res.status}: ${text}`);
  };
}

async function run(start: RoundPlayersStart, go: Promise<void>): Promise<RoundPlayersResult> {
  const call = caller(start.base, start.secret);
  const serverSeed = randomBytes(32).toString('hex');
  let nonce = 0;
  const play = async (p: RoundPlayer): Promise<number> => {
    nonce += 1;
    const roundId = `dice-bench-${nonce}-${randomBytes(4).toString('hex')}`;
    const stake = 10_00 as Cents;
    const began = performance.now();
    const outcome = () => {
      const result = playDice(
        { serverSeed, clientSeed: p.playerId.slice(0, 8), nonce },
        { target: 5000, direction: 'under' },
      );
      return result.win ? payoutCents(stake, result.multiplier) : 0;
    };
    if (start.calls === 1) {
      await call('debit-credit', {
        playerId: p.playerId,
        token: p.token,
        gameSlug: 'dice',
        roundId,
        debitTransactionId: `${roundId}:stake`,
        debitAmount: stake,
        creditTransactionId: `${roundId}:win`,
        creditAmount: outcome(),
      });
      return performance.now() - began;
    }
    await call('debit', {
      playerId: p.playerId,
      token: p.token,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}:stake`,
      amount: stake,
    });
    await call('credit', {
      playerId: p.playerId,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}:win`,
      amount: outcome(),
    });
    return performance.now() - began;
  };

  const { players } = start;
  for (let i = 0; i < start.warmup; i++) await play(players[i % players.length]!);
  send!({ type: 'warm' });
  await go;
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + start.durationMs;
  await Promise.all(
    players.map(async (p) => {
      while (performance.now() < end) latencies.push(await play(p));
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000, warmupRounds: start.warmup };
}

let release: () => void = () => {};
const go = new Promise<void>((resolve) => (release = resolve));
process.on('message', (message: { type: string }) => {
  if (message.type === 'start') {
    run(message as RoundPlayersStart, go).then(
      (result) => send({ type: 'result', result }, () => process.exit(0)),
      (error: unknown) => send({ type: 'failed', error: String(error) }, () => process.exit(1)),
    );
  } else if (message.type === 'go') {
    release();
  }
});
send({ type: 'started' });
