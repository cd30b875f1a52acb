import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P } from './paths';

/** `/forgotten-password`: sends a single-use reset link by SMS. */
export const FORGOTTEN_PASSWORD_PATH = `${API_BASE.core}${P.forgottenPassword}`;
export const forgottenPasswordRequestSchema = z.object({
  /** Phone number in any local format, or a username. */
  UnspecifiedUsername: z.string().min(1).max(100),
});
/** Answers the same whether or not the account exists, so numbers cannot be probed. */
export const forgottenPasswordResponseSchema = z.object({
  hasErrors: z.literal(false),
  message: z.string(),
});

/** `/reset-password/{guid}`: the guid expires after 15 minutes and works once. */
export const RESET_PASSWORD_PATH = `${API_BASE.core}${P.resetPassword}`;
export const resetPasswordCheckParamsSchema = z.object({ guid: z.string().min(1).max(200) });
export const resetPasswordCheckResponseSchema = z.object({ valid: z.boolean() });
export const resetPasswordRequestSchema = z.object({
  guid: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
});
export const passwordChangedResponseSchema = z.object({
  hasErrors: z.literal(false),
  message: z.string(),
});

/** `/my-account/change-password`: requires the current password or PIN. */
export const CHANGE_PASSWORD_PATH = `${API_BASE.core}${P.changePassword}`;
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
});
