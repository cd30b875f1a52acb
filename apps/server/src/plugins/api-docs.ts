import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { COOKIES } from '@dau/contracts/http';
import type { AppInstance } from '../app-types';

type Auth = 'required' | 'optional' | 'none';
type Hook = RouteOptions['onRequest'] | RouteOptions['preHandler'];

/** Who may call a route, read from the session guards it runs (`requireUser`, `optionalUser`). */
export function routeAuth(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): Auth {
  const names = [route.onRequest, route.preHandler]
    .flatMap((hook: Hook) => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]))
    .map((fn) => (fn as { name?: string }).name);
  if (names.includes('requireUser')) return 'required';
  if (names.includes('optionalUser')) return 'optional';
  return 'none';
}

const SIGNED_IN: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
const SECURITY: Record<Auth, Record<string, string[]>[]> = {
  required: SIGNED_IN,
  optional: [{}, ...SIGNED_IN],
  none: [],
};

const envelope = (description: string) => errorEnvelopeSchema.describe(description);

/**
 * What the document says a route answers besides its own responses (decision 125): the error
 * envelope for the refusals every route can give (400 bad input, 413 and 415 for bodies, 401
 * without a session where one is required, 429 past the rate limit) and `default` for the rest;
 * 414 for a path parameter past the limit, on every route that has one;
 * and its security scheme. A route that documents 4xx answers in its own shape (the Storyblok
 * CDN, the game-wallet seam) keeps its own and gets no envelope.
 */
export function documentedSchema(
  schema: Record<string, unknown>,
  route: Pick<RouteOptions, 'method' | 'onRequest' | 'preHandler' | 'config'> & { url?: string },
): Record<string, unknown> {
  const auth = routeAuth(route);
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  const ownShape = Object.entries(response).some(
    ([status, answer]) => /^4/.test(status) && answer !== errorEnvelopeSchema,
  );
  // Refused by the router before any route runs, so in the envelope on every route.
  if (/[:*]/.test(route.url ?? '')) {
    response[414] ??= envelope('A path parameter is longer than the limit');
  }
  if (!ownShape) {
    const add = (status: number | 'default', description: string) => {
      response[status] ??= envelope(description);
    };
    for (const refusal of route.config?.refusals ?? []) add(refusal.status, refusal.description);
    const methods = [route.method].flat();
    add(400, 'Bad input: validation, malformed JSON, a control character, a bad path');
    if (methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m))) {
      add(413, 'The body is larger than the limit');
      add(415, 'The body is not JSON');
    }
    if (auth === 'required') add(401, 'No session, or it ended (logout, expiry, idle timeout)');
    add(429, 'Too many requests; `Retry-After` says when to try again');
    add(
      'default',
      'Any other refusal (403, 404, 409, 422 …) or failure (500, 503): the error envelope',
    );
  }
  return { ...schema, response, security: schema.security ?? SECURITY[auth] };
}

/** `/api/docs` (the viewer) and `/api/docs/json` (the OpenAPI document). */
export async function registerApiDocs(app: AppInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dau API',
        description:
          'Sportsbook, casino and payments API of Dau. Failed calls answer the error envelope `{ hasErrors: true, datasource_entries: [{ error_triggered, dimension_value, value }] }`. Signed-in calls take the session from the httpOnly `authBB` cookie or an `Authorization: Bearer` header with the same token.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: COOKIES.auth },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (input) =>
      input.schema && !input.schema.hide
        ? jsonSchemaTransform({
            ...input,
            schema: documentedSchema(input.schema as Record<string, unknown>, input.route),
          } as Parameters<typeof jsonSchemaTransform>[0])
        : jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
