import type { Login3Response } from '@dau/contracts/accounts/login3';
import { COOKIES } from '@dau/contracts/http';
import { RETURNING_USER_COOKIE_S } from '@dau/domain/constants';
import { useSessionStore } from '../../../lib/session-store';
import { writeCookie } from './form-parts';

/**
 * After a successful login3 (or a finished registration): keep the token for the bearer header
 * and the socket `auth` emit, and set the returning-user cookie (24000 s, doc 1 §4).
 */
export function completeSignIn(answer: Login3Response): void {
  if (!answer.tokenString) return;
  useSessionStore
    .getState()
    .setSession({ token: answer.tokenString, extId: answer.providerUserID });
  writeCookie(COOKIES.returningUser, '1', RETURNING_USER_COOKIE_S);
}

/** Where an unfinished registration continues: step 3 once verified, else step 2. */
export function registrationStepUrl(input: { sid: string; mobile: string; isVerified: boolean }) {
  const query = `mobile=${encodeURIComponent(input.mobile)}&sid=${encodeURIComponent(input.sid)}`;
  return input.isVerified ? `/register?${query}#3` : `/register/verify?${query}`;
}
