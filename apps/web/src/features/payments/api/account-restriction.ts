import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { ResponsibleGamblingState } from '@dau/contracts/accounts/responsible-gambling';
import { apiFetch } from '../../../lib/api-client';

/**
 * The break or self-exclusion in force (decision 031): the account is restricted to withdrawing
 * and looking, and the server's message says until when.
 */
export function useAccountRestriction() {
  return useQuery({
    queryKey: ['responsible-gambling'],
    queryFn: () =>
      apiFetch<ResponsibleGamblingState>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.responsibleGambling,
      }),
    staleTime: 60_000,
  });
}
