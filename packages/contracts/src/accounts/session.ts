import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P } from './paths';
import { siteTripleSchema } from './common';

/** `POST {core}/customer/isLoggedIn` (spec doc 2 §7). */
export const IS_LOGGED_IN_PATH = `${API_BASE.core}${P.isLoggedIn}`;
export const isLoggedInRequestSchema = siteTripleSchema.extend({
  /** A token from login3; the `authBB` cookie or bearer header is used when absent. */
  onlineToken: z.string().max(200).optional(),
});
export const isLoggedInResponseSchema = z.object({ isLoggedIn: z.boolean() });
export type IsLoggedInResponse = z.infer<typeof isLoggedInResponseSchema>;

/**
 * `POST {core}/auth/logout`: revokes the session server-side, ends its sockets and clears the
 * cookies. The spec shows a GET; a GET would let any page sign a user out, so it answers 405
 * (decision 122).
 */
export const LOGOUT_PATH = `${API_BASE.core}${P.logout}`;
export const logoutResponseSchema = z.object({
  hasErrors: z.literal(false),
  loggedOut: z.boolean(),
});
