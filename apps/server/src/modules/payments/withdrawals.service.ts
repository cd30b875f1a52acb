import { ELIGIBILITY_MIN_BETS_COUNT } from '@dau/domain/constants';
import { WITHDRAWAL_DAILY_LIMIT_REACHED, WITHDRAWAL_FREQUENCY_LIMIT } from '@dau/domain/messages';
import type { Cents } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';
import { withdrawalTax } from '@dau/domain/tax-policy';
import { validateWithdrawalAmount } from '@dau/domain/validation';
import type { SessionUser } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { isUserCompliant } from '../accounts/compliance';
import { postTransaction } from '../wallet/ledger.service';
import { getBalances, publishBalances } from '../wallet/wallet.service';
import { parsePhone, routePayment } from './deposits.service';
import type { MobileMoneyOperator, OperatorOutcome } from './mobile-money.operator';
import { MobileMoneyError } from './mobile-money.provider';
import {
  DAY_MS,
  badInput,
  darajaPhone,
  guard,
  inTransaction,
  policyFor,
  publicId,
  siteOf,
  type PaymentsContext,
} from './payments.context';
import { operatorFailureMessage, paymentMessages } from './payments.messages';
import {
  countRowsForUser,
  insertPayment,
  lockUser,
  setConversationId,
  withdrawalsSince,
} from './payments.repository';
import { completeWithdrawal, failWithdrawal } from './payments.settlement';
import type { Payment } from './payments.tables';

export async function withdrawalNumberData(ctx: PaymentsContext, userId: number) {
  const { withdrawalMaxPer24h } = ctx.deps.config.payments;
  const { count } = await withdrawalsSince(
    ctx.deps.db,
    userId,
    new Date(ctx.deps.now().getTime() - DAY_MS),
  );
  return {
    isDisableWithdrawButton: count >= withdrawalMaxPer24h,
    withdrawalsInPeriod: count,
    maxWithdrawalsInPeriod: withdrawalMaxPer24h,
  };
}

/** Min, max, whole number and available cash (doc 1 §5: the server's amount rules). */
export async function checkWithdrawalAmount(
  ctx: PaymentsContext,
  userId: number,
  site: SiteConfig,
  input: unknown,
): Promise<Cents> {
  const validation = validateWithdrawalAmount(
    typeof input === 'number' || typeof input === 'string' ? input : null,
    site.currencyCode,
  );
  if (!validation.ok) {
    if (validation.code === 'required')
      throw badInput('AMOUNT_REQUIRED', paymentMessages.amountRequired, 'WithdrawalAmount');
    if (validation.code === 'not-whole-number') {
      throw badInput(
        'AMOUNT_NOT_WHOLE',
        validation.message ?? paymentMessages.amountInvalid,
        'WithdrawalAmount',
      );
    }
    throw badInput('AMOUNT_INVALID', paymentMessages.amountInvalid, 'WithdrawalAmount');
  }
  const amount = validation.value;
  // The site's own limits, in its currency (ADR 140).
  const { withdrawalMin: min, withdrawalMax: max } = ctx.deps.config.limits[site.siteId];
  if (amount < min)
    throw badInput(
      'AMOUNT_BELOW_MINIMUM',
      paymentMessages.withdrawalBelowMinimum(min, site),
      'WithdrawalAmount',
    );
  if (amount > max)
    throw badInput(
      'AMOUNT_ABOVE_MAXIMUM',
      paymentMessages.withdrawalAboveMaximum(max, site),
      'WithdrawalAmount',
    );
  const { cash } = await getBalances(ctx.deps.db, userId);
  if (amount > cash) {
    throw new AppError('CONFLICT', [
      {
        code: 'INSUFFICIENT_FUNDS',
        message: paymentMessages.withdrawalAboveBalance(cash, site),
        name: 'WithdrawalAmount',
      },
    ]);
  }
  return amount;
}

/**
 * Whether the user may withdraw: the server's minimum of bets (or casino rounds) placed,
 * ELIGIBILITY_MIN_BETS_COUNT, never the client's `minBetsCount`. A user who may not play at all
 * (a break, a time-out, self-exclusion: the gambling guard refuses their deposits) can always
 * take their cash out, bets or not. `sources` are the tables whose rows count together.
 */
