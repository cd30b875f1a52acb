import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GameWalletCore } from '../../src/modules/casino/game-wallet.service';
import type { DebitCreditCall } from '../../src/modules/casino/game-wallet.types';
import { JACKPOT_SHARE_BPS, splitContribution } from '../../src/modules/casino/jackpot.service';
import { checkLedger } from '../../src/modules/wallet/ledger.service';
import type { TestApp } from '../helpers/test-app';
import {
  casinoOf,
  cashOf,
  debitBody,
  expectSeamError,
  inHouseProvider,
  newRound,
  player,
  refusalOf,
  requestRemembered,
  seam,
  startBreak,
  useCasinoApp,
  walletRound,
} from './casino-kit';

/**
 * A round staked and paid in one statement (`casino_debit_credit`, migrations 0876 and 0886,
 * docs/decisions/206 and 192): the same round, rows and jackpot part as a debit and a credit,
 * each under its own transaction id, and one netted posting; a repeat answers the first
 * answers; every refusal leaves nothing behind — no round, no stake, no money, not even the
 * signed request. Over the seam it
 * is one signed call (`debit-credit`), checked like every other.
 */
let t: TestApp;
useCasinoApp((app) => (t = app));

const core = (): GameWalletCore => casinoOf(t).core;

/** A debit-credit of 10.00 on dice for `userId`, paying `win`, unless told otherwise. */
function round(userId: number, over: Partial<DebitCreditCall> = {}, win = 19_60): DebitCreditCall {
  const roundId = over.roundId ?? newRound();
  return {
    userId,
    requestId: randomUUID(),
    gameSlug: 'dice',
    roundId,
    debit: { transactionId: `${roundId}:stake`, amount: 10_00 },
    credit: { transactionId: `${roundId}:win`, amount: win },
    ...over,
  };
}

async function ledgerEntries(transactionId: string) {
  return t.deps.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .select(['x.kind as posting', 'a.kind', 'e.amount'])
    .where('e.transaction_id', '=', Number(transactionId))
    .orderBy('e.id')
    .execute();
}

