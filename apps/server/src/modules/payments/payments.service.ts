import { randomBytes } from 'node:crypto';
import { WITHDRAWAL_DAILY_LIMIT_REACHED, WITHDRAWAL_FREQUENCY_LIMIT } from '@dau/domain/messages';
import { fromUnits, isWholeUnits, type Cents } from '@dau/domain/money';
import type { SiteMoneyLimits } from '@dau/domain/site-limits';
import { normalisePhone } from '@dau/domain/phone';
import { SITES, isSiteId, siteConfig, type SiteConfig, type SiteId } from '@dau/domain/sites';
import {
  DEFAULT_TAX_POLICIES,
  depositTax,
  taxPolicyAt,
  withdrawalTax,
} from '@dau/domain/tax-policy';
import {
  validateDepositAmount,
  validateDepositPhone,
  validateWithdrawalAmount,
} from '@dau/domain/validation';
import {
  b2cResultSchema,
  c2bPaymentSchema,
  stkCallbackSchema,
  transactionStatusResultSchema,
} from '@dau/contracts/payments/callbacks';
import type { AppDeps, SessionUser } from '../../app-types';
import type { Tx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { isUserCompliant } from '../accounts/compliance';
import { postTransaction, type LedgerEntryInput } from '../wallet/ledger.service';
import { getBalances, publishBalances, toUnits } from '../wallet/wallet.service';
import { checkDepositLimits } from './deposit-limits.service';
import { MobileMoneyError, type MobileMoneyProvider } from './mobile-money.provider';
import { depositFailureMessage, paymentMessages } from './payments.messages';
import {
  completedDepositCount,
  countRowsForUser,
  findPaymentByPublicId,
  findUserByAccount,
  insertPayment,
  lockPayment,
  lockUser,
  logCallback,
  markStatusQueried,
  setConversationId,
  setStkIds,
  settlePayment,
  stalePendingPayments,
  withdrawalsSince,
} from './payments.repository';
import type { Payment } from './payments.tables';

/**
 * Responsible-gambling hook point: the accounts module (self-exclusion, time-outs) provides a
 * real guard; until it does, every payment is allowed.
 */
export interface GamblingGuard {
  check(input: {
    userId: number;
    kind: 'deposit' | 'withdrawal';
    amount: Cents;
  }): Promise<{ allowed: true } | { allowed: false; message: string }>;
}

export const allowAllGamblingGuard: GamblingGuard = {
  check: async () => ({ allowed: true }),
};

export interface PaymentsContext {
  deps: AppDeps;
  provider: MobileMoneyProvider;
  gamblingGuard: GamblingGuard;
  /** Absolute URL of one of Dau's Daraja callback endpoints. */
  callbackUrl: (kind: CallbackKind) => string;
  /** Runs work after the HTTP answer; the app waits for it on close. */
  background: (task: () => Promise<void>) => void;
}

export type CallbackKind =
  | 'stk'
  | 'b2c-result'
  | 'b2c-timeout'
  | 'b2c-status-result'
  | 'b2c-status-timeout'
  | 'c2b-validation'
  | 'c2b-confirmation';

const DAY_MS = 24 * 60 * 60_000;

function publicId(prefix: 'DP' | 'WD' | 'PB'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return prefix + Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

function badInput(code: string, message: string, name?: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ code, message, ...(name ? { name } : {}) }]);
}

/** Daraja wants digits with the country code, no plus. */
function darajaPhone(e164: string): string {
  return e164.replace(/^\+/, '');
}

function siteOf(siteId: number): SiteConfig {
  return siteConfig(isSiteId(siteId) ? siteId : 2);
}

function policyFor(deps: AppDeps, siteId: number) {
  return taxPolicyAt(DEFAULT_TAX_POLICIES, (isSiteId(siteId) ? siteId : 2) as SiteId, deps.now());
}

async function guard(
  ctx: PaymentsContext,
  userId: number,
  kind: 'deposit' | 'withdrawal',
  amount: Cents,
) {
  const verdict = await ctx.gamblingGuard.check({ userId, kind, amount });
  if (!verdict.allowed)
    throw new AppError('FORBIDDEN', [{ code: 'RESPONSIBLE_GAMBLING', message: verdict.message }]);
}

