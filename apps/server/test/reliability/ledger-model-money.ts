/**
 * Money commands of the model-based ledger test: M-Pesa deposits with duplicated, late and
 * missing callbacks, expiry, withdrawals that are paid or fail, and casino rounds through the
 * seamless game wallet.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  reconcilePayments,
  type PaymentsContext,
} from '../../src/modules/payments/payments.service';
import { seam } from '../casino/casino-kit';
import { eventually } from '../payments/payments-test-kit';
import {
  bed,
  cents,
  checkInvariants,
  counted,
  post,
  type Command,
  type Model,
  type Real,
} from './ledger-model-kit';
export class StartDeposit implements Command {
  constructor(
    readonly user: number,
    readonly amount: number,
    readonly fate: 'success' | 'cancel',
  ) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    counted('StartDeposit');
    const u = r.users[this.user]!;
    const res = await post('/api/payments/deposit/', u.cookies, {
      PhoneNumber: u.user.phone,
      Amount: this.amount,
      SiteId: 2,
      CurrencyCode: 'KES',
      TimeStamp: Date.now(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const publicId = res.json().bbPaymentTransactionId as string;
    const row = await bed.t.deps.db
      .selectFrom('payments')
      .select(['checkout_request_id', 'merchant_request_id'])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    m.deposits.push({
      publicId,
      user: this.user,
      amount: this.amount,
      fate: this.fate,
      state: 'pending',
      checkout: row.checkout_request_id!,
      merchant: row.merchant_request_id!,
    });
    await checkInvariants(m, r);
  }
  toString() {
    return `StartDeposit(u${this.user}, ${this.amount}, ${this.fate})`;
  }
}

export class DepositCallback implements Command {
  constructor(
    readonly index: number,
    readonly times: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.deposits.length > 0;
  }
  async run(m: Model, r: Real) {
    counted('DepositCallback');
    const d = m.deposits[this.index % m.deposits.length]!;
    const success = d.fate === 'success';
    const callback = {
      Body: {
        stkCallback: {
          MerchantRequestID: d.merchant,
          CheckoutRequestID: d.checkout,
          ResultCode: success ? 0 : 1032,
          ResultDesc: success
            ? 'The service request is processed successfully.'
            : 'Request cancelled by user',
          ...(success
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: d.amount },
                    { Name: 'MpesaReceiptNumber', Value: `R${d.checkout.slice(-9)}`.toUpperCase() },
                    { Name: 'PhoneNumber', Value: Number(r.users[d.user]!.user.phone.slice(1)) },
                  ],
                },
              }
            : {}),
        },
      },
    };
    for (let i = 0; i < this.times; i += 1) {
      const ack = await post(bed.callbackPath('stk'), undefined, callback);
      expect(ack.statusCode, ack.body).toBe(200);
    }
    if (success && (d.state === 'pending' || d.state === 'expired')) {
      // A success that comes after the expiry is still credited, once (ADR 133).
      m.cash[d.user]! += cents(d.amount);
      d.state = 'completed';
    } else if (!success && d.state === 'pending') {
      d.state = 'failed';
    }
    await checkInvariants(m, r);
  }
  toString() {
    return `DepositCallback(#${this.index}, ×${this.times})`;
  }
}

export class ExpireDeposits implements Command {
  check(m: Readonly<Model>) {
    return m.deposits.some((d) => d.state === 'pending');
  }
  async run(m: Model, r: Real) {
    counted('ExpireDeposits');
    const ctx: PaymentsContext = bed.t.app.payments;
    const payments = { ...ctx.deps.config.payments, depositExpireMs: 1 };
    await reconcilePayments({
      ...ctx,
      deps: { ...ctx.deps, config: { ...ctx.deps.config, payments } },
    });
    for (const d of m.deposits) if (d.state === 'pending') d.state = 'expired';
    await checkInvariants(m, r);
  }
  toString() {
    return 'ExpireDeposits';
  }
}

export class Withdraw implements Command {
  constructor(
    readonly user: number,
    readonly amount: number,
    readonly fate: 'success' | 'failure',
    readonly duplicated: boolean,
  ) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    counted('Withdraw');
    const u = r.users[this.user]!;
    const res = await post('/api/payments/withdrawal/', u.cookies, {
      PhoneNumber: u.user.phone,
      Amount: this.amount,
      SiteId: 2,
      TimeStamp: new Date().toISOString(),
    });
    if (cents(this.amount) > m.cash[this.user]!) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      await checkInvariants(m, r);
      return;
    }
    expect(res.statusCode, res.body).toBe(204);
    m.cash[this.user]! -= cents(this.amount);
    m.reserved[this.user]! += cents(this.amount);
    await checkInvariants(m, r);
    // The payout request goes to M-Pesa in the background; its ids are known once accepted.
    const row = await eventually(() =>
      bed.t.deps.db
        .selectFrom('payments')
        .select(['originator_conversation_id', 'conversation_id'])
        .where('user_id', '=', u.user.id)
        .where('direction', '=', 'withdrawal')
        .where('conversation_id', 'is not', null)
        .where('status', '=', 'pending')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    const ok = this.fate === 'success';
    const transactionId = `T${randomUUID().replace(/-/g, '').slice(0, 9)}`.toUpperCase();
    const result = {
      Result: {
        ResultType: 0,
        ResultCode: ok ? 0 : 2001,
        ResultDesc: ok
          ? 'The service request is processed successfully.'
          : 'The initiator information is invalid.',
        OriginatorConversationID: row.originator_conversation_id,
        ConversationID: row.conversation_id,
        TransactionID: transactionId,
        ...(ok
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'TransactionAmount', Value: this.amount },
                  { Key: 'TransactionReceipt', Value: transactionId },
                ],
              },
            }
          : {}),
      },
    };
    for (let i = 0; i < (this.duplicated ? 2 : 1); i += 1) {
      const ack = await post(bed.callbackPath('b2c-result'), undefined, result);
      expect(ack.statusCode, ack.body).toBe(200);
    }
    m.reserved[this.user]! -= cents(this.amount);
    if (!ok) m.cash[this.user]! += cents(this.amount);
    await checkInvariants(m, r);
  }
  toString() {
    return `Withdraw(u${this.user}, ${this.amount}, ${this.fate}${this.duplicated ? ', twice' : ''})`;
  }
}

export class CasinoRound implements Command {
  constructor(
    readonly user: number,
    readonly stake: number,
    /** `one-call`: staked and paid (`win`) in one debit-credit call (ADR 206). */
    readonly end: 'win' | 'loss' | 'rollback' | 'one-call',
    readonly win: number,
    readonly repeat: boolean,
  ) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    counted('CasinoRound');
    const u = r.users[this.user]!;
    const roundId = `dice-${randomUUID()}`;
    if (this.end === 'one-call') {
      const body = {
        playerId: u.playerId,
        token: u.bbJwt,
        gameSlug: 'dice',
        roundId,
        debitTransactionId: `${roundId}-d`,
        debitAmount: this.stake,
        creditTransactionId: `${roundId}-c`,
        creditAmount: this.win,
      };
      const round = await seam(bed.t, 'debit-credit', body);
      if (this.stake > m.cash[this.user]!) {
        expect(round.statusCode, round.body).toBe(409);
      } else {
        expect(round.statusCode, round.body).toBe(200);
        if (this.repeat) expect((await seam(bed.t, 'debit-credit', body)).body).toBe(round.body);
        m.cash[this.user]! += this.win - this.stake;
      }
      await checkInvariants(m, r);
      return;
    }
    const debitBody = {
      playerId: u.playerId,
      token: u.bbJwt,
      gameSlug: 'dice',
      roundId,
      transactionId: `${roundId}-d`,
      amount: this.stake,
    };
    const debit = await seam(bed.t, 'debit', debitBody);
    if (this.stake > m.cash[this.user]!) {
      expect(debit.statusCode, debit.body).toBe(409);
      await checkInvariants(m, r);
      return;
    }
    expect(debit.statusCode, debit.body).toBe(200);
    m.cash[this.user]! -= this.stake;
    // A provider retrying the debit (same transaction) moves no more money.
    if (this.repeat) expect((await seam(bed.t, 'debit', debitBody)).statusCode).toBe(200);
    await checkInvariants(m, r);
    if (this.end === 'rollback') {
      const body = {
        playerId: u.playerId,
        roundId,
        transactionId: `${roundId}-r`,
        referenceTransactionId: `${roundId}-d`,
      };
      expect((await seam(bed.t, 'rollback', body)).statusCode).toBe(200);
      if (this.repeat) expect((await seam(bed.t, 'rollback', body)).statusCode).toBe(200);
      m.cash[this.user]! += this.stake;
    } else {
      const amount = this.end === 'win' ? this.win : 0;
      const body = {
        playerId: u.playerId,
        gameSlug: 'dice',
        roundId,
        transactionId: `${roundId}-c`,
        amount,
      };
      expect((await seam(bed.t, 'credit', body)).statusCode).toBe(200);
      if (this.repeat) expect((await seam(bed.t, 'credit', body)).statusCode).toBe(200);
      m.cash[this.user]! += amount;
    }
    await checkInvariants(m, r);
  }
  toString() {
    return `CasinoRound(u${this.user}, ${this.stake}, ${this.end}${this.end === 'win' ? ` ${this.win}` : ''}${this.repeat ? ', repeated' : ''})`;
  }
}
