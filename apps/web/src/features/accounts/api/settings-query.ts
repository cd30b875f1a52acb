import { fetchUserSettings, settingsKey, type SettingsAnswer } from '../../../lib/user-settings';
import { rememberDisplayMode } from '../../sports/display-mode';

/**
 * The settings query, shared by the settings page and the pages that follow the settings
 * (compact and data-saving modes). Its own module so those pages do not load the mutation code.
 * The call and its cache key live in `lib/user-settings.ts` (the bet drop reads them too).
 */
export { settingsKey, type SettingsAnswer };

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
    queryFn: () => fetchUserSettings().then(rememberSettings),
  };
}