/** Runs `work` in a transaction, then the pushes it queued, only once the commit is done. */
async function inTransaction<T>(
  deps: AppDeps,
  work: (tx: Tx, after: (push: () => void | Promise<void>) => void) => Promise<T>,
): Promise<T> {
  const pushes: (() => void | Promise<void>)[] = [];
  const result = await deps.db.transaction().execute((tx) => work(tx, (p) => pushes.push(p)));
  for (const push of pushes) await push();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Deposits

export function parseDepositAmount(
  input: unknown,
  site: SiteConfig,
  limits: Pick<SiteMoneyLimits, 'depositMin' | 'depositMax'>,
): Cents {
  const validation = validateDepositAmount(
    typeof input === 'number' || typeof input === 'string' ? input : null,
    limits.depositMin,
    site.currencyCode,
  );
  if (!validation.ok) {
    if (validation.code === 'required')
      throw badInput('AMOUNT_REQUIRED', paymentMessages.amountRequired, 'Amount');
    if (validation.code === 'below-minimum') {
      throw badInput(
        'AMOUNT_BELOW_MINIMUM',
        paymentMessages.depositBelowMinimum(limits.depositMin, site),
        'Amount',
      );
    }
    if (validation.code === 'too-many-decimals')
      throw badInput('AMOUNT_TOO_PRECISE', paymentMessages.amountTooPrecise(site), 'Amount');
    throw badInput('AMOUNT_INVALID', paymentMessages.amountInvalid, 'Amount');
  }
  const amount = validation.value;
  // M-Pesa takes whole shillings: say so rather than round the user's money silently.
  if (!isWholeUnits(amount)) {
    const lower = Math.floor(amount / 100);
    throw badInput(
      'AMOUNT_NOT_WHOLE',
      paymentMessages.wholeShillingsOnly(lower, lower + 1),
      'Amount',
    );
  }
  const max = limits.depositMax;
  if (amount > max)
    throw badInput(
      'AMOUNT_ABOVE_MAXIMUM',
      paymentMessages.depositAboveMaximum(max, site),
      'Amount',
    );
  return amount;
}

function parsePhone(input: unknown, siteId: SiteId): string {
  const required = validateDepositPhone(typeof input === 'string' ? input : null);
  if (!required.ok)
    throw badInput(
      'PHONE_REQUIRED',
      required.message ?? 'Phone number is required!',
      'PhoneNumber',
    );
  const phone = normalisePhone(required.value, siteId);
  if (!phone) throw badInput('PHONE_INVALID', paymentMessages.phoneInvalid, 'PhoneNumber');
  return phone;
}

export async function requestDeposit(
  ctx: PaymentsContext,
  user: SessionUser,
  input: { phone: unknown; amount: unknown; merchantReference?: string | null | undefined },
): Promise<{ publicId: string }> {
  const site = siteOf(user.siteId);
  const phone = parsePhone(input.phone, site.siteId);
  const amount = parseDepositAmount(input.amount, site, ctx.deps.config.limits[site.siteId]);
  await guard(ctx, user.userId, 'deposit', amount);
  // Limits are checked and the pending deposit recorded under the user's row lock, so two
  // deposits at once cannot both slip under a limit.
  const payment = await ctx.deps.db.transaction().execute(async (tx) => {
    await lockUser(tx, user.userId);
    await checkDepositLimits(tx, ctx.deps.now(), user.userId, amount, site);
    return insertPayment(tx, {
      publicId: publicId('DP'),
      userId: user.userId,
      siteId: user.siteId,
      direction: 'deposit',
      channel: 'stk',
      amount,
      phone,
      merchantReference: input.merchantReference ?? null,
    });
  });
  if (!payment) throw new Error('deposit row was not inserted');
  try {
    const ids = await ctx.provider.stkPush({
      phone: darajaPhone(phone),
      amount: amount / 100,
      accountReference: payment.public_id,
      description: 'Dau deposit',
      callbackUrl: ctx.callbackUrl('stk'),
    });
    await setStkIds(ctx.deps.db, payment.id, ids);
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    await settlePayment(ctx.deps.db, payment.id, {
      status: 'failed',
      resultCode: null,
      resultDesc: `stk push refused: ${error.message}`,
      now: ctx.deps.now(),
    });
    throw new AppError('UNAVAILABLE', [
      { code: 'MOBILE_MONEY_ERROR', message: paymentMessages.providerUnavailable(error.message) },
    ]);
  }
  return { publicId: payment.public_id };
}

function metadataValue(
  items: { Name: string; Value?: string | number | undefined }[] | undefined,
  name: string,
) {
  return items?.find((i) => i.Name === name)?.Value;
}

/** The STK callback: credits a successful deposit exactly once, however often it arrives. */
export async function handleStkCallback(ctx: PaymentsContext, body: unknown): Promise<string> {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind: 'stk', reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const cb = parsed.data.Body.stkCallback;
  const items = cb.CallbackMetadata?.Item;
  const paidUnits = metadataValue(items, 'Amount');
  const receipt = metadataValue(items, 'MpesaReceiptNumber');
  const outcome = await settleStk(ctx, cb.CheckoutRequestID, {
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc,
    paidUnits: paidUnits === undefined ? null : Number(paidUnits),
    receipt: receipt === undefined ? null : String(receipt),
  });
  await logCallback(ctx.deps.db, { kind: 'stk', reference: cb.CheckoutRequestID, body, outcome });
  return outcome;
}

async function settleStk(
  ctx: PaymentsContext,
  checkoutRequestId: string,
  result: {
    resultCode: number;
    resultDesc: string;
    paidUnits: number | null;
    receipt: string | null;
  },
): Promise<string> {
  const { deps } = ctx;
  return inTransaction(deps, async (tx, after) => {
    const payment = await lockPayment(tx, { checkoutRequestId });
    if (!payment) return 'unknown';
    if (payment.status !== 'pending') return 'duplicate';
    if (result.resultCode !== 0) {
      await settlePayment(tx, payment.id, {
        status: 'failed',
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        now: deps.now(),
      });
      after(() =>
        deps.realtime.toUser(payment.user_id, 'TransactionResult', {
          userMessage: depositFailureMessage(result.resultCode, result.resultDesc),
          bbPaymentTransactionId: payment.public_id,
        }),
      );
      return 'failed';
    }
    // The callback is the source of truth for what was paid.
    const paid =
      result.paidUnits !== null && Number.isFinite(result.paidUnits)
        ? fromUnits(result.paidUnits)
        : (payment.amount as Cents);
    await creditDeposit(
      ctx,
      tx,
      after,
      payment,
      paid,
      result.receipt,
      `mpesa:stk:${checkoutRequestId}`,
    );
    await settlePayment(tx, payment.id, {
      status: 'completed',
      resultCode: 0,
      resultDesc: result.resultDesc,
      mpesaReceipt: result.receipt,
      now: deps.now(),
    });
    return 'credited';
  });
}

async function creditDeposit(
  ctx: PaymentsContext,
  tx: Tx,
  after: (push: () => void | Promise<void>) => void,
  payment: Pick<Payment, 'id' | 'public_id' | 'user_id' | 'site_id'>,
  paid: Cents,
  receipt: string | null,
  idempotencyKey: string,
): Promise<void> {
  const { deps } = ctx;
  const firstDeposit = (await completedDepositCount(tx, payment.user_id)) === 0;
  const { tax, credited } = depositTax(paid, policyFor(deps, payment.site_id));
  const entries: LedgerEntryInput[] = [
    { account: { userId: payment.user_id, kind: 'cash' }, amount: credited },
    { account: { system: 'payments_clearing' }, amount: -paid },
  ];
  if (tax > 0) entries.push({ account: { system: 'tax_payable' }, amount: tax });
  const posted = await postTransaction(tx, {
    kind: 'deposit',
    idempotencyKey,
    userId: payment.user_id,
    entries,
    meta: { paymentId: payment.public_id, receipt, tax },
  });
  if (posted.duplicate) return;
  await tx
    .updateTable('payments')
    .set({ amount: paid, tax })
    .where('id', '=', payment.id)
    .execute();
  after(async () => {
    await publishBalances(deps, [payment.user_id]);
    deps.realtime.toUser(payment.user_id, 'Deposit Success', { amount: toUnits(credited) });
    if (firstDeposit) {
      deps.realtime.toUser(payment.user_id, 'First Deposit Success', { amount: toUnits(credited) });
    }
  });
}

/** Paybill sites: where a C2B account number can name a user. */
function paybillSites(): SiteId[] {
  return (Object.values(SITES) as SiteConfig[])
    .filter((s) => s.features.paybillNumber)
    .map((s) => s.siteId);
}

async function userForAccount(ctx: PaymentsContext, account: string) {
  const sites = paybillSites();
  const phones = sites
    .map((s) => normalisePhone(account, s))
    .filter((p): p is string => p !== null);
  const trimmed = account.trim();
  if (!trimmed) return undefined;
  return findUserByAccount(ctx.deps.db, sites, phones, trimmed);
}

export async function handleC2bValidation(ctx: PaymentsContext, body: unknown) {
  const parsed = c2bPaymentSchema.safeParse(body);
  const user = parsed.success ? await userForAccount(ctx, parsed.data.BillRefNumber) : undefined;
  // A user on a break or self-excluded cannot deposit by paybill either: M-Pesa gives it back.
  const allowed =
    user && parsed.success
      ? (
          await ctx.gamblingGuard.check({
            userId: user.id,
            kind: 'deposit',
            amount: fromUnits(parsed.data.TransAmount),
          })
        ).allowed
      : false;
  const accepted = allowed && parsed.success && parsed.data.TransAmount >= 1;
  await logCallback(ctx.deps.db, {
    kind: 'c2b-validation',
    reference: parsed.success ? parsed.data.TransID : null,
    body,
    outcome: accepted ? 'accepted' : 'rejected',
  });
  // C2B00012: invalid account number, Daraja's code for "refuse this payment".
  return accepted
    ? { ResultCode: '0', ResultDesc: 'Accepted' }
    : { ResultCode: 'C2B00012', ResultDesc: 'Rejected' };
}

/** Paybill confirmation: the money is already ours; credit the named user exactly once. */
export async function handleC2bConfirmation(ctx: PaymentsContext, body: unknown): Promise<string> {
  const parsed = c2bPaymentSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, {
      kind: 'c2b-confirmation',
      reference: null,
      body,
      outcome: 'malformed',
    });
    return 'malformed';
  }
  const c2b = parsed.data;
  const user = await userForAccount(ctx, c2b.BillRefNumber);
  let outcome = 'unmatched';
  if (user) {
    const paid = fromUnits(c2b.TransAmount);
    outcome = await inTransaction(ctx.deps, async (tx, after) => {
      const payment = await insertPayment(tx, {
        publicId: publicId('PB'),
        userId: user.id,
        siteId: user.site_id,
        direction: 'deposit',
        channel: 'c2b',
        amount: paid,
        phone: user.phone,
        merchantReference: c2b.BillRefNumber,
        status: 'completed',
        mpesaReceipt: c2b.TransID,
      });
      if (!payment) return 'duplicate';
      await creditDeposit(ctx, tx, after, payment, paid, c2b.TransID, `mpesa:c2b:${c2b.TransID}`);
      await settlePayment(tx, payment.id, {
        status: 'completed',
        resultCode: 0,
        resultDesc: 'paybill payment',
        mpesaReceipt: c2b.TransID,
        now: ctx.deps.now(),
      });
      return 'credited';
    });
  }
  // An unmatched payment stays in the callback log for support to assign by hand.
  await logCallback(ctx.deps.db, {
    kind: 'c2b-confirmation',
    reference: c2b.TransID,
    body,
    outcome,
  });
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

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

