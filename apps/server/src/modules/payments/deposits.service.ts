import { isWholeUnits, type Cents } from '@dau/domain/money';
import type { SiteMoneyLimits } from '@dau/domain/site-limits';
import {
  MOBILE_MONEY_PROVIDER_NAMES,
  SITE_MOBILE_MONEY,
  chooseProvider,
  isMobileMoneyProviderId,
  type MobileMoneyProviderId,
} from '@dau/domain/mobile-money';
import { normalisePhone } from '@dau/domain/phone';
import type { SiteConfig, SiteId } from '@dau/domain/sites';
import { validateDepositAmount, validateDepositPhone } from '@dau/domain/validation';
import type { SessionUser } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { checkDepositLimits } from './deposit-limits.service';
import type { MobileMoneyOperator, OperatorOutcome } from './mobile-money.operator';
import { MobileMoneyError } from './mobile-money.provider';
import {
  badInput,
  darajaPhone,
  guard,
  publicId,
  siteOf,
  type PaymentsContext,
} from './payments.context';
import { operatorFailureMessage, paymentMessages } from './payments.messages';
import {
  insertPayment,
  lockUser,
  notePendingPayment,
  setStkIds,
  settlePayment,
} from './payments.repository';
import { settleDeposit } from './payments.settlement';
import type { Payment } from './payments.tables';

/**
 * A deposit amount in the site's currency, within the site's limits (ADR 140). `wholeUnits`:
 * the provider takes whole units only (Daraja's M-Pesa); the operators take the currency's own
 * decimals (ngwee in Zambia). Without a provider yet (`validateamount`), the site's own: whole
 * units where M-Pesa takes every number (Kenya).
 */
