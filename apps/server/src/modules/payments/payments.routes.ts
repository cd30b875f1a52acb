import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { SITES } from '@dau/domain/sites';
import { parseMoney, type Cents } from '@dau/domain/money';
import fastifyPlugin from 'fastify-plugin';
import { depositRequestSchema, depositResponseSchema } from '@dau/contracts/payments/deposit';
import {
  depositLimitsRequestSchema,
  depositLimitsResponseSchema,
} from '@dau/contracts/payments/deposit-limits';
import {
  validateAmountRequestSchema,
  withdrawEligibilityRequestSchema,
  withdrawEligibilityResponseSchema,
  withdrawalNumberRequestSchema,
  withdrawalNumberResponseSchema,
  withdrawalRequestSchema,
} from '@dau/contracts/payments/withdrawal';
import { cmsStatusOkSchema } from '@dau/contracts/wallet/cms-status';
import type { AppInstance, SessionUser } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { authGuards } from '../../plugins/auth';
import { requestLanguage } from '../../plugins/language';
import { toUnits } from '../wallet/wallet.service';
import {
  getDepositLimits,
  setDepositLimits,
  type DepositLimitView,
} from './deposit-limits.service';
import type { MobileMoneyOperators } from './mobile-money.operator';
import { MobileMoneyError, type MobileMoneyProvider } from './mobile-money.provider';
import { CALLBACK_PREFIX, registerCallbackRoutes } from './payments-callbacks.routes';
import { siteOf } from './payments.context';
import {
  allowAllGamblingGuard,
  checkWithdrawalAmount,
  parseDepositAmount,
  reconcilePayments,
  requestDeposit,
  requestWithdrawal,
  withdrawEligibility,
  withdrawalNumberData,
  type CallbackKind,
  type GamblingGuard,
  type PaymentsContext,
} from './payments.service';

export interface PaymentsRoutesOptions {
  /** Responsible-gambling checks (accounts module); defaults to allowing every payment. */
  gamblingGuard?: GamblingGuard;
  /** Replaces the composition's mobile-money provider (`deps.mobileMoney`). */
  provider?: MobileMoneyProvider;
  /** Replaces the composition's other operators (`deps.mobileMoneyOperators`). */
  operators?: MobileMoneyOperators;
}

/** Payment paths answer with and without the v2 segment (doc 1 §7) and with a trailing slash. */
const PAYMENT_PREFIXES = ['/api/payments', '/api/payments/v2'] as const;

function sessionUser(user: SessionUser | null): SessionUser {
  if (!user) throw new Error('requireUser did not run');
  return user;
}

const ok = { hasErrors: false as const, datasource_entries: [] };

/**
 * The context for a running app: the mobile-money provider the composition built
 * (`app.deps.mobileMoney`), callbacks at PAYMENTS_CALLBACK_BASE_URL (or this server).
 */
export function paymentsContext(app: AppInstance, options: PaymentsRoutesOptions): PaymentsContext {
  const { config } = app.deps;
  const localUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address === 'string') {
      throw new MobileMoneyError('the server is not listening yet');
    }
    return `http://127.0.0.1:${address.port}`;
  };
  const callbackBase = () =>
    (config.payments.callbackBaseUrl ?? config.publicUrl ?? localUrl()).replace(/\/$/, '');
  const tasks = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...tasks]);
  });
  return {
    deps: app.deps,
    provider: options.provider ?? app.deps.mobileMoney,
    operators: options.operators ?? app.deps.mobileMoneyOperators,
    gamblingGuard: options.gamblingGuard ?? allowAllGamblingGuard,
    callbackUrl: (kind: CallbackKind) =>
      `${callbackBase()}${CALLBACK_PREFIX}/${config.payments.callbackToken}/${kind}`,
    operatorCallbackUrl: (operator, kind) =>
      `${callbackBase()}${CALLBACK_PREFIX}/${config.payments.callbackToken}/${operator.provider}/${SITES[operator.siteId].countryCode}/${kind}`,
    background: (task) => {
      const running = task()
        .catch((err: unknown) => app.log.error({ err }, 'payments background task failed'))
        .finally(() => tasks.delete(running));
      tasks.add(running);
    },
  };
}

function limitsToWire(views: DepositLimitView[]) {
  return {
    limits: views.map((v) => ({
      period: v.period,
      amount: v.amount === null ? null : toUnits(v.amount),
      pendingAmount: v.pending
        ? v.pending.amount === null
          ? null
          : toUnits(v.pending.amount)
        : null,
      pendingFrom: v.pending ? v.pending.from.toISOString() : null,
    })),
  };
}