export async function withdrawEligibility(
  ctx: PaymentsContext,
  userId: number,
  source: 'bets' | 'casino_rounds',
  minBetsCount: number,
) {
  const count = await countRowsForUser(ctx.deps.db, source, userId);
  const eligible = count >= minBetsCount;
  return {
    fetchedObject: eligible,
    spResponse: eligible ? '' : paymentMessages.notEnoughBets(minBetsCount),
  };
}

export async function requestWithdrawal(
  ctx: PaymentsContext,
  user: SessionUser,
  input: { phone: unknown; amount: unknown; merchantReference?: string | null | undefined },
): Promise<{ publicId: string }> {
  const { deps } = ctx;
  const { payments } = deps.config;
  const site = siteOf(user.siteId);
  const amount = await checkWithdrawalAmount(ctx, user.userId, site, input.amount);
  await guard(ctx, user.userId, 'withdrawal', amount);
  // Site 4: the compliance flag gates withdrawals (doc 1 §2, §6); the form is only the mirror.
  if (
    site.features.complianceGatesWithdrawal &&
    !(await isUserCompliant(deps.db, user.userId, site.siteId))
  ) {
    throw new AppError('FORBIDDEN', [
      { code: 'COMPLIANCE_REQUIRED', message: paymentMessages.complianceRequired },
    ]);
  }

  const payment = await inTransaction(deps, async (tx, after) => {
    // One withdrawal request per user at a time: the limits below are then race-free.
    const owner = await lockUser(tx, user.userId);
    if (!owner) throw new AppError('UNAUTHENTICATED');
    const phone =
      typeof input.phone === 'string' && input.phone.trim() !== ''
        ? parsePhone(input.phone, site.siteId)
        : owner.phone;
    if (phone !== owner.phone)
      throw badInput('PHONE_NOT_OWN', paymentMessages.withdrawalOwnPhoneOnly, 'PhoneNumber');

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
      originatorConversationId: id,
    });
    if (!row) throw new Error('withdrawal row was not inserted');
    // The funds are reserved now, so nothing can spend them while M-Pesa pays out.
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
    return row;
  });

  ctx.background(() => startPayout(ctx, payment));
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
    deps.realtime.toUser(payment.user_id, 'LeakyBucket', {
      Type: 'Withdrawal/Withdrawal',
      Value: {
        CMSStatusMsg: { hasErrors: false, datasource_entries: [] },
        BBPaymentTransactionId: payment.public_id,
      },
    });
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    await failWithdrawal(ctx, payment.id, null, `b2c refused: ${error.message}`, {
      leakyBucketMessage: paymentMessages.providerUnavailable(error.message),
    });
  }
}

