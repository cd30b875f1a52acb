import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { UserSettings } from '@dau/contracts/accounts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import {
  rememberSettings,
  settingsKey,
  settingsQuery,
  type SettingsAnswer,
} from './settings-query';

export { settingsKey, settingsQuery };

export function useSettings() {
  return useQuery(settingsQuery());
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<UserSettings>) =>
      apiFetch<SettingsAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.updateSettings,
        body: changes,
      }),
    onSuccess: (answer) => client.setQueryData(settingsKey, rememberSettings(answer)),
  });
}