describe('a round staked and paid in one statement', () => {
  it('stores and posts what a debit and a credit would: round, calls, postings, jackpot part', async () => {
    const p = await player(t, 100_00);
    const prov = await inHouseProvider(t);
    const call = round(p.user.id, { details: { outcome: { roll: 1234 } } });
    const played = await core().debitCredit(prov, call);
    expect(played.duplicate).toBe(false);
    expect(played.debit).toMatchObject({
      status: 'OK',
      roundId: call.roundId,
      transactionId: call.debit.transactionId,
      balance: 90_00,
    });
    expect(played.credit).toMatchObject({
      status: 'OK',
      roundId: call.roundId,
      transactionId: call.credit.transactionId,
      balance: 109_60,
    });
    expect(await cashOf(t, p.user.id)).toBe(109_60);
    const row = await walletRound(t, call.roundId);
    expect(row).toMatchObject({
      status: 'settled',
      stake: 10_00,
      win: 19_60,
      planned_win: 19_60,
      details: { outcome: { roll: 1234 } },
    });
    expect(row?.closed_at).not.toBeNull();
    const calls = await t.deps.db
      .selectFrom('casino_transactions')
      .select(['kind', 'amount', 'transaction_id'])
      .where('round_pk', '=', row!.id)
      .orderBy('id')
      .execute();
    expect(calls).toEqual([
      { kind: 'debit', amount: 10_00, transaction_id: call.debit.transactionId },
      { kind: 'credit', amount: 19_60, transaction_id: call.credit.transactionId },
    ]);
    // One posting (ADR 192): the stake and the win netted per account, straight between the
    // player's cash and the house (the round is never open, so nothing sits in bets in play);
    // both calls name it, and its meta carries both ids, the stake and the win.
    expect(played.credit.walletTransactionId).toBe(played.debit.walletTransactionId);
    expect(await ledgerEntries(played.debit.walletTransactionId)).toEqual([
      { posting: 'win_casino_round', kind: 'cash', amount: 9_60 },
      { posting: 'win_casino_round', kind: 'house', amount: -9_60 },
    ]);
    const posting = await t.deps.db
      .selectFrom('ledger_transactions')
      .select(['meta', 'user_id'])
      .where('id', '=', Number(played.debit.walletTransactionId))
      .executeTakeFirstOrThrow();
    expect(posting).toMatchObject({
      user_id: p.user.id,
      meta: {
        roundId: call.roundId,
        transactionId: call.debit.transactionId,
        creditTransactionId: call.credit.transactionId,
        stake: 10_00,
        win: 19_60,
      },
    });
    const contribution = await t.deps.db
      .selectFrom('casino_jackpot_contributions')
      .select(['mini', 'major', 'mega'])
      .where('round_pk', '=', row!.id)
      .executeTakeFirstOrThrow();
    const parts = splitContribution(Math.floor((10_00 * JACKPOT_SHARE_BPS) / 10_000));
    expect(contribution).toEqual({ mini: parts.Mini, major: parts.Major, mega: parts.Mega });

    // A lost round: the stake goes to the house, nothing to the player.
    const lost = round(p.user.id, {}, 0);
    const lostPlayed = await core().debitCredit(prov, lost);
    expect(lostPlayed.debit.balance).toBe(99_60);
    expect(lostPlayed.credit.balance).toBe(99_60);
    expect(await walletRound(t, lost.roundId)).toMatchObject({ status: 'settled', win: 0 });
    expect(await ledgerEntries(lostPlayed.debit.walletTransactionId)).toEqual([
      { posting: 'bet_casino_round', kind: 'cash', amount: -10_00 },
      { posting: 'bet_casino_round', kind: 'house', amount: 10_00 },
    ]);
    // The win equals the stake: no money moves, so no posting; the calls name the round.
    const push = round(p.user.id, {}, 10_00);
    const pushPlayed = await core().debitCredit(prov, push);
    expect(pushPlayed.debit.balance).toBe(89_60);
    expect(pushPlayed.credit.balance).toBe(99_60);
    const pushRow = await walletRound(t, push.roundId);
    expect(pushRow).toMatchObject({ status: 'settled', stake: 10_00, win: 10_00 });
    expect(pushPlayed.credit.walletTransactionId).toBe(`round-${pushRow!.id}`);
    expect(await cashOf(t, p.user.id)).toBe(99_60);
    expect((await checkLedger(t.deps.db)).ok).toBe(true);
  });

  it('answers a repeat with the first answers, refuses a replayed request and a changed repeat', async () => {
    const p = await player(t, 100_00);
    const prov = await inHouseProvider(t);
    const call = round(p.user.id);
    const first = await core().debitCredit(prov, call);
    expect(await refusalOf(core().debitCredit(prov, call))).toBe('REPLAYED_REQUEST');
    const again = await core().debitCredit(prov, { ...call, requestId: randomUUID() });
    expect(again).toEqual({ ...first, duplicate: true });
    // Either id used before for another call: refused, naming that id, and nothing moves.
    const changedDebit = {
      ...call,
      requestId: randomUUID(),
      debit: { ...call.debit, amount: 20_00 },
    };
    const debitRefused = await core()
      .debitCredit(prov, changedDebit)
      .catch((e: unknown) => e);
    expect(debitRefused).toMatchObject({ code: 'TRANSACTION_MISMATCH' });
    expect((debitRefused as Error).message).toContain(call.debit.transactionId);
    const other = round(p.user.id, {
      credit: { transactionId: call.credit.transactionId, amount: 19_60 },
    });
    const creditRefused = await core()
      .debitCredit(prov, other)
      .catch((e: unknown) => e);
    expect(creditRefused).toMatchObject({ code: 'TRANSACTION_MISMATCH' });
    expect((creditRefused as Error).message).toContain(call.credit.transactionId);
    expect(await requestRemembered(t, other.requestId!)).toBe(false);
    expect(await walletRound(t, other.roundId)).toBeUndefined();
    const sameIds = round(p.user.id);
    expect(
      await refusalOf(
        core().debitCredit(prov, { ...sameIds, credit: { ...sameIds.debit, amount: 0 } }),
      ),
    ).toBe('BAD_REQUEST');
    expect(await cashOf(t, p.user.id)).toBe(109_60);
  });

  it('refuses each stake a debit refuses, and leaves no round, stake, money or request', async () => {
    const p = await player(t, 30_00);
    const other = await player(t, 30_00);
    const prov = await inHouseProvider(t);
    const expectNothing = async (call: DebitCreditCall, code: string) => {
      expect(await refusalOf(core().debitCredit(prov, call))).toBe(code);
      expect(await requestRemembered(t, call.requestId!)).toBe(false);
      expect(await cashOf(t, p.user.id)).toBe(30_00);
    };
    const stake = (amount: number) => {
      const call = round(p.user.id);
      return { ...call, debit: { ...call.debit, amount } };
    };
    const low = stake(5_00);
    await expectNothing(low, 'STAKE_OUT_OF_LIMITS');
    expect(await walletRound(t, low.roundId)).toBeUndefined();
    await expectNothing(stake(100_000_000_00), 'STAKE_OUT_OF_LIMITS');
    const broke = stake(40_00);
    await expectNothing(broke, 'INSUFFICIENT_FUNDS');
    expect(await walletRound(t, broke.roundId)).toBeUndefined();
    await expectNothing(round(p.user.id, { gameSlug: 'no-such-game' }), 'UNKNOWN_GAME');

    // Another player's open round, and a round of this player's already settled.
    const theirs = round(other.user.id);
    await core().debit(prov, { ...theirs, ...theirs.debit });
    const own = (roundId: string) =>
      round(p.user.id, {
        roundId,
        debit: { transactionId: `${roundId}:mine`, amount: 10_00 },
        credit: { transactionId: `${roundId}:mine-win`, amount: 0 },
      });
    await expectNothing(own(theirs.roundId), 'ROUND_MISMATCH');
    expect((await walletRound(t, theirs.roundId))?.stake).toBe(10_00);
    const settled = round(p.user.id, {}, 10_00);
    await core().debitCredit(prov, settled);
    await expectNothing(own(settled.roundId), 'ROUND_CLOSED');
    expect(await walletRound(t, settled.roundId)).toMatchObject({
      status: 'settled',
      stake: 10_00,
    });

    await t.deps.db
      .updateTable('users')
      .set({ status: 'closed' })
      .where('id', '=', p.user.id)
      .execute();
    await expectNothing(round(p.user.id), 'PLAYER_BLOCKED');
    await t.deps.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', p.user.id)
      .execute();
    await startBreak(t, p.user.id);
    const onBreak = round(p.user.id);
    const error = await core()
      .debitCredit(prov, onBreak)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PLAYER_BLOCKED' });
    expect((error as Error).message).toMatch(/taking a break/);
    expect(await requestRemembered(t, onBreak.requestId!)).toBe(false);
  });

  it('pays a round debited before by its own call, and moves the stake once', async () => {
    const p = await player(t, 100_00);
    const prov = await inHouseProvider(t);
    const call = round(p.user.id);
    await core().debit(prov, { ...call, ...call.debit });
    const paid = await core().debitCredit(prov, { ...call, requestId: randomUUID() });
    expect(paid.duplicate).toBe(false);
    expect(paid.credit.balance).toBe(109_60);
    expect(await walletRound(t, call.roundId)).toMatchObject({ status: 'settled', stake: 10_00 });
  });

  it('posts once when the same round arrives many times at once', async () => {
    const p = await player(t, 100_00);
    const prov = await inHouseProvider(t);
    const call = round(p.user.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        core().debitCredit(prov, { ...call, requestId: randomUUID() }),
      ),
    );
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    for (const answer of answers) {
      expect({ debit: answer.debit, credit: answer.credit }).toEqual({
        debit: answers[0]!.debit,
        credit: answers[0]!.credit,
      });
    }
    expect(await cashOf(t, p.user.id)).toBe(109_60);
  });
});