/** Fails a pending withdrawal and gives the reserved money back, exactly once. */
async function failWithdrawal(
  ctx: PaymentsContext,
  paymentId: number,
  resultCode: number | null,
  resultDesc: string,
  options: { leakyBucketMessage?: string } = {},
): Promise<string> {
  const { deps } = ctx;
  return inTransaction(deps, async (tx, after) => {
    const payment = await lockPayment(tx, { id: paymentId });
    if (!payment || payment.status !== 'pending') return 'duplicate';
    await postTransaction(tx, {
      kind: 'withdrawal_release',
      idempotencyKey: `withdrawal:${payment.public_id}:release`,
      userId: payment.user_id,
      entries: [
        {
          account: { userId: payment.user_id, kind: 'withdrawal_reserved' },
          amount: -payment.amount,
        },
        { account: { userId: payment.user_id, kind: 'cash' }, amount: payment.amount },
      ],
      meta: { paymentId: payment.public_id, resultCode, resultDesc },
    });
    await settlePayment(tx, payment.id, {
      status: 'failed',
      resultCode,
      resultDesc,
      now: deps.now(),
    });
    after(async () => {
      await publishBalances(deps, [payment.user_id]);
      if (options.leakyBucketMessage) {
        deps.realtime.toUser(payment.user_id, 'LeakyBucket', {
          Type: 'Withdrawal/Withdrawal',
          Value: {
            CMSStatusMsg: {
              hasErrors: true,
              datasource_entries: [
                {
                  error_triggered: true,
                  value: 'MOBILE_MONEY_ERROR',
                  dimension_value: options.leakyBucketMessage,
                },
              ],
            },
            BBPaymentTransactionId: payment.public_id,
          },
        });
      } else {
        deps.realtime.toUser(payment.user_id, 'TransactionResult', {
          userMessage: paymentMessages.withdrawalNotPaid,
          bbPaymentTransactionId: payment.public_id,
        });
      }
    });
    return 'released';
  });
}

