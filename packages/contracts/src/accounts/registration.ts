import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P } from './paths';
import { datasourceEntrySchema } from './common';

/**
 * Registration (issue #5): step 1 `start` (phone, password or PIN, terms, minimum age) sends a
 * code by SMS; step 2 `verify` proves the phone; step 3 `details` completes the site's profile
 * fields and activates the account. `sid` is an opaque registration token issued by the
 * server, never a password.
 */
export const REGISTER_PATHS = {
  start: `${API_BASE.core}${P.registerStart}`,
  resend: `${API_BASE.core}${P.registerResend}`,
  verify: `${API_BASE.core}${P.registerVerify}`,
  details: `${API_BASE.core}${P.registerDetails}`,
  status: `${API_BASE.core}${P.registerStatus}`,
} as const;

export const registerStartRequestSchema = z.object({
  phone: z.string().min(1).max(32),
  password: z.string().min(1).max(200),
  username: z.string().max(40).optional(),
  acceptTerms: z.boolean(),
  /** The user confirms the minimum age of the site (18, or 25 on site 1). */
  confirmMinimumAge: z.boolean(),
});

export const registrationStateSchema = z.object({
  hasErrors: z.literal(false),
  sid: z.string(),
  mobile: z.string(),
  /** 2 = enter the code sent by SMS, 3 = site details, 0 = done. */
  registrationStep: z.number().int(),
  isVerified: z.boolean(),
  /** Seconds until the current code expires (0 when none is pending). */
  codeExpiresInSeconds: z.number().int(),
  /** Seconds before another code may be requested. */
  resendAvailableInSeconds: z.number().int(),
  /** Details fields the site asks for at step 3. */
  detailsFields: z.object({
    names: z.boolean(),
    dateOfBirth: z.boolean(),
    gender: z.boolean(),
    incomeSource: z.boolean(),
    politicallyExposed: z.boolean(),
    idNumber: z.boolean(),
  }),
  datasource_entries: z.array(datasourceEntrySchema),
});
export type RegistrationState = z.infer<typeof registrationStateSchema>;

export const registerSidRequestSchema = z.object({ sid: z.string().min(1).max(200) });
export const registerStatusQuerySchema = registerSidRequestSchema;

export const registerVerifyRequestSchema = z.object({
  sid: z.string().min(1).max(200),
  code: z.string().trim().min(1).max(12),
});

export const registerDetailsRequestSchema = z.object({
  sid: z.string().min(1).max(200),
  firstName: z.string().trim().max(60).optional(),
  lastName: z.string().trim().max(60).optional(),
  /** ISO date YYYY-MM-DD. */
  birthDate: z.string().max(20).optional(),
  gender: z.union([z.literal(1), z.literal(2)]).optional(),
  idNumber: z.string().trim().max(40).optional(),
  incomeSourceId: z.number().int().optional(),
  isPoliticallyExposed: z.boolean().optional(),
  email: z.email().max(200).optional(),
});
export type RegisterDetailsRequest = z.infer<typeof registerDetailsRequestSchema>;
