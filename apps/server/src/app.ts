import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createClient } from 'redis';
import { siteConfig, siteForHost } from '@dau/domain/sites';
import type { AppDeps, AppInstance } from './app-types';
import { AppError } from './errors/app-error';
import { requestTimeOffset } from './plugins/time-offset';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { responsibleGamblingGuard } from './modules/accounts/responsible-gambling.service';
import { bettingRoutes } from './modules/betting/betting.routes';
import { bookingCodeRoutes } from './modules/betting/booking-code.routes';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes';
import { casinoRoutes, createCasino } from './modules/casino/casino.plugin';
import { gameEngines } from './modules/casino/games/games.plugin';
import { virtualsModule } from './modules/virtuals/virtuals.plugin';
import { jackpotsModule } from './modules/jackpots/jackpots.plugin';
import { contentRoutes } from './modules/content/content.routes';
import { pageLookup } from './modules/content/page-lookup';
import { clientLogRoutes } from './modules/diagnostics/client-log.routes';
import { connectionTestRoutes } from './modules/diagnostics/connection-test.routes';
import { healthRoutes } from './modules/diagnostics/health.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { feedSandboxRoutes } from './modules/feed/feed-sandbox.routes';
import { noticesRoutes } from './modules/notices/notices.routes';
import { feedSubscriptions } from './modules/feed/feed-subscriptions';
import { sportsRoutes } from './modules/sports/sports.routes';
import { supportRoutes } from './modules/support/support.routes';
import { registerApiDocs } from './plugins/api-docs';
import { trustFunction } from './plugins/client-address';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
} from './plugins/error-handler';
import { refuseNulCharacters } from './plugins/input-guard';
import { darajaSandbox } from './sandbox/daraja/daraja-sandbox';
import { airtelSandbox } from './sandbox/operators/airtel-sandbox';
import { momoSandbox } from './sandbox/operators/momo-sandbox';
import { vodacomSandbox } from './sandbox/operators/vodacom-sandbox';
import { africasTalkingSandbox } from './sandbox/sms/africastalking-sandbox';
import { smsOutboxRoutes } from './sandbox/sms/sms-outbox.routes';
import { trailingSlashRedirect, webApp } from './web/web-app';

export interface BuildAppOptions {
  deps: AppDeps;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole HTTP application around its dependencies. `main.ts` only starts it. */
export async function buildApp({ deps, logger }: BuildAppOptions): Promise<AppInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    // The client address is the one the nearest untrusted hop saw (decision 121).
    trustProxy: config.trustProxy === false ? false : trustFunction(config.trustProxy),
    requestIdHeader: 'x-request-id',
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('site', null as never);
  app.decorateRequest('timeOffsetMinutes', 0);
  app.decorateRequest('user', null);
  registerErrorHandling(app);

  app.addHook('onRequest', (request, _reply, done) => {
    request.site = siteConfig(siteForHost(request.hostname, config.siteHosts, config.siteId));
    try {
      request.timeOffsetMinutes = requestTimeOffset(request);
    } catch (error) {
      done(error as AppError);
      return;
    }
    done();
  });
  app.addHook('onRequest', trailingSlashRedirect);
  app.addHook('preValidation', refuseNulCharacters);

  // Event lists run to tens of kilobytes of JSON; on metered mobile data they travel compressed.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.env === 'production',
  });

  // With Redis down, a rate-limit lookup fails at once (no offline queue holding the request)
  // and the limiter lets the request through (skipOnError): Redis is not worth an outage.
  const redis = config.redisUrl
    ? createClient({ url: config.redisUrl, disableOfflineQueue: true })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.error({ err }, 'redis (rate limit) error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    skipOnError: true,
    ...(redis ? { redis: redisForRateLimit(redis), nameSpace: `${config.redisPrefix}rl:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', [
        {
          message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        },
      ]),
  });

  // The OpenAPI document and its viewer; in production only when API_DOCS is set (ADR 122).
  if (config.apiDocs) await registerApiDocs(app);

  await app.register(healthRoutes);
  await app.register(clientLogRoutes);
  await app.register(accountsRoutes);
  await app.register(smsOutboxRoutes);
  await app.register(walletRoutes);
  await app.register(paymentsRoutes, { gamblingGuard: responsibleGamblingGuard(deps) });
  if (config.sandbox) {
    await app.register(darajaSandbox);
    await app.register(momoSandbox);
    await app.register(airtelSandbox);
    await app.register(vodacomSandbox);
    await app.register(africasTalkingSandbox);
  }
  await app.register(sportsRoutes);
  await app.register(feedSandboxRoutes);
  await app.register(noticesRoutes);
  deps.realtime.onConnection(feedSubscriptions(deps.feed));
  await app.register(contentRoutes);
  await app.register(supportRoutes);
  await app.register(connectionTestRoutes);
  await app.register(bettingRoutes);
  await app.register(bookingCodeRoutes);
  await app.register(loyaltyRoutes);
  // Casino (issue #13): catalogue, lobbies, the seamless game wallet; Dau's game engines take
  // `casino.wallet` (money) and `casino.engines` (what is playable).
  const casino = createCasino(deps);
  await app.register(casinoRoutes, { casino });
  // In-house games (issue #13 item 4): seeds, one-step games, Mines, Roulette, via the wallet.
  await app.register(gameEngines, { casino });
  await app.register(virtualsModule, { casino });
  // Sports jackpots (issue #21 items 4–6): rounds of 13 or 17 matches from the feed's fixtures.
  await app.register(jackpotsModule);
  // The web app answers 404 for page paths the shared page table or the content do not know.
  await app.register(webApp, { lookup: pageLookup(deps.content) });

  return app;
}

/**
 * @fastify/rate-limit speaks ioredis' command API (`defineCommand` with a Lua script, then
 * `client[name](key, ...args, callback)`). This adapter runs those scripts through node-redis.
 */
function redisForRateLimit(client: {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}) {
  type Callback = (err: Error | null, result?: unknown) => void;
  const commands: Record<string, unknown> = {
    defineCommand(name: string, definition: { numberOfKeys: number; lua: string }) {
      commands[name] = (...args: unknown[]) => {
        const callback = args.pop() as Callback;
        const keys = args.slice(0, definition.numberOfKeys).map(String);
        const rest = args.slice(definition.numberOfKeys).map(String);
        client
          .eval(definition.lua, { keys, arguments: rest })
          .then((result) => callback(null, result))
          .catch((err: Error) => callback(err));
      };
    },
  };
  return commands;
}