async function completeWithdrawal(
  ctx: PaymentsContext,
  by: { conversationId: string } | { id: number },
  transactionId: string | null,
  resultDesc: string,
): Promise<string> {
  const { deps } = ctx;
  return inTransaction(deps, async (tx, after) => {
    const payment = await lockPayment(tx, by);
    if (!payment || payment.direction !== 'withdrawal') return 'unknown';
    if (payment.status !== 'pending') return 'duplicate';
    const paidOut = payment.amount - payment.tax;
    const paidWhole = Math.floor(paidOut / 100) * 100;
    const entries: LedgerEntryInput[] = [
      {
        account: { userId: payment.user_id, kind: 'withdrawal_reserved' },
        amount: -payment.amount,
      },
      { account: { system: 'payments_clearing' }, amount: paidWhole },
    ];
    if (payment.tax > 0) entries.push({ account: { system: 'tax_payable' }, amount: payment.tax });
    if (paidOut - paidWhole > 0) {
      entries.push({
        account: { userId: payment.user_id, kind: 'cash' },
        amount: paidOut - paidWhole,
      });
    }
    await postTransaction(tx, {
      kind: 'withdrawal_payout',
      idempotencyKey: `mpesa:b2c:${payment.public_id}:paid`,
      userId: payment.user_id,
      entries,
      meta: { paymentId: payment.public_id, receipt: transactionId },
    });
    await settlePayment(tx, payment.id, {
      status: 'completed',
      resultCode: 0,
      resultDesc,
      mpesaReceipt: transactionId,
      now: deps.now(),
    });
    after(() => publishBalances(deps, [payment.user_id]));
    return 'paid';
  });
}

