import { describe, expect, it } from 'vitest';
import {
  reconcilePayments,
  requestWithdrawal,
  withdrawEligibility,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser } from '../helpers/factories';
import { fundUser } from '../wallet/ledger-assertions';
import { eventually, phoneEnding, recordPlayedRound, usePaymentsApp } from './payments-test-kit';

const bed = usePaymentsApp({
  DARAJA_SANDBOX_DELAY_MS: '40',
  PAYMENTS_RECONCILE_INTERVAL_MS: '0',
  WITHDRAWAL_MAX_PER_24H: '3',
});

const withdraw = (cookies: { authBB: string }, phone: string, amount: number | string) =>
  bed.post('/api/payments/withdrawal/', cookies, {
    PhoneNumber: phone,
    Amount: amount,
    SiteId: 2,
    TimeStamp: new Date().toISOString(),
  });

async function withdrawals(userId: number) {
  return bed.t.deps.db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('direction', '=', 'withdrawal')
    .orderBy('id')
    .execute();
}

describe('withdrawal', () => {
  it('reserves at request time, pays out through B2C and pushes LeakyBucket', async () => {
    const u = await bed.signedIn('0000', 100_000);
    const res = await withdraw(u.cookies, u.phone, 500);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await withdrawals(u.user.id);
    expect(row?.amount).toBe(50_000);

    await eventually(() => u.socket.of('LeakyBucket').length > 0);
    expect(u.socket.of('LeakyBucket')).toEqual([
      {
        Type: 'Withdrawal/Withdrawal',
        Value: {
          CMSStatusMsg: { hasErrors: false, datasource_entries: [] },
          BBPaymentTransactionId: row?.public_id,
        },
      },
    ]);
    await eventually(async () => (await withdrawals(u.user.id))[0]?.status === 'completed');
    const b = await getBalances(bed.t.deps.db, u.user.id);
    expect(b.cash).toBe(50_000);
    expect(b.reserved).toBe(0);
    expect(u.socket.of('wallet')).toContainEqual({
      real: 500,
      bonus: 0,
      total: 500,
      reserved: 500,
    });
    await eventually(() => (u.socket.of('wallet').at(-1) as { reserved: number }).reserved === 0);
    expect(u.socket.of('wallet').at(-1)).toEqual({ real: 500, bonus: 0, total: 500, reserved: 0 });

    const list = await bed.t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions?type=withdrawal',
      cookies: u.cookies,
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        type: 'withdrawal',
        status: 'completed',
        amount: -500,
        runningBalance: 500,
        reference: row?.public_id,
      }),
    ]);

    // The second request inside 15 minutes is refused and reserves nothing.
    const second = await withdraw(u.cookies, u.phone, 100);
    expect(second.statusCode).toBe(429);
    expect(second.json().datasource_entries[0].dimension_value).toBe(
      'Only one withdrawal is allowed within a 15 minute period.',
    );
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(50_000);
    expect(await withdrawals(u.user.id)).toHaveLength(1);
  });

  it('releases the reservation exactly once when B2C fails, even if the result repeats', async () => {
    const u = await bed.signedIn('2001', 20_000);
    expect((await withdraw(u.cookies, u.phone, 150)).statusCode).toBe(204);
    const failed = await eventually(async () => {
      const [row] = await withdrawals(u.user.id);
      return row?.status === 'failed' ? row : null;
    });
    expect(failed.result_code).toBe(2001);
    // Daraja delivers the same failure again: nothing more may be released.
    const again = await fetch(bed.t.app.payments.callbackUrl('b2c-result'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Result: {
          ResultType: 0,
          ResultCode: 2001,
          ResultDesc: 'The initiator information is invalid.',
          OriginatorConversationID: failed.originator_conversation_id,
          ConversationID: failed.conversation_id,
          TransactionID: 'X',
        },
      }),
    });
    expect(again.status).toBe(200);
    const b = await getBalances(bed.t.deps.db, u.user.id);
    expect(b.cash).toBe(20_000);
    expect(b.reserved).toBe(0);
    const releases = await bed.t.deps.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'withdrawal_release')
      .where('user_id', '=', u.user.id)
      .execute();
    expect(releases).toHaveLength(1);
    // One line for the movement, with its final state: not "completed" plus a "failed" line.
    const list = await bed.t.app.inject({
      method: 'GET',
      url: '/api/core/customer/transactions',
      cookies: u.cookies,
    });
    expect(list.json()).toMatchObject({
      total: 2,
      items: [
        {
          type: 'withdrawal',
          status: 'failed',
          amount: -150,
          runningBalance: 200,
          reference: failed.public_id,
        },
        { type: 'bonus', status: 'completed', amount: 200 },
      ],
    });
    await eventually(() => u.socket.of('TransactionResult').length > 0);
    expect(u.socket.of('TransactionResult')).toEqual([
      {
        userMessage: 'Your withdrawal could not be paid out. The amount is back in your balance.',
        bbPaymentTransactionId: failed.public_id,
      },
    ]);
  });

  it('releases on a queue timeout, and reconciliation releases a payout that never answered', async () => {
    const u = await bed.signedIn('1037', 20_000);
    expect((await withdraw(u.cookies, u.phone, 100)).statusCode).toBe(204);
    await eventually(async () => (await withdrawals(u.user.id))[0]?.status === 'failed');
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(20_000);

    // A payout M-Pesa accepted but never answered: reconciliation releases it.
    const v = await bed.signedIn('0000', 20_000);
    const silent: PaymentsContext = {
      ...bed.t.app.payments,
      deps: {
        ...bed.t.deps,
        config: {
          ...bed.t.deps.config,
          payments: { ...bed.t.deps.config.payments, staleAfterMs: 1, b2cGiveUpMs: 60_000 },
        },
      },
      provider: {
        ...bed.t.app.payments.provider,
        stkQuery: bed.t.app.payments.provider.stkQuery.bind(bed.t.app.payments.provider),
        stkPush: bed.t.app.payments.provider.stkPush.bind(bed.t.app.payments.provider),
        transactionStatus: bed.t.app.payments.provider.transactionStatus.bind(
          bed.t.app.payments.provider,
        ),
        registerC2bUrls: async () => {},
        b2cPayment: async (r) => ({
          conversationId: `AG_silent_${r.originatorConversationId}`,
          originatorConversationId: r.originatorConversationId,
        }),
      },
      background: (task) => void task(),
    };
    await requestWithdrawal(
      silent,
      { userId: v.user.id, externalId: v.user.external_id, siteId: 2, sessionId: 0 },
      { phone: v.phone, amount: 120 },
    );
    await eventually(async () => (await withdrawals(v.user.id))[0]?.conversation_id);
    expect((await getBalances(bed.t.deps.db, v.user.id)).reserved).toBe(12_000);
    // Accepted by M-Pesa and only seconds old: the result may still come, so it stays reserved.
    const early = await reconcilePayments(silent);
    expect(early.stillPending).toBeGreaterThanOrEqual(1);
    expect((await withdrawals(v.user.id))[0]?.status).toBe('pending');
    silent.deps.config.payments.b2cGiveUpMs = 1;
    const summary = await reconcilePayments(silent);
    expect(summary.released).toBeGreaterThanOrEqual(1);
    expect((await withdrawals(v.user.id))[0]?.status).toBe('failed');
    const b = await getBalances(bed.t.deps.db, v.user.id);
    expect(b.cash).toBe(20_000);
    expect(b.reserved).toBe(0);
  });

  it('refuses amounts and phones that are not allowed, before reserving anything', async () => {
    const u = await bed.signedIn('0000', 5_000);
    const cases: [string | number, string, number][] = [
      [10.5, 'Whole numbers only, no decimals', 400],
      [5, 'The minimum withdrawal is KSh 10.00.', 400],
      [60, 'You can withdraw at most KSh 50.00, your cash balance.', 409],
      ['', 'Please enter an amount.', 400],
    ];
    for (const [amount, message, status] of cases) {
      const res = await withdraw(u.cookies, u.phone, amount);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().datasource_entries[0].dimension_value).toBe(message);
      const check = await bed.post('/api/payments/validateamount/', u.cookies, {
        WithdrawalAmount: amount,
      });
      expect(check.json().datasource_entries[0].dimension_value).toBe(message);
    }
    const other = await withdraw(u.cookies, phoneEnding('0000'), 20);
    expect(other.json().datasource_entries[0].dimension_value).toBe(
      'Withdrawals are paid to your registered mobile number only.',
    );
    expect(await withdrawals(u.user.id)).toHaveLength(0);
    const valid = await bed.post('/api/payments/v2/validateamount', u.cookies, {
      WithdrawalAmount: 50,
    });
    expect(valid.json()).toEqual({ cmsStatusMsg: { hasErrors: false, datasource_entries: [] } });
  });

  it('refuses a site-4 withdrawal until the user is compliant', async () => {
    // A Tigo number (065…): Dau has no mobile-money provider for Tigo (ADR 130).
    const phone = `+25565${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const tz = await createSignedInUser(bed.t.deps.db, { site_id: 4, phone });
    // TSh 10,000: Tanzania's withdrawal minimum is TSh 2,000 (site-limits.ts).
    await fundUser(bed.t.deps.db, tz.user.id, 1_000_000);
    await recordPlayedRound(bed.t, tz.user.id);
    const refused = await withdraw(tz.cookies, phone, 5_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().datasource_entries[0]).toMatchObject({
      value: 'COMPLIANCE_REQUIRED',
      dimension_value: 'Complete your profile to withdraw.',
    });
    expect(await withdrawals(tz.user.id)).toHaveLength(0);

    const compliance = await bed.post(
      '/api/core/customer/UpdateCustomerAdditionalInfo',
      tz.cookies,
      {
        siteId: 4,
        countryCode: 'tz',
        languageCode: 'en',
        firstName: 'Neema',
        lastName: 'Mushi',
        idNumber: '19900101-12345-12345-12',
      },
    );
    expect(compliance.statusCode).toBe(200);
    // Past the compliance gate, the number's network decides: no provider pays Tigo numbers,
    // so the request is a clear 400 and nothing is reserved or recorded.
    const noProvider = await withdraw(tz.cookies, phone, 5_000);
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json().datasource_entries[0]).toMatchObject({
      value: 'NETWORK_NOT_SUPPORTED',
      dimension_value: expect.stringContaining('Tigo'),
    });
    expect(await withdrawals(tz.user.id)).toHaveLength(0);
    expect((await getBalances(bed.t.deps.db, tz.user.id)).cash).toBe(1_000_000);
  });

  it('answers the eligibility checks from bets and casino rounds placed', async () => {
    const u = await bed.signedIn('0000', 1_000, false);
    for (const url of [
      '/api/core/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook?timeOffset=180',
      '/api/games-core/BetSlip/CheckIfUserCanWithdrawBalance',
    ]) {
      const res = await bed.post(url, u.cookies, { siteId: 2, minBetsCount: 1 });
      expect(res.json()).toEqual({
        fetchedObject: false,
        spResponse: 'You need to place at least 1 bet before you can withdraw.',
      });
      // The minimum is the server's: a client asking for 0 bets changes nothing.
      const none = await bed.post(url, u.cookies, { siteId: 2, minBetsCount: 0 });
      expect(none.json()).toEqual(res.json());
    }
    // A user who may not play (a break, self-exclusion) can always take their cash out.
    const onBreak: PaymentsContext = {
      ...bed.t.app.payments,
      gamblingGuard: {
        check: async ({ kind }) =>
          kind === 'deposit' ? { allowed: false, message: 'On a break.' } : { allowed: true },
      },
    };
    expect(await withdrawEligibility(onBreak, u.user.id, 'bets')).toEqual({
      fetchedObject: true,
      spResponse: '',
    });
  });

  it('refuses a withdrawal before the first bet or casino round, whatever the client asked', async () => {
    const u = await bed.signedIn('0000', 20_000, false);
    // A client that never asks WithdrawEligibility is refused by the withdrawal itself.
    const refused = await withdraw(u.cookies, u.phone, 50);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().datasource_entries[0]).toMatchObject({
      value: 'NOT_ENOUGH_BETS',
      dimension_value: 'You need to place at least 1 bet before you can withdraw.',
    });
    expect(await withdrawals(u.user.id)).toHaveLength(0);
    expect((await getBalances(bed.t.deps.db, u.user.id)).cash).toBe(20_000);
    // One casino round counts as a bet does.
    await recordPlayedRound(bed.t, u.user.id);
    expect((await withdraw(u.cookies, u.phone, 50)).statusCode).toBe(204);
    expect(await withdrawals(u.user.id)).toHaveLength(1);
  });
});
