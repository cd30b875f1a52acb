import { BONUSES_PATH, bonusesResponseSchema } from '@dau/contracts/accounts/bonuses';
import { sitePathParamsSchema } from '@dau/contracts/accounts/common';
import { formatMoney } from '@dau/domain/money';
import { SITES, type SiteId } from '@dau/domain/sites';
import {
  INCOME_SOURCES_PATH,
  PROFILE_PATH,
  UPDATE_COMPLIANCE_PATH,
  UPDATE_EMAIL_PATH,
  incomeSourcesResponseSchema,
  profileResponseSchema,
  updateComplianceRequestSchema,
  updateComplianceResponseSchema,
  updateEmailRequestSchema,
  updateEmailResponseSchema,
} from '@dau/contracts/accounts/profile';
import {
  RESPONSIBLE_GAMBLING_PATH,
  responsibleGamblingRequestSchema,
  responsibleGamblingStateSchema,
} from '@dau/contracts/accounts/responsible-gambling';
import {
  FEATURE_STORE_PATH,
  GET_SETTINGS_PATH,
  UPDATE_SETTINGS_PATH,
  featureStoreRequestSchema,
  featureStoreResponseSchema,
  settingsResponseSchema,
  updateSettingsRequestSchema,
} from '@dau/contracts/accounts/settings';
import type { AppInstance } from '../../app-types';
import { authGuards } from '../../plugins/auth';
import { listIncomeSources } from './accounts.repository';
import {
  getProfile,
  getSettings,
  storeFeatureFlags,
  updateCompliance,
  updateEmail,
  updateSettings,
} from './profile.service';
import { currentLimit, startLimit } from './responsible-gambling.service';
import { clearSessionCookies } from './session-cookies';
import { getBalances, toUnits } from '../wallet/wallet.service';

/**
 * The signed-in user's own account: profile, email, compliance, settings, feature flags and
 * responsible gambling. The user always comes from the session; path and body never name one.
 */
export async function profileRoutes(app: AppInstance): Promise<void> {
  const { requireUser, optionalUser } = authGuards(app);

  app.get(
    PROFILE_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's profile and compliance status",
        params: sitePathParamsSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => getProfile(app.deps, request.user!.userId),
  );

  app.get(
    BONUSES_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's active bonus money and free bets (from the wallet)",
        params: sitePathParamsSchema,
        response: { 200: bonusesResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const site = SITES[user.siteId as SiteId];
      const balances = await getBalances(app.deps.db, user.userId);
      const held = [
        { type: 'bonus' as const, amount: balances.bonus },
        { type: 'freebet' as const, amount: balances.freeBet },
      ].filter((b) => b.amount > 0);
      return {
        cmsStatusMsg: { hasErrors: false, datasource_entries: [] },
        bonuses: held.map((b) => ({
          type: b.type,
          amount: toUnits(b.amount),
          amountDisplay: formatMoney(b.amount, site),
        })),
      };
    },
  );

  app.post(
    UPDATE_EMAIL_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Set the signed-in user's email address",
        body: updateEmailRequestSchema,
        response: { 200: updateEmailResponseSchema },
      },
    },
    async (request) => {
      const email = await updateEmail(app.deps, request.user!.userId, request.body.email);
      const value = `Your email address is now ${email}.`;
      return {
        hasErrors: false as const,
        value,
        email,
        datasource_entries: [
          { error_triggered: false, dimension_value: value, value: 'EMAIL_UPDATED' },
        ],
      };
    },
  );

  app.post(
    UPDATE_COMPLIANCE_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Submit compliance information (site fields); read-only after success',
        body: updateComplianceRequestSchema,
        response: { 200: updateComplianceResponseSchema },
      },
    },
    async (request) => ({
      hasErrors: false as const,
      fetchedObject: true as const,
      message: await updateCompliance(app.deps, request.user!.userId, request.body),
    }),
  );

  app.get(
    INCOME_SOURCES_PATH,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Income sources offered by the compliance form',
        response: { 200: incomeSourcesResponseSchema },
      },
    },
    async () => {
      const rows = await listIncomeSources(app.deps.db);
      return {
        isSuccess: true as const,
        fetchedObjects: rows.map((r) => ({ incomeSourceId: r.id, incomeSource: r.name })),
      };
    },
  );

  app.get(
    GET_SETTINGS_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's settings (boolean toggles)",
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => ({
      hasErrors: false as const,
      settings: await getSettings(app.deps, request.user!.userId),
    }),
  );

  app.post(
    UPDATE_SETTINGS_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Change some settings; answers all of them',
        body: updateSettingsRequestSchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => ({
      hasErrors: false as const,
      settings: await updateSettings(app.deps, request.user!.userId, request.body),
    }),
  );

  app.post(
    FEATURE_STORE_PATH,
    {
      preHandler: optionalUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Store the locally kept feature flags (kept for signed-in users only)',
        body: featureStoreRequestSchema,
        response: { 200: featureStoreResponseSchema },
      },
    },
    async (request) => {
      if (!request.user) return { stored: false };
      await storeFeatureFlags(app.deps, request.user.userId, request.body);
      return { stored: true };
    },
  );

  app.get(
    RESPONSIBLE_GAMBLING_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['responsible gambling'],
        summary: 'The break or self-exclusion in force, if any',
        response: { 200: responsibleGamblingStateSchema },
      },
    },
    async (request) => {
      const limit = await currentLimit(app.deps.db, request.user!.userId, app.deps.now());
      return stateBody(limit);
    },
  );

  app.post(
    RESPONSIBLE_GAMBLING_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['responsible gambling'],
        summary: 'Take a break (24h, 7d, 30d) or self-exclude (6m); cannot be lifted early',
        description:
          'Ends every session of the user at once. Until the end, deposits and bets are refused; a login opens a restricted account that can still withdraw and see transactions (ADR 031).',
        body: responsibleGamblingRequestSchema,
        response: { 200: responsibleGamblingStateSchema },
      },
    },
    async (request, reply) => {
      const limit = await startLimit(
        app.deps.db,
        request.user!.userId,
        request.body.period,
        app.deps.now(),
        app.deps.realtime,
      );
      clearSessionCookies(request, reply);
      return stateBody(limit);
    },
  );
}

function stateBody(limit: Awaited<ReturnType<typeof currentLimit>>) {
  return {
    hasErrors: false as const,
    active: limit
      ? {
          kind: limit.kind,
          period: limit.period,
          startsAt: limit.startsAt.toISOString(),
          endsAt: limit.endsAt.toISOString(),
        }
      : null,
    message: limit?.message ?? null,
  };
}