export async function handleB2cResult(
  ctx: PaymentsContext,
  body: unknown,
  timedOut: boolean,
): Promise<string> {
  const parsed = b2cResultSchema.safeParse(body);
  const kind = timedOut ? 'b2c-timeout' : 'b2c-result';
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind, reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const r = parsed.data.Result;
  let outcome: string;
  if (!timedOut && r.ResultCode === 0) {
    outcome = await completeWithdrawal(
      ctx,
      { conversationId: r.ConversationID },
      r.TransactionID || null,
      r.ResultDesc,
    );
  } else {
    const payment =
      (await lockPayment(ctx.deps.db, { conversationId: r.ConversationID })) ??
      (await lockPayment(ctx.deps.db, { conversationId: r.OriginatorConversationID }));
    outcome = payment
      ? await failWithdrawal(ctx, payment.id, timedOut ? null : r.ResultCode, r.ResultDesc)
      : 'unknown';
  }
  await logCallback(ctx.deps.db, { kind, reference: r.ConversationID, body, outcome });
  return outcome;
}

/** What M-Pesa's `TransactionStatus` says about a payout: only these two settle it. */
const PAYOUT_NOT_PAID = new Set(['failed', 'cancelled', 'declined', 'expired']);

function resultParameter(
  items: { Key: string; Value?: string | number | undefined }[] | undefined,
  ...keys: string[]
): string | null {
  const wanted = keys.map((k) => k.toLowerCase().replace(/\s+/g, ''));
  const found = items?.find((i) => wanted.includes(i.Key.toLowerCase().replace(/\s+/g, '')));
  return found?.Value === undefined || found.Value === '' ? null : String(found.Value);
}

/**
 * The answer to a TransactionStatusQuery about a payout whose result never came. 'Completed'
 * pays it out; a failed, cancelled, declined or expired payout releases the reservation; any
 * other answer (not found, still processing, the query timed out) proves nothing, so the
 * payout stays reserved and is asked about again. Both settlements happen at most once: the
 * payment row lock and the ledger's idempotency keys see to it.
 */
