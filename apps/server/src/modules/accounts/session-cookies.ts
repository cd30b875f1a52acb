import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '@dau/contracts/http';

/**
 * The session travels in the httpOnly `authBB` cookie; `dau_signed_in=1` is readable by scripts
 * and only tells the client that a session exists. Secure whenever served over https.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): void {
  const secure = request.protocol === 'https';
  const base = { path: '/', sameSite: 'lax' as const, secure, expires: session.expiresAt };
  reply.setCookie(COOKIES.auth, session.token, { ...base, httpOnly: true });
  reply.setCookie(COOKIES.signedIn, '1', { ...base, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  const base = { path: '/', sameSite: 'lax' as const, secure };
  reply.clearCookie(COOKIES.auth, { ...base, httpOnly: true });
  reply.clearCookie(COOKIES.signedIn, base);
}

/** Attribution cookies set on arrival (doc 1 §2), stored with a new account. */
export function attributionOf(request: FastifyRequest) {
  const read = (name: string) => request.cookies[name]?.slice(0, 200) || null;
  return {
    click_id: read(COOKIES.clickId),
    affiliate: read(COOKIES.affiliate),
    btag: read(COOKIES.btag),
  };
}
