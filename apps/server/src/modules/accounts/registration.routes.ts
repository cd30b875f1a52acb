import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { login3ResponseSchema } from '@dau/contracts/accounts/login3';
import {
  REGISTER_PATHS,
  registerDetailsRequestSchema,
  registerSidRequestSchema,
  registerStartRequestSchema,
  registerStatusQuerySchema,
  registerVerifyRequestSchema,
  registrationStateSchema,
} from '@dau/contracts/accounts/registration';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types';
import type { User } from './accounts.tables';
import { signedInBody } from './login.service';
import {
  completeDetails,
  registrationStatus,
  resendCode,
  startRegistration,
  verifyCode,
  type CompletedRegistration,
} from './registration.service';
import { attributionOf, setSessionCookies } from './session-cookies';
import { createSession } from './session.service';

const completionSchema = registrationStateSchema.extend({ login: login3ResponseSchema.optional() });

/** Registration steps: start → code by SMS → verify → site details → active and signed in. */
export async function registrationRoutes(app: AppInstance): Promise<void> {
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    const session = await createSession(app.deps.db, user.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      now: app.deps.now(),
    });
    setSessionCookies(request, reply, session);
    return signedInBody(app.deps, user, session.token);
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, done: CompletedRegistration) {
    if (!done.activatedUser) return done.state;
    return { ...done.state, login: await signIn(request, reply, done.activatedUser) };
  }

  app.post(
    REGISTER_PATHS.start,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: 'Step 1: phone, password or PIN, terms and minimum age; texts a code',
        description:
          'Answers an opaque `sid` for the next steps (`/register/verify?mobile=&sid=`). Attribution cookies (click_id, affiliate, btag) are stored with the account. Codes expire after 10 minutes; one code a minute, five a day per number.',
        body: registerStartRequestSchema,
        response: { 200: registrationStateSchema },
      },
    },
    async (request) =>
      startRegistration(app.deps, {
        siteId: request.site.siteId,
        phone: request.body.phone,
        password: request.body.password,
        username: request.body.username,
        acceptTerms: request.body.acceptTerms,
        confirmMinimumAge: request.body.confirmMinimumAge,
        attribution: attributionOf(request),
      }),
  );

  app.get(
    REGISTER_PATHS.status,
    {
      schema: {
        tags: ['registration'],
        summary: 'Where a registration stands',
        querystring: registerStatusQuerySchema,
        // 404: no registration with that sid (it ended, or never was).
        response: { 200: registrationStateSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => registrationStatus(app.deps, request.query.sid),
  );

  app.post(
    REGISTER_PATHS.resend,
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: 'Send a new code (at most one a minute)',
        body: registerSidRequestSchema,
        response: { 200: registrationStateSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => resendCode(app.deps, request.body.sid),
  );

  app.post(
    REGISTER_PATHS.verify,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: 'Step 2: the code from the SMS (5 attempts per code)',
        description:
          'On sites that ask no details the account becomes active here and `login` carries the login3 answer (cookies set).',
        body: registerVerifyRequestSchema,
        response: { 200: completionSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      answer(request, reply, await verifyCode(app.deps, request.body.sid, request.body.code)),
  );

  app.post(
    REGISTER_PATHS.details,
    {
      schema: {
        tags: ['registration'],
        summary:
          "Step 3: the site's details (names, date of birth, ID, ...); activates the account",
        body: registerDetailsRequestSchema,
        response: { 200: completionSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      answer(request, reply, await completeDetails(app.deps, request.body.sid, request.body)),
  );
}