export async function handleB2cStatusResult(
  ctx: PaymentsContext,
  body: unknown,
  timedOut: boolean,
): Promise<string> {
  const kind = timedOut ? 'b2c-status-timeout' : 'b2c-status-result';
  const parsed = transactionStatusResultSchema.safeParse(body);
  if (!parsed.success) {
    await logCallback(ctx.deps.db, { kind, reference: null, body, outcome: 'malformed' });
    return 'malformed';
  }
  const r = parsed.data.Result;
  const params = r.ResultParameters?.ResultParameter;
  const items = r.ReferenceData?.ReferenceItem;
  const occasion = (Array.isArray(items) ? items : items ? [items] : []).find(
    (i) => i.Key === 'Occasion',
  )?.Value;
  const original =
    resultParameter(params, 'Originator Conversation ID', 'OriginatorConversationID') ??
    resultParameter(params, 'Conversation ID', 'ConversationID');
  const payment =
    (occasion ? await findPaymentByPublicId(ctx.deps.db, String(occasion)) : undefined) ??
    (original ? await lockPayment(ctx.deps.db, { conversationId: original }) : undefined);

  let outcome = 'unknown';
  if (payment && payment.direction === 'withdrawal') {
    const status = resultParameter(params, 'TransactionStatus')?.toLowerCase() ?? null;
    if (timedOut || r.ResultCode !== 0 || status === null) outcome = 'unresolved';
    else if (status === 'completed') {
      outcome = await completeWithdrawal(
        ctx,
        { id: payment.id },
        resultParameter(params, 'ReceiptNo') ?? (r.TransactionID || null),
        `M-Pesa reports the payout completed (status query): ${r.ResultDesc}`,
      );
    } else if (PAYOUT_NOT_PAID.has(status)) {
      outcome = await failWithdrawal(
        ctx,
        payment.id,
        null,
        `M-Pesa reports the payout ${status} (status query)`,
      );
    } else outcome = 'unresolved';
  }
  await logCallback(ctx.deps.db, {
    kind,
    reference: payment?.public_id ?? r.ConversationID,
    body,
    outcome,
  });
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

export interface ReconcileSummary {
  checked: number;
  credited: number;
  failed: number;
  released: number;
  /** Payouts M-Pesa was asked about (TransactionStatusQuery); the answers settle them. */
  queried: number;
  stillPending: number;
}

/**
 * Settles payments whose callback never came: STK pushes by querying M-Pesa (the answer is
 * immediate); withdrawals M-Pesa never accepted by releasing the reservation; accepted but
 * silent withdrawals by a TransactionStatusQuery, whose asynchronous answer pays or releases
 * them (`handleB2cStatusResult`). Only when M-Pesa has given no usable answer by
 * PAYMENTS_B2C_GIVE_UP_MS is a payout released unasked, flagged for a statement check.
 */
export async function reconcilePayments(ctx: PaymentsContext): Promise<ReconcileSummary> {
  const { deps } = ctx;
  const now = deps.now();
  const stale = await stalePendingPayments(
    deps.db,
    new Date(now.getTime() - deps.config.payments.staleAfterMs),
  );
  const summary: ReconcileSummary = {
    checked: stale.length,
    credited: 0,
    failed: 0,
    released: 0,
    queried: 0,
    stillPending: 0,
  };
  for (const payment of stale) {
    if (payment.direction === 'deposit') {
      if (!payment.checkout_request_id) {
        await settlePayment(deps.db, payment.id, {
          status: 'failed',
          resultCode: null,
          resultDesc: 'no STK push was started',
          now,
        });
        summary.failed++;
        continue;
      }
      let result;
      try {
        result = await ctx.provider.stkQuery(payment.checkout_request_id);
      } catch (error) {
        if (!(error instanceof MobileMoneyError)) throw error;
        summary.stillPending++;
        continue;
      }
      if (result.state === 'pending') {
        summary.stillPending++;
        continue;
      }
      const outcome = await settleStk(ctx, payment.checkout_request_id, {
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        paidUnits: null,
        receipt: null,
      });
      if (outcome === 'credited') summary.credited++;
      else if (outcome === 'failed') summary.failed++;
    } else {
      // Never accepted by M-Pesa: nothing can have been paid, release now. Accepted but silent:
      // ask M-Pesa (at most once per stale period) until the give-up time.
      const age = now.getTime() - new Date(payment.created_at).getTime();
      if (payment.conversation_id && age < deps.config.payments.b2cGiveUpMs) {
        summary.stillPending++;
        const asked = payment.status_queried_at ? new Date(payment.status_queried_at) : null;
        if (asked && now.getTime() - asked.getTime() < deps.config.payments.staleAfterMs) continue;
        try {
          await ctx.provider.transactionStatus({
            originatorConversationId: payment.originator_conversation_id ?? payment.public_id,
            transactionId: payment.mpesa_receipt,
            occasion: payment.public_id,
            remarks: `Dau withdrawal ${payment.public_id} status`,
            resultUrl: ctx.callbackUrl('b2c-status-result'),
            timeoutUrl: ctx.callbackUrl('b2c-status-timeout'),
          });
          await markStatusQueried(deps.db, payment.id, now);
          summary.queried++;
        } catch (error) {
          if (!(error instanceof MobileMoneyError)) throw error;
        }
        continue;
      }
      const outcome = await failWithdrawal(
        ctx,
        payment.id,
        null,
        payment.conversation_id
          ? 'no result from M-Pesa before the give-up time (reconciliation); check the B2C statement'
          : 'M-Pesa never accepted the payout request (reconciliation)',
      );
      if (outcome === 'released') summary.released++;
    }
  }
  return summary;
}
