import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { UserSettings } from '@dau/contracts/accounts/settings';
import { apiFetch } from '../../../lib/api-client';

/**
 * The settings query, shared by the settings page and the pages that follow the settings
 * (compact and data-saving modes). Its own module so those pages do not load the mutation code.
 */
export interface SettingsAnswer {
  settings: UserSettings;
}

export const settingsKey = ['settings'] as const;

export function settingsQuery() {
  return {
    queryKey: settingsKey,
    queryFn: () => apiFetch<SettingsAnswer>({ base: 'core', path: ACCOUNT_CORE_PATHS.getSettings }),
  };
}
