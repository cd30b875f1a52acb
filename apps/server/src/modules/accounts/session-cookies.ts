import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '@dau/contracts/http';
import { DEVICE_TTL_MS } from './login-throttle';

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

/**
 * Sign-out: the session cookies and the balance the header showed go. The device cookie stays:
 * it only says this browser belongs to the account's owner (decision 120).
 */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  const base = { path: '/', sameSite: 'lax' as const, secure };
  reply.clearCookie(COOKIES.auth, { ...base, httpOnly: true });
  reply.clearCookie(COOKIES.signedIn, base);
  reply.clearCookie(COOKIES.balance, base);
}

/** The known-device cookie (httpOnly, 90 days) a successful login or reset hands out. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIES.device, token, {
    path: '/api/core',
    sameSite: 'strict',
    secure: request.protocol === 'https',
    httpOnly: true,
    maxAge: DEVICE_TTL_MS / 1000,
  });
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
