import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '@dau/contracts/http';
import { AppError } from '../errors/app-error';
import { resolveSession } from '../modules/accounts/session.service';
import type { AppInstance } from '../app-types';

/** The session token of a request: the `authBB` cookie, else a bearer token. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[COOKIES.auth];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

/**
 * Route guards. Every user endpoint derives the user from the session, never from the body
 * or the path. With `priority` the session is looked up on the priority pool (ADR 187): for a
 * route whose answer must not queue behind the main pool's transactions (a cash-out).
 */
export function authGuards(app: AppInstance, options: { priority?: boolean } = {}) {
  async function load(request: FastifyRequest) {
    request.user = await resolveSession(
      options.priority ? app.deps.priorityDb : app.deps.db,
      sessionTokenOf(request),
      app.deps.now(),
      app.deps.config.sessionIdleMs,
    );
  }
  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      await load(request);
      if (!request.user) throw new AppError('UNAUTHENTICATED');
    },
    async optionalUser(request: FastifyRequest, _reply: FastifyReply) {
      await load(request);
    },
  };
}
