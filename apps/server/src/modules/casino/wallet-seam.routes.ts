import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  WALLET_HEADERS,
  WALLET_MAX_SKEW_S,
  walletAuthenticateRequestSchema,
  walletBalanceRequestSchema,
  walletCreditRequestSchema,
  walletDebitCreditRequestSchema,
  walletDebitRequestSchema,
  walletErrorResponseSchema,
  walletPlayerResponseSchema,
  walletRollbackRequestSchema,
  walletRoundResponseSchema,
  walletTransactionResponseSchema,
} from '@dau/contracts/casino/wallet-seam';
import { API_BASE } from '@dau/contracts/http';
import type { AppInstance } from '../../app-types';
import { toErrorResponse } from '../../plugins/error-handler';
import { verifyBbJwt } from '../wallet/wallet.service';
import type { GameWalletCore } from './game-wallet.service';
import type { WalletProvider } from './game-wallet.types';
import { REPLAYED, WalletError, walletErrors } from './wallet-errors';
import { providerBySlug, rememberRequest } from './wallet.repository';

const rawBodies = new WeakMap<object, string>();
const providers = new WeakMap<object, WalletProvider>();
const moneyRequests = new WeakMap<object, { providerId: number; requestId: string }>();
type ProviderRow = NonNullable<Awaited<ReturnType<typeof providerBySlug>>>;
const params = z.object({ provider: z.string().min(1).max(60) });
const MONEY_OPERATIONS = /\/(debit|credit|rollback|debit-credit)$/;

const errorResponses = {
  400: walletErrorResponseSchema,
  401: walletErrorResponseSchema,
  403: walletErrorResponseSchema,
  404: walletErrorResponseSchema,
  409: walletErrorResponseSchema,
};

/**
 * The seamless game wallet over HTTP (issue #13 item 3, docs/decisions/161): what a game
 * provider calls, server to server, signed with its secret (CASINO_WALLET_SECRETS). Errors
 * answer the seam's own shape `{ status: 'ERROR', code, message }` with a 4xx, never Dau's
 * envelope: providers speak this one.
 */
