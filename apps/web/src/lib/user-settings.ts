import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { UserSettings } from '@dau/contracts/accounts/settings';
import { apiFetch } from './api-client';

/**
 * The signed-in user's settings call (`getSettings`, doc 2 §7), shared below the features: the
 * settings page and display modes (accounts, sports) and the header's bet drop (my-bets, the
 * notify flag) read one cache entry under `settingsKey`.
 */
export interface SettingsAnswer {
  settings: UserSettings;
}

export const settingsKey = ['settings'] as const;

export function fetchUserSettings(): Promise<SettingsAnswer> {
  return apiFetch<SettingsAnswer>({ base: 'core', path: ACCOUNT_CORE_PATHS.getSettings });
}