describe("the seam's debit-credit call", () => {
  it('plays a round in one signed debit-credit call, and answers a repeat word for word', async () => {
    const p = await player(t, 100_00);
    const other = await player(t, 100_00);
    const roundId = newRound();
    const body = {
      playerId: p.playerId,
      token: p.bbJwt,
      gameSlug: 'dice',
      roundId,
      debitTransactionId: `${roundId}-d`,
      debitAmount: 10_00,
      creditTransactionId: `${roundId}-c`,
      creditAmount: 19_60,
    };
    const first = await seam(t, 'debit-credit', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      status: 'OK',
      playerId: p.playerId,
      currency: 'KES',
      balance: 109_60,
      roundId,
      debit: { transactionId: `${roundId}-d`, walletTransactionId: expect.any(String) },
      credit: { transactionId: `${roundId}-c`, walletTransactionId: expect.any(String) },
    });
    expect(await walletRound(t, roundId)).toMatchObject({ status: 'settled', win: 19_60 });
    const again = await seam(t, 'debit-credit', body);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    // Its debit, asked alone, answers the debit's own stored answer.
    const debit = await seam(
      t,
      'debit',
      debitBody(p, roundId, { transactionId: `${roundId}-d`, amount: 10_00 }),
    );
    expect(debit.json()).toMatchObject({
      balance: 90_00,
      walletTransactionId: first.json().debit.walletTransactionId,
    });
    expect(await cashOf(t, p.user.id)).toBe(109_60);

    // Signed like every call: unsigned, stale or replayed calls are refused.
    const fresh = { ...body, roundId: newRound() };
    const call = (over: Record<string, unknown>) =>
      seam(t, 'debit-credit', {
        ...fresh,
        debitTransactionId: `${fresh.roundId}-d`,
        creditTransactionId: `${fresh.roundId}-c`,
        ...over,
      });
    expectSeamError(
      await seam(t, 'debit-credit', fresh, { signature: null }),
      401,
      'INVALID_SIGNATURE',
    );
    const now = Math.floor(Date.now() / 1000);
    expectSeamError(
      await seam(t, 'debit-credit', fresh, { timestamp: now - 301 }),
      401,
      'STALE_REQUEST',
    );
    const once = JSON.stringify({ requestId: 'req-round-replay', ...body });
    expect((await seam(t, 'debit-credit', {}, { raw: once, timestamp: now })).body).toBe(
      first.body,
    );
    expectSeamError(
      await seam(t, 'debit-credit', {}, { raw: once, timestamp: now }),
      401,
      'REPLAYED_REQUEST',
    );
    // Bad input: a clear 4xx in the seam's shape, and no balance changes.
    expectSeamError(await call({ creditTransactionId: `${fresh.roundId}-d` }), 400, 'BAD_REQUEST');
    expectSeamError(await call({ creditAmount: -1 }), 400, 'BAD_REQUEST');
    expectSeamError(await call({ debitAmount: 0 }), 400, 'BAD_REQUEST');
    expectSeamError(await call({ debitAmount: 9_99 }), 400, 'STAKE_OUT_OF_LIMITS');
    expectSeamError(await call({ token: other.bbJwt }), 401, 'INVALID_TOKEN');
    expectSeamError(await call({ debitAmount: 500_00 }), 409, 'INSUFFICIENT_FUNDS');
    expectSeamError(
      await call({ creditTransactionId: `${roundId}-c` }),
      409,
      'TRANSACTION_MISMATCH',
    );
    expect(await walletRound(t, fresh.roundId)).toBeUndefined();
    expect(await cashOf(t, p.user.id)).toBe(109_60);
  });
});
