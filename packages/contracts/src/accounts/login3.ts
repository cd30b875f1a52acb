import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P } from './paths';
import { datasourceEntrySchema } from './common';

/** `POST {core}/login3` (spec doc 2 §7, doc 1 §3). */
export const LOGIN3_PATH = `${API_BASE.core}${P.login3}`;

export const login3RequestSchema = z
  .object({
    /** Phone number in any local format, or a username; trimmed by the server. */
    UnspecifiedUsername: z.string().max(100),
    UserPassword: z.string().max(200).optional(),
    /** Accepted as an alias of UserPassword (the spec's payload carries both). */
    password: z.string().max(200).optional(),
    RegistrationType: z.union([z.string(), z.number()]).optional(),
    siteid: z.coerce.number().int().optional(),
    country: z.string().max(8).optional(),
    lang: z.string().max(8).optional(),
    returnSecureToken: z.boolean().optional(),
    isMobileVerification: z.boolean().optional(),
  })
  .refine((body) => Boolean(body.UserPassword ?? body.password), {
    message: 'UserPassword is required',
    path: ['UserPassword'],
  });
export type Login3Request = z.infer<typeof login3RequestSchema>;

/**
 * Successful login, or the answer for an account still under registration (`hasErrors` true,
 * `isUnderRegistration` true, `registrationStep` 1 and a `sid` to continue the registration).
 * Wrong credentials, lock-outs and responsible-gambling blocks answer the error envelope.
 */
export const login3ResponseSchema = z.object({
  hasErrors: z.boolean(),
  isUnderRegistration: z.boolean(),
  /** 0 when registered; 1 while registration is unfinished (doc 1 §4). */
  registrationStep: z.number().int(),
  isVerified: z.boolean(),
  providerUserID: z.string(),
  datasource_entries: z.array(datasourceEntrySchema),
  /** Opaque registration token for `/register/verify?sid=` (under registration only). */
  sid: z.string().optional(),
  mobile: z.string().optional(),
  /**
   * `tokenString` and `onlineTokenString` are the opaque, server-side, revocable session token
   * (also the httpOnly `authBB` cookie), used as bearer and socket `auth` token. `bbJwt` is the
   * wallet's short-lived HS256 token naming the user for game providers.
   */
  bbJwt: z.string().optional(),
  tokenString: z.string().optional(),
  onlineTokenString: z.string().optional(),
  userId: z.number().int().optional(),
  name: z.string().optional(),
  balanceDisplay: z.string().optional(),
  bonusBalanceDisplay: z.string().optional(),
  freebetBalanceDisplay: z.string().optional(),
  totalBalanceDisplay: z.string().optional(),
  isWhitelisted: z.boolean().optional(),
  rafCode: z.string().optional(),
});
export type Login3Response = z.infer<typeof login3ResponseSchema>;