export async function walletSeamRoutes(
  app: AppInstance,
  { core }: { core: GameWalletCore },
): Promise<void> {
  const { deps } = app;

  // Signatures cover the exact bytes sent, so this scope keeps the raw body beside the parse.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new WalletError('BAD_REQUEST', 'The body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler(async (error, request, reply) => {
    // A refused money call rolled back its transaction, request id included: remember the
    // request now, so that a replay of it is refused as before the call ran.
    const unremembered = moneyRequests.get(request);
    if (unremembered && !(error instanceof WalletError && error.code === REPLAYED)) {
      await rememberRequest(deps.db, unremembered.providerId, unremembered.requestId, deps.now());
    }
    if (error instanceof WalletError) return reply.status(error.status).send(error.toResponse());
    const fe = error as { validation?: unknown; statusCode?: number; message?: string };
    if (fe.validation || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      return reply
        .status(400)
        .send({ status: 'ERROR', code: 'BAD_REQUEST', message: fe.message ?? 'Bad request.' });
    }
    // Refusals of the app's own guards (a NUL character, a value the database cannot hold) are
    // the caller's fault: a 400 in the seam's shape, not a 500 the provider would retry.
    const refused = toErrorResponse(error);
    if (!refused.unexpected) {
      const message = refused.body.datasource_entries[0]?.dimension_value ?? 'Bad request.';
      return reply.status(400).send({ status: 'ERROR', code: 'BAD_REQUEST', message });
    }
    request.log.error({ err: error }, 'game wallet: unexpected error');
    return reply
      .status(500)
      .send({ status: 'ERROR', code: 'INTERNAL', message: 'Try again; the call is idempotent.' });
  });

  // Providers change by back office only: a row read serves calls for 30 s (as the catalogue).
  const known = new Map<string, { row: ProviderRow; until: number }>();
  const providerRow = async (slug: string) => {
    const cached = known.get(slug);
    if (cached && cached.until > Date.now()) return cached.row;
    const row = await providerBySlug(deps.db, slug);
    if (row) known.set(slug, { row, until: Date.now() + 30_000 });
    return row;
  };

  /** Signature, freshness and replay checks, before the body is validated. */
  async function verify(request: FastifyRequest, _reply: FastifyReply) {
    const slug = (request.params as { provider?: string }).provider ?? '';
    const provider = await providerRow(slug);
    const secret = deps.config.casino.walletSecrets[slug];
    if (!provider || !provider.enabled || !secret) {
      throw new WalletError(
        'UNKNOWN_PROVIDER',
        `Provider "${slug}" is not enabled on this wallet.`,
      );
    }
    const timestamp = String(request.headers[WALLET_HEADERS.timestamp] ?? '');
    const signature = String(request.headers[WALLET_HEADERS.signature] ?? '');
    if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
      throw new WalletError('INVALID_SIGNATURE', 'The call is not signed.');
    }
    const raw = rawBodies.get(request) ?? '';
    const expected = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest();
    if (!timingSafeEqual(Buffer.from(signature, 'hex'), expected)) {
      throw new WalletError('INVALID_SIGNATURE', 'The signature does not match the body.');
    }
    const skew = Math.abs(deps.now().getTime() / 1000 - Number(timestamp));
    if (skew > WALLET_MAX_SKEW_S) {
      throw new WalletError(
        'STALE_REQUEST',
        `The call was signed ${Math.round(skew)} s away from now.`,
      );
    }
    const requestId = (request.body as { requestId?: unknown } | null)?.requestId;
    if (typeof requestId !== 'string' || requestId.trim() === '' || requestId.length > 100) {
      throw new WalletError('BAD_REQUEST', 'requestId is required.');
    }
    // A money call remembers its request in its own statement (`casino_find_call`, migration
    // 0885): one commit for the request and the money. The reads remember theirs here.
    const money = MONEY_OPERATIONS.test(request.routeOptions.url ?? '');
    if (money) moneyRequests.set(request, { providerId: provider.id, requestId });
    else if (!(await rememberRequest(deps.db, provider.id, requestId, deps.now()))) {
      throw walletErrors.replayed(requestId);
    }
    providers.set(request, { id: provider.id, slug: provider.slug, kind: provider.kind });
  }

  const providerOf = (request: FastifyRequest) => {
    const provider = providers.get(request);
    if (!provider) throw new Error('verify did not run');
    return provider;
  };
  // Kept per process: a user's id, external id and site never change (wallet-players.ts).
  const playerOf = (playerId: string) => core.players.ofExternalId(playerId);
  const tokenPlayer = (token: string) => {
    const claims = verifyBbJwt(deps.config.bbJwtSecret, token, deps.now());
    if (!claims) throw new WalletError('INVALID_TOKEN', 'The token is not valid or has expired.');
    return claims;
  };

  const route = <S extends z.ZodType, R extends z.ZodType>(
    operation: string,
    summary: string,
    body: S,
    response: R,
    handle: (request: FastifyRequest, body: z.infer<S>) => Promise<z.infer<R>>,
  ) =>
    app.post(
      `${API_BASE.games}/wallet/:provider/${operation}`,
      {
        config: { rateLimit: false },
        // Server to server, JSON under a kilobyte: no compression and no browser headers (ADR 206).
        compress: false,
        decompress: false,
        helmet: false,
        preValidation: verify,
        schema: {
          tags: ['casino wallet'],
          summary,
          description: `Seamless wallet, server to server. Headers \`${WALLET_HEADERS.timestamp}\` (Unix seconds, within ${WALLET_MAX_SKEW_S} s) and \`${WALLET_HEADERS.signature}\` (hex HMAC-SHA256 of \`timestamp.body\` with the provider's secret); \`requestId\` unique per call; amounts in cents.`,
          params,
          body,
          response: { 200: response, ...errorResponses },
        },
      },
      // The response schema serialises (and checks) what handle answers.
      (async (request: FastifyRequest) => handle(request, request.body as z.infer<S>)) as never,
    );

  route(
    'authenticate',
    'Who the bbJwt names: player id, currency, balance',
    walletAuthenticateRequestSchema,
    walletPlayerResponseSchema,
    async (_request, body) => {
      const claims = tokenPlayer(body.token);
      const player = await playerOf(claims.externalId);
      const { balance, player: p } = await core.balance(player.id);
      return {
        status: 'OK' as const,
        playerId: p.external_id,
        currency: p.site.currencyCode,
        balance,
        siteId: p.site_id,
      };
    },
  );

  route(
    'balance',
    "The player's cash balance",
    walletBalanceRequestSchema,
    walletPlayerResponseSchema,
    async (_request, body) => {
      const player = await playerOf(body.playerId);
      const { balance, player: p } = await core.balance(player.id);
      return {
        status: 'OK' as const,
        playerId: p.external_id,
        currency: p.site.currencyCode,
        balance,
      };
    },
  );

  route(
    'debit',
    'Take a stake (bet) in a round; idempotent by transactionId',
    walletDebitRequestSchema,
    walletTransactionResponseSchema,
    async (request, body) => {
      const claims = tokenPlayer(body.token);
      if (claims.externalId !== body.playerId) {
        throw new WalletError('INVALID_TOKEN', 'The token names another player.');
      }
      const player = await playerOf(body.playerId);
      return (await core.debit(providerOf(request), { ...body, userId: player.id, known: player }))
        .response;
    },
  );

  route(
    'credit',
    'Pay a win (0 for a loss) and close the round; idempotent by transactionId',
    walletCreditRequestSchema,
    walletTransactionResponseSchema,
    async (request, body) => {
      const player = await playerOf(body.playerId);
      return (await core.credit(providerOf(request), { ...body, userId: player.id, known: player }))
        .response;
    },
  );

  route(
    'debit-credit',
    'Take a stake and pay its result in one call (a round decided when staked); idempotent by both transaction ids',
    walletDebitCreditRequestSchema,
    walletRoundResponseSchema,
    async (request, body) => {
      const claims = tokenPlayer(body.token);
      if (claims.externalId !== body.playerId) {
        throw new WalletError('INVALID_TOKEN', 'The token names another player.');
      }
      const player = await playerOf(body.playerId);
      const { debit, credit } = await core.debitCredit(providerOf(request), {
        userId: player.id,
        known: player,
        requestId: body.requestId,
        gameSlug: body.gameSlug,
        roundId: body.roundId,
        debit: { transactionId: body.debitTransactionId, amount: body.debitAmount },
        credit: { transactionId: body.creditTransactionId, amount: body.creditAmount },
      });
      return {
        status: 'OK' as const,
        playerId: credit.playerId,
        currency: credit.currency,
        balance: credit.balance,
        roundId: credit.roundId,
        debit: {
          transactionId: debit.transactionId,
          walletTransactionId: debit.walletTransactionId,
        },
        credit: {
          transactionId: credit.transactionId,
          walletTransactionId: credit.walletTransactionId,
        },
      };
    },
  );

  route(
    'rollback',
    'Give back a debit of an open round; idempotent by transactionId',
    walletRollbackRequestSchema,
    walletTransactionResponseSchema,
    async (request, body) => {
      const player = await playerOf(body.playerId);
      return (
        await core.rollback(providerOf(request), { ...body, userId: player.id, known: player })
      ).response;
    },
  );
}