async function placedEnoughBets(
  ctx: PaymentsContext,
  userId: number,
  sources: readonly ('bets' | 'casino_rounds')[],
): Promise<boolean> {
  const restricted = !(
    await ctx.gamblingGuard.check({ userId, kind: 'deposit', amount: 0 as Cents })
  ).allowed;
  if (restricted) return true;
  let count = 0;
  for (const source of sources) {
    if (count >= ELIGIBILITY_MIN_BETS_COUNT) break;
    count += await countRowsForUser(ctx.deps.db, source, userId, ELIGIBILITY_MIN_BETS_COUNT);
  }
  return count >= ELIGIBILITY_MIN_BETS_COUNT;
}

/** `WithdrawEligibility`: the check the withdrawal form asks for one source. */
export async function withdrawEligibility(
  ctx: PaymentsContext,
  userId: number,
  source: 'bets' | 'casino_rounds',
) {
  const eligible = await placedEnoughBets(ctx, userId, [source]);
  return {
    fetchedObject: eligible,
    spResponse: eligible ? '' : paymentMessages.notEnoughBets(ELIGIBILITY_MIN_BETS_COUNT),
  };
}

export async function requestWithdrawal(
  ctx: PaymentsContext,
  user: SessionUser,
  input: {
    phone: unknown;
    amount: unknown;
    merchantReference?: string | null | undefined;
    provider?: unknown;
    /** The request's language (`requestLanguage`): the withdrawal's pushes come in it. */
    language?: string | null;
  },
): Promise<{ publicId: string }> {
  const { deps } = ctx;
  const { payments } = deps.config;
  const site = siteOf(user.siteId);
  const amount = await checkWithdrawalAmount(ctx, user.userId, site, input.amount);
  await guard(ctx, user.userId, 'withdrawal', amount);
  // The form asks WithdrawEligibility first, but the rule is the server's: a client that skips
  // the question is refused here. Sports bets and casino rounds both count.
  if (!(await placedEnoughBets(ctx, user.userId, ['bets', 'casino_rounds']))) {
    throw new AppError('FORBIDDEN', [
      {
        code: 'NOT_ENOUGH_BETS',
        message: paymentMessages.notEnoughBets(ELIGIBILITY_MIN_BETS_COUNT),
      },
    ]);
  }
  // Site 4: the compliance flag gates withdrawals (doc 1 §2, §6); the form is only the mirror.
  if (
    site.features.complianceGatesWithdrawal &&
    !(await isUserCompliant(deps.db, user.userId, site.siteId))
  ) {
    throw new AppError('FORBIDDEN', [
      { code: 'COMPLIANCE_REQUIRED', message: paymentMessages.complianceRequired },
    ]);
  }

  const { payment, operator } = await inTransaction(deps, async (tx, after) => {
    // One withdrawal request per user at a time: the limits below are then race-free.
    const owner = await lockUser(tx, user.userId);
    if (!owner) throw new AppError('UNAUTHENTICATED');
    const phone =
      typeof input.phone === 'string' && input.phone.trim() !== ''
        ? parsePhone(input.phone, site.siteId)
        : owner.phone;
    if (phone !== owner.phone)
      throw badInput('PHONE_NOT_OWN', paymentMessages.withdrawalOwnPhoneOnly, 'PhoneNumber');
    // Which provider pays this number: a 4xx (or 503) before anything is reserved.
    const route = routePayment(ctx, phone, site, input.provider, 'PhoneNumber');
    const operator = 'operator' in route ? route.operator : null;

    const now = deps.now();
    const day = await withdrawalsSince(tx, user.userId, new Date(now.getTime() - DAY_MS));
    if (day.count >= payments.withdrawalMaxPer24h) {
      throw new AppError('RATE_LIMITED', [
        { code: 'WITHDRAWAL_DAILY_LIMIT', message: WITHDRAWAL_DAILY_LIMIT_REACHED },
      ]);
    }
    if (day.latest && now.getTime() - day.latest.getTime() < payments.withdrawalMinIntervalMs) {
      throw new AppError('RATE_LIMITED', [
        { code: 'WITHDRAWAL_FREQUENCY', message: WITHDRAWAL_FREQUENCY_LIMIT },
      ]);
    }

    const id = publicId('WD');
    const { tax } = withdrawalTax(amount, policyFor(deps, user.siteId));
    const row = await insertPayment(tx, {
      publicId: id,
      userId: user.userId,
      siteId: user.siteId,
      direction: 'withdrawal',
      channel: 'b2c',
      amount,
      tax,
      phone,
      merchantReference: input.merchantReference ?? null,
      language: input.language ?? null,
      ...(operator
        ? { provider: operator.provider, providerReference: operator.newProviderReference(id) }
        : { originatorConversationId: id }),
    });
    if (!row) throw new Error('withdrawal row was not inserted');
    // The funds are reserved now, so nothing can spend them while the operator pays out.
    await postTransaction(tx, {
      kind: 'withdrawal_reserve',
      idempotencyKey: `withdrawal:${id}:reserve`,
      userId: user.userId,
      entries: [
        { account: { userId: user.userId, kind: 'cash' }, amount: -amount },
        { account: { userId: user.userId, kind: 'withdrawal_reserved' }, amount },
      ],
      meta: { paymentId: id },
    });
    after(() => publishBalances(deps, [user.userId]));
    return { payment: row, operator };
  });

  ctx.background(() =>
    operator ? startOperatorPayout(ctx, operator, payment) : startPayout(ctx, payment),
  );
  return { publicId: payment.public_id };
}

