import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ContentSource } from './modules/content/content-source';
import { LocalContentService } from './modules/content/local-content.service';
import { StoryblokCdnService } from './modules/content/storyblok-cdn.service';
import type { FeedProvider, SimulatedFeed } from './modules/feed/feed-messages';
import { AfricasTalkingSms } from './modules/notifications/africastalking-sms';
import type { SmsProvider } from './modules/notifications/sms.provider';
import { smsUnavailable } from './modules/notifications/sms-unavailable';
import { DarajaProvider } from './modules/payments/daraja.provider';
import {
  operatorRegistry,
  type MobileMoneyOperator,
  type MobileMoneyOperators,
} from './modules/payments/mobile-money.operator';
import { MtnMomoOperator } from './modules/payments/mtn-momo.operator';
import { AirtelMoneyOperator } from './modules/payments/airtel-money.operator';
import { VodacomMpesaOperator } from './modules/payments/vodacom-mpesa.operator';
import { AIRTEL_SANDBOX_PREFIX } from './sandbox/operators/airtel-sandbox';
import { MOMO_SANDBOX_PREFIX } from './sandbox/operators/momo-sandbox';
import {
  VODACOM_SANDBOX_PREFIX,
  vodacomSandboxPublicKey,
} from './sandbox/operators/vodacom-sandbox';
import { SITES, type SiteConfig } from '@dau/domain/sites';
import {
  MobileMoneyError,
  type MobileMoneyProvider,
} from './modules/payments/mobile-money.provider';
import { DARAJA_SANDBOX_PREFIX } from './sandbox/daraja/daraja-sandbox';
import { FeedSimulator } from './sandbox/feed-simulator/feed-simulator';
import { AFRICASTALKING_SANDBOX_PREFIX } from './sandbox/sms/africastalking-sandbox';
import { SandboxSmsProvider } from './sandbox/sms/sandbox-sms-provider';

/**
 * The composition root of the external services. Every service Dau talks to has its interface
 * in the module that uses it, a real adapter and a sandbox; this file alone reads the
 * configuration, picks one of each and hands it in (through `AppDeps`). Modules never import
 * `sandbox/`, and sandboxes import only the interfaces they implement (ADR 100,
 * `npm run check:deps`).
 *
 * | service      | interface (module)                         | real adapter             | sandbox                               |
 * | ------------ | ------------------------------------------ | ------------------------ | ------------------------------------- |
 * | odds feed    | `FeedProvider` (feed/feed-messages.ts)     | — (none yet)             | `FeedSimulator`                       |
 * | SMS          | `SmsProvider` (notifications/sms.provider) | `AfricasTalkingSms`      | outbox, or Africa's Talking protocol  |
 * | mobile money | `MobileMoneyProvider` (payments)           | `DarajaProvider`         | Daraja protocol (`/sandbox/daraja`)   |
 * | content      | `ContentSource` (content)                  | `StoryblokCdnService`    | `LocalContentService` over `content/` |
 * | game studios | `GameProvider` (casino, to come)           | per studio               | per studio                            |
 */
export interface Providers {
  feed: { provider: FeedProvider | null; simulator: SimulatedFeed | null };
  sms: SmsProvider;
  mobileMoney: MobileMoneyProvider;
  mobileMoneyOperators: MobileMoneyOperators;
  content: ContentSource;
  // Game providers plug in here the same way: `games: GameProviders` built by a
  // `gameProviders(context)` below from the configuration, the interface in
  // modules/casino/game.provider.ts, each studio's sandbox under sandbox/.
}

export interface CompositionContext {
  config: Config;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * This server's own base URL once it listens (`http://127.0.0.1:<port>`): where the built-in
   * sandboxes answer when no real service is configured. Throws before `listen`.
   */
  selfUrl: () => string;
}

export function composeProviders(context: CompositionContext): Providers {
  return {
    feed: feedProvider(context),
    sms: smsProvider(context),
    mobileMoney: mobileMoneyProvider(context),
    mobileMoneyOperators: mobileMoneyOperators(context),
    content: contentSource(context),
  };
}

/** FEED_MODE: the sandbox simulator (`simulator`, `manual`), or no feed (`off`). */
function feedProvider({ config, now }: CompositionContext): Providers['feed'] {
  if (config.feed.mode === 'off') return { provider: null, simulator: null };
  const simulator = new FeedSimulator({
    seed: config.feed.seed,
    startAt: now().getTime(),
    speed: config.feed.speed,
    fixturesPerTournament: config.feed.fixturesPerTournament,
    liveTarget: config.feed.liveTarget,
    outages: config.feed.outages,
  });
  return { provider: simulator, simulator };
}

/**
 * SMS_PROVIDER: the sandbox outbox, Africa's Talking (at AFRICASTALKING_BASE_URL, or this
 * server's Africa's Talking-compatible sandbox while sandboxes are on), or none.
 */
