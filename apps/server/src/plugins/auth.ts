import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '@dau/contracts/http';
import { AppError } from '../errors/app-error';
import { sessionCache } from '../modules/accounts/session-cache';
import type { AppInstance } from '../app-types';

/** The session token of a request: the `authBB` cookie, else a bearer token. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[COOKIES.auth];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

export interface GuardOptions {
  /**
   * The session is looked up on the priority pool (ADR 187) and a read up to
   * `SESSION_CACHE_PRIORITY_SECONDS` old answers: for a route whose answer must not queue behind
   * the main pool's transactions (the cash-out).
   */
  priority?: boolean;
  /**
   * The session is read from the database on every request, never from memory: routes that move
   * money out or change credentials (payments, password change; ADR 188).
   */
  fresh?: boolean;
}

/**
 * Route guards. Every user endpoint derives the user from the session, never from the body
 * or the path. The session comes from the instance's session cache (ADR 188): a read at most
 * `SESSION_CACHE_SECONDS` old, else the database.
 */
export function authGuards(app: AppInstance, options: GuardOptions = {}) {
  const sessions = sessionCache(app.deps);
  const db = options.priority ? app.deps.priorityDb : app.deps.db;
  const { sessionCacheMs, sessionCachePriorityMs } = app.deps.config;
  const maxAgeMs = options.fresh ? 0 : options.priority ? sessionCachePriorityMs : sessionCacheMs;
  async function load(request: FastifyRequest) {
    request.user = await sessions.resolve(db, sessionTokenOf(request), maxAgeMs);
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
