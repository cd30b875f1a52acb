import { errorEnvelopeSchema } from '@dau/contracts/errors';
import {
  LOGIN3_PATH,
  login3RequestSchema,
  login3ResponseSchema,
} from '@dau/contracts/accounts/login3';
import {
  CHANGE_PASSWORD_PATH,
  FORGOTTEN_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  changePasswordRequestSchema,
  forgottenPasswordRequestSchema,
  forgottenPasswordResponseSchema,
  passwordChangedResponseSchema,
  resetPasswordCheckParamsSchema,
  resetPasswordCheckResponseSchema,
  resetPasswordRequestSchema,
} from '@dau/contracts/accounts/password-reset';
import {
  IS_LOGGED_IN_PATH,
  LOGOUT_PATH,
  isLoggedInRequestSchema,
  isLoggedInResponseSchema,
  logoutResponseSchema,
} from '@dau/contracts/accounts/session';
import { COOKIES } from '@dau/contracts/http';
import { AppError } from '../../errors/app-error';
import type { AppInstance } from '../../app-types';
import { publicBaseUrl } from '../../config/server';
import { authGuards, sessionTokenOf } from '../../plugins/auth';
import { login } from './login.service';
import {
  FORGOTTEN_PASSWORD_ANSWER,
  changePassword,
  isResetUsable,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service';
import { clearSessionCookies, setDeviceCookie, setSessionCookies } from './session-cookies';
import { endSession, resolveSession } from './session.service';

/** login3, isLoggedIn, logout, forgotten/reset password and change PIN. */
export async function authRoutes(app: AppInstance): Promise<void> {
  // A password change: the session is read every time, never from memory (ADR 188).
  const { requireUser } = authGuards(app, { fresh: true });

  app.post(
    LOGIN3_PATH,
    {
      // Many subscribers share one carrier-grade NAT address; guessing is bounded by the login
      // counters (refused before any hashing), so this only caps raw request floods.
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Log in with a phone number (any local format) or username and a password or PIN',
        description:
          'Sets the httpOnly `authBB` session cookie and `dau_signed_in=1`. Accounts under registration answer `hasErrors` with `isUnderRegistration`, `registrationStep` 1 and a `sid`. Wrong credentials answer 401; attempts count per account (all its identifiers) and per network, or per known browser (`dau_device` cookie); past 5 per account in 15 minutes (20 a day) or 50 per network, the next ones answer 429 until that window ends (ADR 120); a break or self-exclusion answers 403.',
        body: login3RequestSchema,
        response: { 200: login3ResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const outcome = await login(app.deps, {
        identifier: body.UnspecifiedUsername,
        password: body.UserPassword ?? body.password ?? '',
        siteId: request.site.siteId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        deviceToken: request.cookies[COOKIES.device],
      });
      if (outcome.kind === 'signed-in') {
        setSessionCookies(request, reply, outcome.session);
        if (outcome.deviceToken) setDeviceCookie(request, reply, outcome.deviceToken);
      } else clearSessionCookies(request, reply);
      return outcome.body;
    },
  );

  app.post(
    IS_LOGGED_IN_PATH,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether the session (cookie, bearer or onlineToken) is signed in',
        // A body-less call asks about the cookie or bearer session.
        body: isLoggedInRequestSchema.nullish(),
        response: { 200: isLoggedInResponseSchema },
      },
    },
    async (request) => {
      const token = request.body?.onlineToken || sessionTokenOf(request);
      const user = await resolveSession(
        app.deps.db,
        token,
        app.deps.now(),
        app.deps.config.sessionIdleMs,
      );
      return { isLoggedIn: user !== null };
    },
  );

  app.post(
    LOGOUT_PATH,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log out: revokes the session server-side, ends its sockets, clears the cookies',
        description:
          'POST only: a GET answers 405, so a link or image on another page cannot sign the user out (ADR 122). The body may be empty.',
        response: { 200: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.deps.now();
      const user = await resolveSession(
        app.deps.db,
        sessionTokenOf(request),
        now,
        app.deps.config.sessionIdleMs,
      );
      if (user) await endSession(app.deps, user.sessionId, now);
      clearSessionCookies(request, reply);
      return { hasErrors: false as const, loggedOut: user !== null };
    },
  );

  app.get(
    LOGOUT_PATH,
    {
      schema: { hide: true },
    },
    async (_request, reply) => {
      reply.header('allow', 'POST');
      throw new AppError('METHOD_NOT_ALLOWED', [
        { code: 'METHOD_NOT_ALLOWED', message: 'Log out with POST.' },
      ]);
    },
  );

  app.post(
    FORGOTTEN_PASSWORD_PATH,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Send a single-use password reset link by SMS (valid 15 minutes)',
        body: forgottenPasswordRequestSchema,
        response: { 200: forgottenPasswordResponseSchema },
      },
    },
    async (request) => {
      const siteId = request.site.siteId;
      await requestPasswordReset(app.deps, {
        siteId,
        identifier: request.body.UnspecifiedUsername,
        baseUrl: publicBaseUrl(app.deps.config, siteId, request),
      });
      return { hasErrors: false as const, message: FORGOTTEN_PASSWORD_ANSWER };
    },
  );

  app.get(
    `${RESET_PASSWORD_PATH}/:guid`,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Whether a reset link can still be used',
        params: resetPasswordCheckParamsSchema,
        response: { 200: resetPasswordCheckResponseSchema },
      },
    },
    async (request) => ({ valid: await isResetUsable(app.deps, request.params.guid) }),
  );

  app.post(
    RESET_PASSWORD_PATH,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password or PIN with a reset guid; ends every session',
        body: resetPasswordRequestSchema,
        response: { 200: passwordChangedResponseSchema },
      },
    },
    async (request, reply) => {
      const { deviceToken } = await resetPassword(
        app.deps,
        request.body.guid,
        request.body.password,
      );
      clearSessionCookies(request, reply);
      // The owner proved the phone: this browser may log in at once, whatever strangers tried.
      setDeviceCookie(request, reply, deviceToken);
      return {
        hasErrors: false as const,
        message: 'Your PIN has been changed. Please log in with the new one.',
      };
    },
  );

  app.post(
    CHANGE_PASSWORD_PATH,
    {
      preHandler: requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password or PIN; requires the current one and ends other sessions',
        body: changePasswordRequestSchema,
        response: { 200: passwordChangedResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      await changePassword(app.deps, {
        userId: user.userId,
        sessionId: user.sessionId,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
      });
      return { hasErrors: false as const, message: 'Your PIN has been changed.' };
    },
  );
}