function smsProvider({ config, db, log, selfUrl }: CompositionContext): SmsProvider {
  const { provider, africasTalking } = config.sms;
  switch (provider) {
    case 'sandbox':
      return new SandboxSmsProvider(db);
    case 'africastalking': {
      const { baseUrl, ...account } = africasTalking;
      return new AfricasTalkingSms(
        account,
        () => baseUrl ?? `${selfUrl()}${AFRICASTALKING_SANDBOX_PREFIX}`,
      );
    }
    case 'none':
      if (config.env === 'production') {
        log.warn(
          'SMS: no gateway configured (SMS_PROVIDER); registration and password reset answer 503',
        );
      }
      return smsUnavailable;
  }
}

/**
 * M-Pesa over Daraja at DARAJA_BASE_URL, or this server's Daraja sandbox while sandboxes are on.
 * Other countries' operators (MTN MoMo, Airtel Money, Vodacom M-Pesa Tanzania) become a
 * per-site registry here: build one provider per configured operator and hand payments the
 * lookup instead of the one Daraja provider.
 */
function mobileMoneyProvider({ config, now, selfUrl }: CompositionContext): MobileMoneyProvider {
  const darajaBase = () => {
    if (config.payments.darajaBaseUrl) return config.payments.darajaBaseUrl.replace(/\/$/, '');
    if (config.sandbox) return `${selfUrl()}${DARAJA_SANDBOX_PREFIX}`;
    throw new MobileMoneyError('mobile money is not configured');
  };
  return new DarajaProvider(config.payments, darajaBase, now);
}

/**
 * The operators outside Kenya (ADR 131): MTN MoMo (Uganda, Zambia), Airtel Money (Uganda,
 * Zambia, Tanzania), Vodacom M-Pesa (Tanzania), each from its own configuration.
 */
function mobileMoneyOperators({ config, selfUrl }: CompositionContext): MobileMoneyOperators {
  const mm = config.mobileMoney;
  const base = (configured: string | undefined, sandboxPrefix: string, name: string) => () => {
    if (configured) return configured.replace(/\/$/, '');
    if (config.sandbox) return `${selfUrl()}${sandboxPrefix}`;
    throw new MobileMoneyError(`${name} is not configured`);
  };
  const momoBase = base(mm.momoBaseUrl, MOMO_SANDBOX_PREFIX, 'MTN MoMo');
  const airtelBase = base(mm.airtelBaseUrl, AIRTEL_SANDBOX_PREFIX, 'Airtel Money');
  const vodacomBase = base(mm.vodacomBaseUrl, VODACOM_SANDBOX_PREFIX, 'M-Pesa (Vodacom)');
  // The built-in sandbox's key pair stands in for Vodacom's only against the sandbox itself.
  const vodacomKey = (configured: string | null) => () => {
    if (configured) return configured;
    if (config.sandbox && !mm.vodacomBaseUrl) return vodacomSandboxPublicKey();
    throw new MobileMoneyError('M-Pesa (Vodacom) has no public key configured');
  };
  const site = (cc: string) => {
    const found = (Object.values(SITES) as SiteConfig[]).find((s) => s.countryCode === cc);
    if (!found) throw new Error(`no site for country ${cc}`);
    return found;
  };
  const operators: MobileMoneyOperator[] = [];
  for (const key of mm.operators) {
    const [provider, cc] = key.split(':') as [string, 'ug' | 'zm' | 'tz'];
    const { siteId, currencyCode } = site(cc);
    if (provider === 'mtn-momo' && cc !== 'tz') {
      operators.push(new MtnMomoOperator(siteId, currencyCode, mm.momo[cc], momoBase));
    } else if (provider === 'airtel-money') {
      operators.push(new AirtelMoneyOperator(siteId, currencyCode, mm.airtel[cc], airtelBase));
    } else if (provider === 'vodacom-mpesa' && cc === 'tz') {
      const credentials = mm.vodacom[cc];
      operators.push(
        new VodacomMpesaOperator(siteId, currencyCode, credentials, vodacomBase, {
          environment: mm.vodacomEnvironment,
          publicKey: vodacomKey(credentials.publicKey),
          // Vodacom's new session keys take up to 30 s to work; the built-in sandbox's at once.
          sessionActivationMs: mm.vodacomBaseUrl ? 30_000 : 0,
        }),
      );
    }
  }
  return operatorRegistry(operators);
}

/** STORYBLOK_TOKEN: the real Storyblok CDN; otherwise the JSON files under CONTENT_DIR. */
function contentSource({ config, log }: CompositionContext): ContentSource {
  if (config.content.storyblok) return new StoryblokCdnService(config.content.storyblok);
  return new LocalContentService({
    dir: config.content.dir,
    reloadMs: config.content.reloadMs,
    onProblems: (problems) => log.warn({ problems }, 'content files skipped'),
    onReloadError: (err) => log.error({ err }, 'content reload failed; serving last content'),
  });
}
