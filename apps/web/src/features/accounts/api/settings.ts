import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { UserSettings } from '@dau/contracts/accounts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

interface SettingsAnswer {
  settings: UserSettings;
}

export const settingsKey = ['settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => apiFetch<SettingsAnswer>({ base: 'core', path: ACCOUNT_CORE_PATHS.getSettings }),
  });
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
    onSuccess: (answer) => client.setQueryData(settingsKey, answer),
  });
}
