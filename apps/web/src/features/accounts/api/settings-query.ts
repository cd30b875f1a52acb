import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { UserSettings } from '@dau/contracts/accounts/settings';
import { apiFetch } from '../../../lib/api-client';
import { rememberDisplayMode } from '../../sports/display-mode';

/**
 * The settings query, shared by the settings page and the pages that follow the settings
 * (compact and data-saving modes). Its own module so those pages do not load the mutation code.
 */
export interface SettingsAnswer {
  settings: UserSettings;
}

export const settingsKey = ['settings'] as const;

/** Keeps the display flags on the device, so the next page load's first requests follow them. */
export function rememberSettings(answer: SettingsAnswer): SettingsAnswer {
  rememberDisplayMode({
    compact: answer.settings.compactMode,
    saveData: answer.settings.saveData,
  });
  return answer;
}

export function settingsQuery() {
  return {
    queryKey: settingsKey,
    queryFn: () =>
      apiFetch<SettingsAnswer>({ base: 'core', path: ACCOUNT_CORE_PATHS.getSettings }).then(
        rememberSettings,
      ),
  };
}