/** Asks M-Pesa to pay out, then pushes the request's outcome (`LeakyBucket`). */
async function startPayout(ctx: PaymentsContext, payment: Payment): Promise<void> {
  const { deps } = ctx;
  const paidOut = payment.amount - payment.tax;
  try {
    const res = await ctx.provider.b2cPayment({
      phone: darajaPhone(payment.phone),
      // M-Pesa pays whole units; a fractional withholding remainder goes back to the user.
      amount: Math.floor(paidOut / 100),
      remarks: `Dau withdrawal ${payment.public_id}`,
      occasion: payment.public_id,
      originatorConversationId: payment.originator_conversation_id ?? payment.public_id,
      resultUrl: ctx.callbackUrl('b2c-result'),
      timeoutUrl: ctx.callbackUrl('b2c-timeout'),
    });
    await setConversationId(deps.db, payment.id, res.conversationId);
    pushAccepted(ctx, payment);
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    await failWithdrawal(ctx, payment.id, null, `b2c refused: ${error.message}`, {
      leakyBucketMessage: paymentMessages.providerUnavailable(error.message),
    });
  }
}

/** The operator accepted the payout: the same push Daraja's acceptance sends. */
function pushAccepted(ctx: PaymentsContext, payment: Payment) {
  ctx.deps.realtime.toUser(payment.user_id, 'LeakyBucket', {
    Type: 'Withdrawal/Withdrawal',
    Value: {
      CMSStatusMsg: { hasErrors: false, datasource_entries: [] },
      BBPaymentTransactionId: payment.public_id,
    },
  });
}

/** A payout outcome from an operator (callback, status answer, blocking call), settled once. */
export async function settleOperatorPayout(
  ctx: PaymentsContext,
  operator: MobileMoneyOperator,
  payment: Pick<Payment, 'id' | 'provider_reference' | 'public_id'>,
  outcome: OperatorOutcome,
): Promise<string> {
  if (outcome.state === 'succeeded') {
    return completeWithdrawal(
      ctx,
      { id: payment.id },
      outcome.receipt,
      `${operator.name}: ${outcome.detail}`,
    );
  }
  if (outcome.state === 'failed') {
    return failWithdrawal(
      ctx,
      payment.id,
      null,
      `${operator.name} ${outcome.code}: ${outcome.detail}`,
      {
        leakyBucketMessage: operatorFailureMessage(
          operator.name,
          'withdrawal',
          outcome.reason,
          outcome.detail,
        ),
      },
    );
  }
  return outcome.state;
}

/** Asks the operator to pay out; its answer comes now, by callback, or when the call returns. */
async function startOperatorPayout(
  ctx: PaymentsContext,
  operator: MobileMoneyOperator,
  payment: Payment,
): Promise<void> {
  const paidOut = payment.amount - payment.tax;
  let started;
  try {
    started = await operator.payout({
      reference: payment.public_id,
      providerReference: payment.provider_reference ?? payment.public_id,
      phone: payment.phone,
      // Operators pay whole units; a fractional withholding remainder goes back to the user.
      amount: Math.floor(paidOut / 100),
      currency: operator.currency,
      description: `Dau withdrawal ${payment.public_id}`,
      callbackUrl: ctx.operatorCallbackUrl(operator, 'payout'),
    });
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    await failWithdrawal(ctx, payment.id, null, `${operator.name} refused: ${error.message}`, {
      leakyBucketMessage: paymentMessages.operatorUnavailable(operator.name, error.message),
    });
    return;
  }
  if (started.outcome.state !== 'failed') pushAccepted(ctx, payment);
  await settleOperatorPayout(ctx, operator, payment, started.outcome);
  if (started.later) await settleOperatorPayout(ctx, operator, payment, await started.later);
}
