import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P, FEATURE_STORE_PATH } from './paths';

/** `{core}/customer/v2/getSettings` and `updateSettings` (doc 2 §7): boolean toggles. */
export const GET_SETTINGS_PATH = `${API_BASE.core}${P.getSettings}`;
export const UPDATE_SETTINGS_PATH = `${API_BASE.core}${P.updateSettings}`;

export const userSettingsSchema = z.object({
  /** Accept odds changes on the betslip without asking. */
  isAcceptChanges: z.boolean(),
  /** Data-saving mode: fewer images and live updates on slow, expensive data. */
  saveData: z.boolean(),
  compactMode: z.boolean(),
  notifyBetSettled: z.boolean(),
  notifyDeposits: z.boolean(),
  notifyPromotions: z.boolean(),
  /**
   * The header's notify flag (doc 1 §4): the server sets it when a bet is placed or changes
   * status; the client clears it when the user opens the bet drop. Not a toggle of the page.
   */
  betNotify: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  isAcceptChanges: false,
  saveData: false,
  compactMode: false,
  notifyBetSettled: true,
  notifyDeposits: true,
  notifyPromotions: false,
  betNotify: false,
};

export const updateSettingsRequestSchema = userSettingsSchema.partial().strict();
export const settingsResponseSchema = z.object({
  hasErrors: z.literal(false),
  settings: userSettingsSchema,
});

/** `POST /feature/store`: the locally stored feature flags (doc 2 §6). */
export { FEATURE_STORE_PATH };
export const featureStoreRequestSchema = z
  .record(z.string().min(1).max(60), z.boolean())
  .refine((flags) => Object.keys(flags).length <= 100, 'At most 100 feature flags');
export const featureStoreResponseSchema = z.object({ stored: z.boolean() });
