import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import {
  cashOf,
  debitBody,
  expectSeamError,
  newRound,
  player,
  seam,
  sign,
  useCasinoApp,
  walletRound,
  startBreak,
} from './casino-kit';
import { fundUser } from '../wallet/ledger-assertions';

let t: TestApp;
useCasinoApp((app) => (t = app));

describe('seamless game wallet over HTTP', () => {
  it('authenticates a bbJwt and answers the balance in cents', async () => {
    const p = await player(t, 250_00);
    const auth = await seam(t, 'authenticate', { token: p.bbJwt });
    expect(auth.statusCode, auth.body).toBe(200);
    expect(auth.json()).toEqual({
      status: 'OK',
      playerId: p.playerId,
      currency: 'KES',
      balance: 250_00,
      siteId: 2,
    });
    const balance = await seam(t, 'balance', { playerId: p.playerId });
    expect(balance.json()).toMatchObject({ status: 'OK', balance: 250_00, currency: 'KES' });
  });

  it('plays a round: debit, credit; the stake goes to the house and the win to the player', async () => {
    const p = await player(t, 100_00);
    const roundId = newRound();
    const debit = await seam(
      t,
      'debit',
      debitBody(p, roundId, { transactionId: `${roundId}-d1`, amount: 20_00 }),
    );
    expect(debit.statusCode, debit.body).toBe(200);
    expect(debit.json()).toMatchObject({ status: 'OK', balance: 80_00, roundId });
    expect(await walletRound(t, roundId)).toMatchObject({ status: 'open', stake: 20_00 });

    const credit = await seam(t, 'credit', {
      playerId: p.playerId,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}-c1`,
      amount: 39_60,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({ status: 'OK', balance: 119_60 });
    expect(await cashOf(t, p.user.id)).toBe(119_60);
    const round = await walletRound(t, roundId);
    expect(round).toMatchObject({ status: 'settled', stake: 20_00, win: 39_60 });
    expect(round?.closed_at).not.toBeNull();
    const txs = await t.deps.db
      .selectFrom('casino_transactions')
      .select(['kind', 'amount', 'transaction_id'])
      .where('round_pk', '=', round!.id)
      .orderBy('id')
      .execute();
    expect(txs).toEqual([
      { kind: 'debit', amount: 20_00, transaction_id: `${roundId}-d1` },
      { kind: 'credit', amount: 39_60, transaction_id: `${roundId}-c1` },
    ]);
  });

  it('answers a repeated debit, credit or rollback with the first answer and moves money once', async () => {
    const p = await player(t, 100_00);
    const roundId = newRound();
    const firstDebit = debitBody(p, roundId, { gameSlug: 'plinko' });
    const first = await seam(t, 'debit', firstDebit);
    const second = await seam(t, 'debit', firstDebit);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await cashOf(t, p.user.id)).toBe(90_00);

    const d2 = { ...firstDebit, transactionId: `${roundId}-d2`, amount: 15_00 };
    await seam(t, 'debit', d2);
    const rollbackBody = {
      playerId: p.playerId,
      roundId,
      transactionId: `${roundId}-r`,
      referenceTransactionId: `${roundId}-d2`,
    };
    const r1 = await seam(t, 'rollback', rollbackBody);
    const r2 = await seam(t, 'rollback', rollbackBody);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.json()).toEqual(r1.json());
    expect(await cashOf(t, p.user.id)).toBe(90_00);
    // Rolling the same debit back under another id moves nothing either.
    const r3 = await seam(t, 'rollback', { ...rollbackBody, transactionId: `${roundId}-r3` });
    expect(r3.statusCode).toBe(200);
    expect(await cashOf(t, p.user.id)).toBe(90_00);

    const creditBody = {
      playerId: p.playerId,
      gameSlug: 'plinko',
      roundId,
      transactionId: `${roundId}-c`,
      amount: 30_00,
    };
    const c1 = await seam(t, 'credit', creditBody);
    const c2 = await seam(t, 'credit', creditBody);
    expect(c2.json()).toEqual(c1.json());
    expect(await cashOf(t, p.user.id)).toBe(120_00);
    const ledger = await t.deps.db
      .selectFrom('ledger_transactions')
      .select(['kind'])
      .where('user_id', '=', p.user.id)
      .where('kind', 'like', '%casino%')
      .execute();
    expect(ledger.map((l) => l.kind).sort()).toEqual([
      'bet_casino',
      'bet_casino',
      'bet_casino_refund',
      'win_casino',
    ]);
    expect((await walletRound(t, roundId))?.stake).toBe(10_00);
  });

  it('rolls a lone debit back and closes the round as rolled back', async () => {
    const p = await player(t, 50_00);
    const roundId = newRound('mines');
    await seam(t, 'debit', debitBody(p, roundId, { gameSlug: 'mines', amount: 50_00 }));
    expect(await cashOf(t, p.user.id)).toBe(0);
    const res = await seam(t, 'rollback', {
      playerId: p.playerId,
      roundId,
      transactionId: `${roundId}-r`,
      referenceTransactionId: `${roundId}-d`,
    });
    expect(res.json()).toMatchObject({ status: 'OK', balance: 50_00 });
    expect(await walletRound(t, roundId)).toMatchObject({ status: 'rolled_back', stake: 0 });
  });

  it('refuses unsigned, wrongly signed, stale and replayed calls and moves nothing', async () => {
    const p = await player(t, 100_00);
    const roundId = newRound();
    const body = debitBody(p, roundId);
    expectSeamError(await seam(t, 'debit', body, { signature: null }), 401, 'INVALID_SIGNATURE');
    expectSeamError(
      await seam(t, 'debit', body, { secret: 'another-secret-of-some-length' }),
      401,
      'INVALID_SIGNATURE',
    );
    const now = Math.floor(Date.now() / 1000);
    expectSeamError(await seam(t, 'debit', body, { timestamp: now - 301 }), 401, 'STALE_REQUEST');
    expectSeamError(await seam(t, 'debit', body, { timestamp: now + 400 }), 401, 'STALE_REQUEST');
    // The body altered after signing.
    const raw = JSON.stringify({ requestId: 'req-tamper', ...body });
    const signature = sign(raw, now);
    const tampered = raw.replace('"amount":1000', '"amount":1');
    expectSeamError(
      await seam(t, 'debit', {}, { raw: tampered, signature, timestamp: now }),
      401,
      'INVALID_SIGNATURE',
    );
    // The very same signed request twice: the second is a replay.
    const once = JSON.stringify({ requestId: 'req-replay', ...body });
    expect((await seam(t, 'debit', {}, { raw: once, timestamp: now })).statusCode).toBe(200);
    expectSeamError(
      await seam(t, 'debit', {}, { raw: once, timestamp: now }),
      401,
      'REPLAYED_REQUEST',
    );
    expect(await cashOf(t, p.user.id)).toBe(90_00);
    expectSeamError(
      await seam(t, 'balance', { playerId: p.playerId }, { provider: 'dau-virtuals' }),
      404,
      'UNKNOWN_PROVIDER',
    );
    expectSeamError(
      await seam(t, 'balance', { playerId: p.playerId }, { provider: 'nobody' }),
      404,
      'UNKNOWN_PROVIDER',
    );
  });

  it('refuses a replay of a refused call too, though its money call rolled back', async () => {
    // A money call remembers its request inside its own transaction (decision 200); a refusal
    // rolls that back, so the seam remembers it after: the same signed bytes never run later.
    const p = await player(t, 5_00);
    const now = Math.floor(Date.now() / 1000);
    const broke = JSON.stringify({ requestId: 'req-broke', ...debitBody(p, newRound()) });
    const first = await seam(t, 'debit', {}, { raw: broke, timestamp: now });
    expectSeamError(first, 409, 'INSUFFICIENT_FUNDS');
    await fundUser(t.deps.db, p.user.id, 100_00);
    expectSeamError(
      await seam(t, 'debit', {}, { raw: broke, timestamp: now }),
      401,
      'REPLAYED_REQUEST',
    );
    // Refused by validation (after the signature check): remembered as well; its replay is
    // refused by the same validation before the money call would find it.
    const bad = JSON.stringify({ requestId: 'req-bad', ...debitBody(p, newRound()), amount: -1 });
    expectSeamError(await seam(t, 'debit', {}, { raw: bad, timestamp: now }), 400, 'BAD_REQUEST');
    expectSeamError(await seam(t, 'debit', {}, { raw: bad, timestamp: now }), 400, 'BAD_REQUEST');
    expect(await cashOf(t, p.user.id)).toBe(105_00);
    const remembered = await t.deps.db
      .selectFrom('casino_wallet_requests')
      .select('request_id')
      .where('request_id', 'in', ['req-broke', 'req-bad'])
      .execute();
    expect(remembered).toHaveLength(2);
  });

  it('answers the bad input of issue #13 with a 4xx in its own shape and changes no balance', async () => {
    const p = await player(t, 100_00);
    const other = await player(t, 100_00);
    const roundId = newRound();
    const debit = (over: Record<string, unknown>) =>
      seam(t, 'debit', { ...debitBody(p, roundId), ...over });
    expectSeamError(await debit({ amount: 9_99 }), 400, 'STAKE_OUT_OF_LIMITS');
    expectSeamError(await debit({ amount: 20_000_01 }), 400, 'STAKE_OUT_OF_LIMITS');
    expectSeamError(await debit({ amount: 10.5 }), 400, 'BAD_REQUEST');
    expectSeamError(await debit({ amount: -5 }), 400, 'BAD_REQUEST');
    expectSeamError(await debit({ gameSlug: 'no-such-game' }), 404, 'UNKNOWN_GAME');
    expectSeamError(await debit({ gameSlug: 'virtual-football' }), 404, 'UNKNOWN_GAME');
    expectSeamError(await debit({ token: 'not.a.token' }), 401, 'INVALID_TOKEN');
    expectSeamError(await debit({ token: other.bbJwt }), 401, 'INVALID_TOKEN');
    expectSeamError(await debit({ amount: 200_00 }), 409, 'INSUFFICIENT_FUNDS');
    expectSeamError(await seam(t, 'authenticate', { token: 'x.y.z' }), 401, 'INVALID_TOKEN');
    expectSeamError(await seam(t, 'balance', { playerId: 'nobody' }), 404, 'UNKNOWN_PLAYER');
    expectSeamError(await seam(t, 'debit', {}, { raw: '{"requestId":' }), 400, 'BAD_REQUEST');
    // A NUL character is refused by the app's input guard: a 400 in the seam's shape, not a 500.
    expectSeamError(await seam(t, 'balance', {}, { raw: '{"a":"\\u0000"}' }), 400, 'BAD_REQUEST');
    expectSeamError(await debit({ gameSlug: 'dice\u0000' }), 400, 'BAD_REQUEST');
    expect(await cashOf(t, p.user.id)).toBe(100_00);

    expect((await debit({})).statusCode).toBe(200);
    // A second debit with the same transaction id but another amount or round.
    expectSeamError(await debit({ amount: 11_00 }), 409, 'TRANSACTION_MISMATCH');
    expectSeamError(await debit({ roundId: newRound() }), 409, 'TRANSACTION_MISMATCH');
    // Another player's round.
    expectSeamError(
      await seam(t, 'debit', {
        playerId: other.playerId,
        token: other.bbJwt,
        gameSlug: 'dice',
        roundId,
        transactionId: `${roundId}-other`,
        amount: 10_00,
      }),
      409,
      'ROUND_MISMATCH',
    );
    const credit = (over: Record<string, unknown>) =>
      seam(t, 'credit', {
        playerId: p.playerId,
        gameSlug: 'dice',
        roundId,
        transactionId: `${roundId}-c`,
        amount: 0,
        ...over,
      });
    expectSeamError(await credit({ roundId: 'unknown-round' }), 404, 'UNKNOWN_ROUND');
    expectSeamError(await credit({ gameSlug: 'plinko' }), 409, 'ROUND_MISMATCH');
    const rollback = (over: Record<string, unknown>) =>
      seam(t, 'rollback', {
        playerId: p.playerId,
        roundId,
        transactionId: `${roundId}-r`,
        referenceTransactionId: 'never-sent',
        ...over,
      });
    expectSeamError(await rollback({}), 404, 'UNKNOWN_TRANSACTION');
    expect((await credit({})).statusCode).toBe(200);
    expectSeamError(
      await rollback({ referenceTransactionId: `${roundId}-c` }),
      409,
      'CANNOT_ROLLBACK',
    );
    expectSeamError(
      await rollback({ referenceTransactionId: `${roundId}-d` }),
      409,
      'ROUND_CLOSED',
    );
    // A bet on a finished round.
    expectSeamError(await debit({ transactionId: `${roundId}-late` }), 409, 'ROUND_CLOSED');
    expectSeamError(
      await credit({ transactionId: `${roundId}-c2`, amount: 5_00 }),
      409,
      'ROUND_CLOSED',
    );
    expect(await cashOf(t, p.user.id)).toBe(90_00);
  });

  it('refuses bets during a break or self-exclusion, but still pays and refunds', async () => {
    const p = await player(t, 100_00);
    const roundId = newRound();
    await seam(t, 'debit', debitBody(p, roundId));
    await startBreak(t, p.user.id);
    const blocked = await seam(
      t,
      'debit',
      debitBody(p, newRound(), { transactionId: `${roundId}-blocked` }),
    );
    expectSeamError(blocked, 403, 'PLAYER_BLOCKED');
    expect(blocked.json().message).toMatch(/taking a break/);
    const credit = await seam(t, 'credit', {
      playerId: p.playerId,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}-c`,
      amount: 19_80,
    });
    expect(credit.statusCode).toBe(200);
    expect(await cashOf(t, p.user.id)).toBe(109_80);
  });

  it('documents the seam in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const op of ['authenticate', 'balance', 'debit', 'credit', 'rollback', 'debit-credit']) {
      expect(doc.paths[`/api/games/wallet/{provider}/${op}`]?.post, op).toBeDefined();
    }
  });
});
