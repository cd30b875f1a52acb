import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GameWalletCore } from '../../src/modules/casino/game-wallet.service';
import { JACKPOT_SHARE_BPS, splitContribution } from '../../src/modules/casino/jackpot.service';
import type { TestApp } from '../helpers/test-app';
import {
  casinoOf,
  cashOf,
  inHouseProvider,
  newRound,
  player,
  refusalOf,
  requestRemembered,
  startBreak,
  useCasinoApp,
  walletRound,
} from './casino-kit';

/**
 * A debit and a credit are one statement each (`casino_debit`, `casino_credit`, migration 0885,
 * docs/decisions/205): every refusal leaves nothing behind — no round, no stake, no money, not
 * even the signed request (the seam remembers that after) — and a repeat answers the first
 * answer.
 */
let t: TestApp;
useCasinoApp((app) => (t = app));

const core = (): GameWalletCore => casinoOf(t).core;
const provider = () => inHouseProvider(t);
const refusal = refusalOf;
const remembered = (requestId: string) => requestRemembered(t, requestId);

describe('the one-statement debit and credit', () => {
  it('refuses each stake its checks refuse, and leaves no round, stake, money or request', async () => {
    const p = await player(t, 30_00);
    const other = await player(t, 30_00);
    const wallet = core();
    const prov = await provider();
    const debit = (over: Record<string, unknown> = {}) => {
      const roundId = (over.roundId as string | undefined) ?? newRound();
      const requestId = randomUUID();
      const call = {
        userId: p.user.id,
        requestId,
        gameSlug: 'dice',
        roundId,
        transactionId: `${roundId}:${randomUUID()}`,
        amount: 10_00,
        ...over,
      };
      return { call, requestId, work: wallet.debit(prov, call) };
    };
    const expectNothing = async (d: ReturnType<typeof debit>, code: string) => {
      expect(await refusal(d.work)).toBe(code);
      expect(await remembered(d.requestId)).toBe(false);
      expect(await cashOf(t, p.user.id)).toBe(30_00);
    };

    const low = debit({ amount: 5_00 });
    await expectNothing(low, 'STAKE_OUT_OF_LIMITS');
    expect(await walletRound(t, low.call.roundId)).toBeUndefined();
    await expectNothing(debit({ amount: 100_000_000_00 }), 'STAKE_OUT_OF_LIMITS');
    const broke = debit({ amount: 40_00 });
    await expectNothing(broke, 'INSUFFICIENT_FUNDS');
    expect(await walletRound(t, broke.call.roundId)).toBeUndefined();

    // Another player's round, and a round already settled: the stake added by the statement's
    // own upsert goes back out with the refusal.
    const theirs = newRound();
    await wallet.debit(prov, {
      userId: other.user.id,
      gameSlug: 'dice',
      roundId: theirs,
      transactionId: `${theirs}:d`,
      amount: 10_00,
    });
    await expectNothing(debit({ roundId: theirs }), 'ROUND_MISMATCH');
    expect((await walletRound(t, theirs))?.stake).toBe(10_00);
    const settled = newRound();
    await wallet.debit(prov, {
      userId: p.user.id,
      gameSlug: 'dice',
      roundId: settled,
      transactionId: `${settled}:d`,
      amount: 10_00,
    });
    await wallet.credit(prov, {
      userId: p.user.id,
      gameSlug: 'dice',
      roundId: settled,
      transactionId: `${settled}:c`,
      amount: 10_00,
      roundClosed: true,
    });
    expect(await cashOf(t, p.user.id)).toBe(30_00);
    await expectNothing(debit({ roundId: settled }), 'ROUND_CLOSED');
    expect(await walletRound(t, settled)).toMatchObject({ status: 'settled', stake: 10_00 });

    // The player's status and breaks are read by the statement itself, never kept: a player
    // closed or on a break after their first rounds is refused at the next.
    await t.deps.db
      .updateTable('users')
      .set({ status: 'closed' })
      .where('id', '=', p.user.id)
      .execute();
    await expectNothing(debit(), 'PLAYER_BLOCKED');
    await t.deps.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', p.user.id)
      .execute();
    await startBreak(t, p.user.id);
    const onBreak = debit();
    const error = await onBreak.work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'PLAYER_BLOCKED' });
    expect((error as Error).message).toMatch(/taking a break/);
    expect(await remembered(onBreak.requestId)).toBe(false);
  });

  it('refuses an unknown player, game or round before anything moves', async () => {
    const p = await player(t, 30_00);
    const wallet = core();
    const prov = await provider();
    const roundId = newRound();
    const base = { gameSlug: 'dice', roundId, transactionId: `${roundId}:x`, amount: 10_00 };
    expect(await refusal(wallet.debit(prov, { ...base, userId: 987_654_321 }))).toBe(
      'UNKNOWN_PLAYER',
    );
    expect(
      await refusal(wallet.debit(prov, { ...base, userId: p.user.id, gameSlug: 'no-such' })),
    ).toBe('UNKNOWN_GAME');
    expect(
      await refusal(wallet.credit(prov, { ...base, userId: p.user.id, roundClosed: true })),
    ).toBe('UNKNOWN_ROUND');
    await expect(wallet.players.ofExternalId(randomUUID())).rejects.toMatchObject({
      code: 'UNKNOWN_PLAYER',
    });
    expect(await cashOf(t, p.user.id)).toBe(30_00);
  });

  it('answers a repeat with the first answer, refuses a changed repeat and a replayed request', async () => {
    const p = await player(t, 100_00);
    const wallet = core();
    const prov = await provider();
    const roundId = newRound();
    const debit = {
      userId: p.user.id,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}:d`,
      amount: 20_00,
    };
    const first = await wallet.debit(prov, { ...debit, requestId: randomUUID() });
    const again = await wallet.debit(prov, { ...debit, requestId: randomUUID() });
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ response: first.response, duplicate: true });
    expect(first.response).toMatchObject({ status: 'OK', roundId, balance: 80_00 });
    expect(await refusal(wallet.debit(prov, { ...debit, amount: 30_00 }))).toBe(
      'TRANSACTION_MISMATCH',
    );
    const requestId = randomUUID();
    const credit = {
      userId: p.user.id,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}:c`,
      amount: 50_00,
      roundClosed: true,
    };
    const paid = await wallet.credit(prov, { ...credit, requestId });
    expect(paid.response.balance).toBe(130_00);
    expect(await refusal(wallet.credit(prov, { ...credit, requestId }))).toBe('REPLAYED_REQUEST');
    expect(await wallet.credit(prov, credit)).toEqual({ response: paid.response, duplicate: true });
    expect(await refusal(wallet.credit(prov, { ...credit, amount: 0 }))).toBe(
      'TRANSACTION_MISMATCH',
    );
    expect(await cashOf(t, p.user.id)).toBe(130_00);
    expect(await walletRound(t, roundId)).toMatchObject({
      status: 'settled',
      stake: 20_00,
      win: 50_00,
    });
  });

  it('answers a repeated rollback with the first answer, refuses a changed one and a replayed request', async () => {
    const p = await player(t, 100_00);
    const wallet = core();
    const prov = await provider();
    const roundId = newRound();
    const base = { userId: p.user.id, gameSlug: 'dice', roundId };
    await wallet.debit(prov, { ...base, transactionId: `${roundId}:d1`, amount: 10_00 });
    await wallet.debit(prov, { ...base, transactionId: `${roundId}:d2`, amount: 15_00 });
    const requestId = randomUUID();
    const rollback = {
      userId: p.user.id,
      roundId,
      transactionId: `${roundId}:r`,
      referenceTransactionId: `${roundId}:d1`,
    };
    const first = await wallet.rollback(prov, { ...rollback, requestId });
    expect(first.duplicate).toBe(false);
    expect(first.response).toMatchObject({ status: 'OK', roundId, balance: 85_00 });
    expect(await refusal(wallet.rollback(prov, { ...rollback, requestId }))).toBe(
      'REPLAYED_REQUEST',
    );
    expect(await wallet.rollback(prov, { ...rollback, requestId: randomUUID() })).toEqual({
      response: first.response,
      duplicate: true,
    });
    // The same rollback id for the other debit is another call: refused, nothing moves.
    const changed = randomUUID();
    expect(
      await refusal(
        wallet.rollback(prov, {
          ...rollback,
          referenceTransactionId: `${roundId}:d2`,
          requestId: changed,
        }),
      ),
    ).toBe('TRANSACTION_MISMATCH');
    expect(await remembered(changed)).toBe(false);
    expect(await cashOf(t, p.user.id)).toBe(85_00);
    expect(await walletRound(t, roundId)).toMatchObject({ status: 'open', stake: 15_00 });
  });

  it("settles a round's stake, win and jackpot part in one posting, netted per account", async () => {
    const p = await player(t, 100_00);
    const wallet = core();
    const prov = await provider();
    const roundId = newRound();
    const base = { userId: p.user.id, gameSlug: 'dice', roundId };
    await wallet.debit(prov, { ...base, transactionId: `${roundId}:d1`, amount: 12_34 });
    await wallet.debit(prov, { ...base, transactionId: `${roundId}:d2`, amount: 33_33 });
    // A credit that does not close the round pays and moves no stake.
    const part = await wallet.credit(prov, {
      ...base,
      transactionId: `${roundId}:c1`,
      amount: 5_00,
      roundClosed: false,
    });
    expect(part.response.balance).toBe(100_00 - 45_67 + 5_00);
    // Closing with a win equal to the stake: the house's two movements cancel, so the
    // posting is the player's win and the stake out of bets in play only.
    const closed = await wallet.credit(prov, {
      ...base,
      transactionId: `${roundId}:c2`,
      amount: 45_67,
      roundClosed: true,
    });
    const entries = await t.deps.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.kind', 'a.user_id', 'e.amount'])
      .where('e.transaction_id', '=', Number(closed.response.walletTransactionId))
      .orderBy('e.id')
      .execute();
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['cash', 45_67],
      ['bets_in_play', -45_67],
    ]);
    const contribution = await t.deps.db
      .selectFrom('casino_jackpot_contributions')
      .select(['mini', 'major', 'mega'])
      .where('round_pk', '=', (await walletRound(t, roundId))!.id)
      .executeTakeFirstOrThrow();
    const parts = splitContribution(Math.floor((45_67 * JACKPOT_SHARE_BPS) / 10_000));
    expect(contribution).toEqual({ mini: parts.Mini, major: parts.Major, mega: parts.Mega });
    expect(await walletRound(t, roundId)).toMatchObject({
      status: 'settled',
      stake: 45_67,
      win: 50_67,
      jackpot_contribution: parts.Mini + parts.Major + parts.Mega,
      jackpot_win: 0,
    });
    expect(await cashOf(t, p.user.id)).toBe(100_00 + 5_00);
  });
});