async function payments(app: AppInstance, options: PaymentsRoutesOptions) {
  const ctx = paymentsContext(app, options);
  // Money in and out: the session is read every time, never from memory (ADR 188).
  const { requireUser } = authGuards(app, { fresh: true });
  const { config } = app.deps;

  for (const prefix of PAYMENT_PREFIXES) {
    const hide = prefix.endsWith('/v2');
    for (const slash of ['/', '']) {
      const hidden = hide || slash === '';
      app.post(
        `${prefix}/deposit${slash}`,
        {
          onRequest: requireUser,
          schema: {
            hide: hidden,
            tags: ['payments'],
            summary: 'Deposit by M-Pesa: starts an STK push to the phone (whole amounts only)',
            body: depositRequestSchema,
            response: { 200: depositResponseSchema },
          },
        },
        async (request) => {
          const user = sessionUser(request.user);
          const { publicId } = await requestDeposit(ctx, user, {
            phone: request.body.PhoneNumber,
            amount: request.body.Amount,
            merchantReference: request.body.MerchantReference,
            provider: request.body.PaymentProvider,
            language: requestLanguage(request, siteOf(user.siteId)),
          });
          return { cmsStatusMsg: ok, bbPaymentTransactionId: publicId };
        },
      );

      app.post(
        `${prefix}/validateamount${slash}`,
        {
          onRequest: requireUser,
          schema: {
            hide: hidden,
            tags: ['payments'],
            summary: 'Validates a deposit or withdrawal amount (min, max, whole number, cash)',
            body: validateAmountRequestSchema,
            response: { 200: z.object({ cmsStatusMsg: cmsStatusOkSchema }) },
          },
        },
        async (request) => {
          const user = sessionUser(request.user);
          const site = request.site;
          const { DepositAmount, WithdrawalAmount } = request.body;
          if (WithdrawalAmount === undefined && DepositAmount === undefined) {
            throw new AppError('VALIDATION_FAILED', 'Send DepositAmount or WithdrawalAmount.');
          }
          if (WithdrawalAmount !== undefined && WithdrawalAmount !== null) {
            await checkWithdrawalAmount(ctx, user.userId, site, WithdrawalAmount);
          }
          if (DepositAmount !== undefined && DepositAmount !== null) {
            parseDepositAmount(DepositAmount, site, config.limits[site.siteId]);
          }
          return { cmsStatusMsg: ok };
        },
      );

      app.post(
        `${prefix}/withdrawal${slash}`,
        {
          onRequest: requireUser,
          schema: {
            hide: hidden,
            tags: ['payments'],
            summary:
              'Withdrawal by M-Pesa B2C: reserves the amount, answers 204 (processing), pushes LeakyBucket',
            body: withdrawalRequestSchema,
            response: { 204: z.null().describe('Processing: the result comes as LeakyBucket') },
          },
        },
        async (request, reply) => {
          const user = sessionUser(request.user);
          await requestWithdrawal(ctx, user, {
            phone: request.body.PhoneNumber,
            amount: request.body.Amount,
            merchantReference: request.body.MerchantReference,
            provider: request.body.PaymentProvider,
            language: requestLanguage(request, siteOf(user.siteId)),
          });
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      `${prefix}/validation/get-withdrawal-number-data-for-user-for-period`,
      {
        onRequest: requireUser,
        schema: {
          hide,
          tags: ['payments'],
          summary: 'Withdrawals in the last 24 hours and whether the limit is reached',
          body: withdrawalNumberRequestSchema,
          response: { 200: withdrawalNumberResponseSchema },
        },
      },
      async (request) => withdrawalNumberData(ctx, sessionUser(request.user).userId),
    );

    app.get(
      `${prefix}/deposit-limits`,
      {
        onRequest: requireUser,
        schema: {
          hide,
          tags: ['payments'],
          summary: 'Deposit limits in force and pending increases',
          response: { 200: depositLimitsResponseSchema },
        },
      },
      async (request) =>
        limitsToWire(await getDepositLimits(app.deps, sessionUser(request.user).userId)),
    );

    app.post(
      `${prefix}/deposit-limits`,
      {
        onRequest: requireUser,
        schema: {
          hide,
          tags: ['payments'],
          summary: 'Sets deposit limits: a decrease applies at once, an increase after 24 hours',
          body: depositLimitsRequestSchema,
          response: { 200: depositLimitsResponseSchema },
        },
      },
      async (request) => {
        const wanted: Partial<Record<'daily' | 'weekly' | 'monthly', Cents | null>> = {};
        for (const period of ['daily', 'weekly', 'monthly'] as const) {
          const value = request.body[period];
          if (value === undefined) continue;
          if (value === null) {
            wanted[period] = null;
            continue;
          }
          const amount = parseMoney(value);
          if (amount === null || amount <= 0) {
            throw new AppError('VALIDATION_FAILED', [
              { message: `The ${period} limit must be a positive amount.`, name: period },
            ]);
          }
          wanted[period] = amount;
        }
        const views = await setDepositLimits(app.deps, sessionUser(request.user).userId, wanted);
        return limitsToWire(views);
      },
    );
  }

  for (const [path, source] of [
    ['/api/core/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook', 'bets'],
    ['/api/games-core/BetSlip/CheckIfUserCanWithdrawBalance', 'casino_rounds'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: requireUser,
        schema: {
          tags: ['payments'],
          summary: `Withdrawal eligibility: enough ${source === 'bets' ? 'sportsbook bets' : 'casino rounds'} placed`,
          body: withdrawEligibilityRequestSchema,
          response: { 200: withdrawEligibilityResponseSchema },
        },
      },
      async (request) => withdrawEligibility(ctx, sessionUser(request.user).userId, source),
    );
  }

  registerCallbackRoutes(app, ctx);

  // Paybill: tell Daraja where to send C2B payments once we have an address.
  app.addHook('onListen', async () => {
    ctx.background(async () => {
      try {
        await ctx.provider.registerC2bUrls({
          validationUrl: ctx.callbackUrl('c2b-validation'),
          confirmationUrl: ctx.callbackUrl('c2b-confirmation'),
        });
      } catch (error) {
        if (!(error instanceof MobileMoneyError)) throw error;
        app.log.warn({ err: error }, 'C2B URL registration failed');
      }
    });
  });

  if (config.payments.reconcileIntervalMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      ctx.background(async () => {
        try {
          const summary = await reconcilePayments(ctx);
          if (summary.checked > 0) app.log.info({ summary }, 'payments reconciled');
        } finally {
          running = false;
        }
      });
    }, config.payments.reconcileIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // Keep the context reachable for tests and operator scripts (reconcile now).
  app.decorate('payments', ctx);
}

/** Not encapsulated, so `app.payments` (reconcile now, tests) is visible on the root app. */
export const paymentsRoutes = fastifyPlugin(payments, { name: 'payments' });

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsContext;
  }
}