export function parseDepositAmount(
  input: unknown,
  site: SiteConfig,
  limits: Pick<SiteMoneyLimits, 'depositMin' | 'depositMax'>,
  wholeUnits = SITE_MOBILE_MONEY[site.siteId].everyNumber === 'mpesa',
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
  if (wholeUnits && !isWholeUnits(amount)) {
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

export function parsePhone(input: unknown, siteId: SiteId): string {
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

export type Route = { provider: 'mpesa' } | { provider: string; operator: MobileMoneyOperator };

/**
 * Which provider prompts `phone` (ADR 130): the user's pick when the number allows it, else
 * the number's network's. A number of another network or a pick it cannot use is a 400, and
 * an operator without credentials here a 503, both before any payment row exists.
 */
export function routePayment(
  ctx: PaymentsContext,
  phone: string,
  site: SiteConfig,
  picked: unknown,
  field: string,
): Route {
  if (picked !== undefined && picked !== null && picked !== '' && !isMobileMoneyProviderId(picked))
    throw badInput('PROVIDER_UNKNOWN', paymentMessages.phoneInvalid, 'PaymentProvider');
  const choice = chooseProvider(
    phone,
    site.siteId,
    (picked || null) as MobileMoneyProviderId | null,
  );
  if (!choice.ok) {
    const network = choice.network?.name ?? null;
    throw choice.code === 'network-not-supported'
      ? badInput(
          'NETWORK_NOT_SUPPORTED',
          paymentMessages.networkNotSupported(network, site.country),
          field,
        )
      : badInput(
          'PROVIDER_NOT_FOR_NUMBER',
          paymentMessages.providerNotForNumber(
            MOBILE_MONEY_PROVIDER_NAMES[picked as MobileMoneyProviderId],
            network,
          ),
          'PaymentProvider',
        );
  }
  if (choice.provider === 'mpesa') return { provider: 'mpesa' };
  const operator = ctx.operators.get(choice.provider, site.siteId);
  if (!operator) {
    throw new AppError('UNAVAILABLE', [
      {
        code: 'PROVIDER_NOT_CONFIGURED',
        message: paymentMessages.operatorNotConfigured(
          MOBILE_MONEY_PROVIDER_NAMES[choice.provider],
        ),
      },
    ]);
  }
  return { provider: choice.provider, operator };
}

export async function requestDeposit(
  ctx: PaymentsContext,
  user: SessionUser,
  input: {
    phone: unknown;
    amount: unknown;
    merchantReference?: string | null | undefined;
    provider?: unknown;
    /** The request's language (`requestLanguage`): the deposit's pushes come in it. */
    language?: string | null;
  },
): Promise<{ publicId: string }> {
  const site = siteOf(user.siteId);
  const phone = parsePhone(input.phone, site.siteId);
  const route = routePayment(ctx, phone, site, input.provider, 'PhoneNumber');
  const amount = parseDepositAmount(
    input.amount,
    site,
    ctx.deps.config.limits[site.siteId],
    route.provider === 'mpesa',
  );
  await guard(ctx, user.userId, 'deposit', amount);
  const operator = 'operator' in route ? route.operator : null;
  const id = publicId('DP');
  // Limits are checked and the pending deposit recorded under the user's row lock, so two
  // deposits at once cannot both slip under a limit.
  const payment = await ctx.deps.db.transaction().execute(async (tx) => {
    await lockUser(tx, user.userId);
    await checkDepositLimits(tx, ctx.deps.now(), user.userId, amount, site);
    return insertPayment(tx, {
      publicId: id,
      userId: user.userId,
      siteId: user.siteId,
      direction: 'deposit',
      channel: 'stk',
      amount,
      phone,
      merchantReference: input.merchantReference ?? null,
      language: input.language ?? null,
      ...(operator
        ? { provider: operator.provider, providerReference: operator.newProviderReference(id) }
        : {}),
    });
  });
  if (!payment) throw new Error('deposit row was not inserted');
  if (operator) await startOperatorDeposit(ctx, operator, payment);
  else await startStkPush(ctx, payment);
  return { publicId: payment.public_id };
}

/**
 * The STK callback URL of one deposit: it names the deposit, so its callback still finds it when
 * M-Pesa's answer to the push (with the checkout id) never came (ADR 126).
 */
export function stkCallbackUrl(ctx: PaymentsContext, paymentPublicId: string): string {
  return `${ctx.callbackUrl('stk')}?ref=${encodeURIComponent(paymentPublicId)}`;
}

async function startStkPush(ctx: PaymentsContext, payment: Payment): Promise<void> {
  try {
    const ids = await ctx.provider.stkPush({
      phone: darajaPhone(payment.phone),
      amount: payment.amount / 100,
      accountReference: payment.public_id,
      description: 'Dau deposit',
      callbackUrl: stkCallbackUrl(ctx, payment.public_id),
    });
    await setStkIds(ctx.deps.db, payment.id, ids);
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    // No answer in time: the customer may have been prompted and may pay. The deposit stays
    // pending ("in progress" to the user); its callback, which names it, or its expiry
    // settles it (ADR 126).
    if (error.outcomeUnknown) {
      await notePendingPayment(ctx.deps.db, payment.id, `stk push unanswered: ${error.message}`);
      return;
    }
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
}

/** A deposit outcome from an operator (callback, status answer, blocking call), settled once. */
export function settleOperatorDeposit(
  ctx: PaymentsContext,
  operator: MobileMoneyOperator,
  providerReference: string,
  outcome: OperatorOutcome,
  options: { expired?: boolean } = {},
): Promise<string> {
  if (outcome.state === 'pending') return Promise.resolve('pending');
  const ok = outcome.state === 'succeeded';
  const reason =
    outcome.state === 'failed' ? outcome.reason : options.expired ? 'expired' : 'rejected';
  return settleDeposit(
    ctx,
    { provider: operator.provider, providerReference },
    {
      ok,
      resultCode: null,
      resultDesc:
        outcome.state === 'failed'
          ? `${operator.name} ${outcome.code}: ${outcome.detail}`
          : `${operator.name}: ${outcome.detail}`,
      paidUnits: null,
      receipt: outcome.state === 'succeeded' ? outcome.receipt : null,
      receiptColumn: 'provider',
      idempotencyKey: `${operator.provider}:deposit:${providerReference}`,
      failureMessage: options.expired
        ? paymentMessages.depositExpired(operator.name)
        : operatorFailureMessage(operator.name, 'deposit', reason, outcome.detail),
      ...options,
    },
  );
}

async function startOperatorDeposit(
  ctx: PaymentsContext,
  operator: MobileMoneyOperator,
  payment: Payment,
): Promise<void> {
  const providerReference = payment.provider_reference ?? payment.public_id;
  let started;
  try {
    started = await operator.requestPayment({
      reference: payment.public_id,
      providerReference,
      phone: payment.phone,
      amount: payment.amount / 100,
      currency: operator.currency,
      description: 'Dau deposit',
      callbackUrl: ctx.operatorCallbackUrl(operator, 'payment'),
    });
  } catch (error) {
    if (!(error instanceof MobileMoneyError)) throw error;
    await settlePayment(ctx.deps.db, payment.id, {
      status: 'failed',
      resultCode: null,
      resultDesc: `${operator.name} refused the request: ${error.message}`,
      now: ctx.deps.now(),
    });
    throw new AppError('UNAVAILABLE', [
      {
        code: 'MOBILE_MONEY_ERROR',
        message: paymentMessages.operatorUnavailable(operator.name, error.message),
      },
    ]);
  }
  if (started.outcome.state !== 'pending') {
    await settleOperatorDeposit(ctx, operator, providerReference, started.outcome);
  }
  const later = started.later;
  if (later) {
    ctx.background(async () => {
      await settleOperatorDeposit(ctx, operator, providerReference, await later);
    });
  }
}
