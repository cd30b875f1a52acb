import { hashServerSeed } from '@dau/domain/games/fairness';
import { minePositions } from '@dau/domain/games/mines';
import { replayRound } from '@dau/domain/games/replay';
import type { Cents } from '@dau/domain/money';
import { describe, expect, it } from 'vitest';
import { createDemoSession, DEMO_BALANCE, randomServerSeed } from './demo-session';
import { GameError } from './game-session';

/** A fixed byte source so rounds are reproducible in the test. */
function counter() {
  let next = 0;
  return (bytes: Uint8Array<ArrayBuffer>) => {
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (next++ * 37) % 256;
  };
}

const limits = { min: 100 as Cents, max: 50_000 as Cents };

describe('demo session', () => {
  it('makes 64-hex server seeds', () => {
    expect(randomServerSeed(counter())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('plays with the fun balance and the same maths as the server, nonce by nonce', async () => {
    const session = createDemoSession({ limits, random: counter() });
    const before = session.seeds!;
    expect(session.balance).toBe(DEMO_BALANCE);
    const round = await session.play(1_000 as Cents, { game: 'plinko', rows: 8, risk: 'medium' });
    expect(round.proof).toMatchObject({ serverSeedHash: before.serverSeedHash, nonce: 0 });
    expect(session.seeds!.nonce).toBe(1);
    expect(session.balance).toBe(DEMO_BALANCE - 1_000 + round.win);
    // The revealed seed recomputes the round exactly.
    const revealed = (await session.rotateSeed()).previous!;
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(
      replayRound(
        { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: 0 },
        { game: 'plinko', rows: 8, risk: 'medium' },
      ),
    ).toEqual(round.outcome);
    expect(session.seeds!.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(session.seeds!.nonce).toBe(0);
  });

  it('refuses stakes outside the limits or above the fun balance, changing nothing', async () => {
    const session = createDemoSession({ limits: { min: 100 as Cents, max: 500_000 as Cents } });
    const play = (stake: number) => session.play(stake as Cents, { game: 'scratch' });
    await expect(play(99)).rejects.toMatchObject({ code: 'STAKE_TOO_LOW' });
    await expect(play(500_001)).rejects.toMatchObject({ code: 'STAKE_TOO_HIGH' });
    await expect(play(DEMO_BALANCE + 1)).rejects.toBeInstanceOf(GameError);
    expect(session.balance).toBe(DEMO_BALANCE);
    expect(session.seeds!.nonce).toBe(0);
  });

  it("plays Mines: the stake goes at the start, the board is the seed's, a cash-out pays the table", async () => {
    const session = createDemoSession({ limits, random: counter() });
    const seed = { clientSeed: session.seeds!.clientSeed, nonce: 0 };
    let round = await session.minesStart(1_000 as Cents, 3);
    expect(session.balance).toBe(DEMO_BALANCE - 1_000);
    const revealed = (await session.rotateSeed()).previous!;
    const mines = minePositions({ serverSeed: revealed.serverSeed, ...seed }, 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((i) => !mines.includes(i))!;
    round = await session.minesReveal(round, safe);
    expect(round.state.status).toBe('playing');
    round = await session.minesCashOut(round);
    expect(round.state.status).toBe('cashed_out');
    expect(round.mineTiles).toEqual(mines);
    expect(round.win).toBe(Math.floor((1_000 * round.multiplier) / 10_000));
    expect(session.balance).toBe(DEMO_BALANCE - 1_000 + round.win);
    await expect(session.minesCashOut(round)).rejects.toMatchObject({ code: 'ROUND_FINISHED' });
  });

  it('loses the stake on a mine and shows the board', async () => {
    const session = createDemoSession({ limits, random: counter() });
    const clientSeed = session.seeds!.clientSeed;
    const round = await session.minesStart(1_000 as Cents, 24);
    const revealed = (await session.rotateSeed()).previous!;
    const mines = minePositions({ serverSeed: revealed.serverSeed, clientSeed, nonce: 0 }, 24);
    const lost = await session.minesReveal(round, mines[0]!);
    expect(lost.state).toMatchObject({ status: 'lost', hit: mines[0] });
    expect(lost.win).toBe(0);
    expect(session.balance).toBe(DEMO_BALANCE - 1_000);
  });

  it('takes a valid client seed and starts its nonces at 0', async () => {
    const session = createDemoSession({ limits });
    await session.play(100 as Cents, { game: 'scratch' });
    await expect(session.setClientSeed('bad seed!')).rejects.toMatchObject({
      code: 'BAD_CLIENT_SEED',
    });
    const seeds = await session.setClientSeed('my-lucky_seed');
    expect(seeds).toMatchObject({ clientSeed: 'my-lucky_seed', nonce: 0 });
  });
});
