import { BALANCE_COOKIE_MAX_AGE_S, BALANCE_COOKIE_PATH } from '@dau/domain/constants';
import { COOKIES } from '@dau/contracts/http';
import {
  getBalanceRequestSchema,
  getBalanceResponseSchema,
  type BalanceCookie,
} from '@dau/contracts/wallet/get-balance';
import { ledgerCheckResponseSchema } from '@dau/contracts/wallet/ledger-check';
import {
  transactionsQuerySchema,
  transactionsResponseSchema,
  type TransactionItem,
} from '@dau/contracts/wallet/transactions';
import type { AppInstance, SessionUser } from '../../app-types';
import { authGuards } from '../../plugins/auth';
import { checkLedger } from './ledger.service';
import { statement } from './wallet.repository';
import { balanceDisplays, getBalances, isLowBalance, signBbJwt, toUnits } from './wallet.service';

function sessionUser(user: SessionUser | null): SessionUser {
  // requireUser ran before every handler here; this narrows the type.
  if (!user) throw new Error('requireUser did not run');
  return user;
}

function dayBoundary(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  }
  return new Date(value);
}

export async function walletRoutes(app: AppInstance): Promise<void> {
  const { requireUser } = authGuards(app);

  app.post(
    '/api/core/customer/getbalance',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          'Balances of the signed-in user (cash, bonus, free bet, total, reserved) and bbJWT',
        body: getBalanceRequestSchema,
        response: { 200: getBalanceResponseSchema },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request.user);
      const b = await getBalances(app.deps.db, user.userId);
      const cookie: BalanceCookie = {
        balance: toUnits(b.cash),
        freebetbalance: toUnits(b.freeBet),
        totalbalance: toUnits(b.total),
      };
      reply.setCookie(COOKIES.balance, JSON.stringify(cookie), {
        path: BALANCE_COOKIE_PATH,
        maxAge: BALANCE_COOKIE_MAX_AGE_S,
        sameSite: 'lax',
        secure: app.deps.config.env === 'production',
      });
      return {
        cmsStatusMsg: {
          hasErrors: false as const,
          datasource_entries: [],
          balance: toUnits(b.cash),
          freebetbalance: toUnits(b.freeBet),
          bonusbalance: toUnits(b.bonus),
          totalbalance: toUnits(b.total),
          bonusreserved: toUnits(b.reserved),
          ...balanceDisplays(b, request.site),
          lowBalance: isLowBalance(b),
        },
        bbJWT: signBbJwt(app.deps.config.bbJwtSecret, user, app.deps.now()),
      };
    },
  );

  app.get(
    '/api/core/customer/transactions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          "The signed-in user's money movements (one line per deposit or withdrawal, with its final state and the provider's receipt; each other cash entry) with running balance, filtered and paged",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema },
      },
    },
    async (request) => {
      const user = sessionUser(request.user);
      const q = request.query;
      const { rows, total } = await statement(app.deps.db, {
        userId: user.userId,
        type: q.type,
        status: q.status,
        from: dayBoundary(q.from, false),
        to: dayBoundary(q.to, true),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const items: TransactionItem[] = rows.map((r) => ({
        id: r.id,
        type: r.type as TransactionItem['type'],
        status: r.status as TransactionItem['status'],
        amount: toUnits(r.amount),
        runningBalance: r.running_balance === null ? null : toUnits(r.running_balance),
        reference: r.reference,
        providerReference: r.provider_reference,
        createdAt: new Date(r.created_at).toISOString(),
      }));
      return { items, page: q.page, pageSize: q.pageSize, total };
    },
  );

  if (app.deps.config.sandbox) {
    app.get(
      '/api/admin/ledger-check',
      {
        schema: {
          tags: ['admin'],
          summary: 'Verifies the whole ledger (sandbox only; operators use the same check)',
          response: { 200: ledgerCheckResponseSchema },
        },
      },
      async () => checkLedger(app.deps.db),
    );
  }
}
