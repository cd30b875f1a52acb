/** The signed-in user's profile and compliance calls (doc 1 §7), shared by accounts and payments. */
import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { ProfileResponse } from '@dau/contracts/accounts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, currentLanguage } from './api-client';
import { currentSite } from './site';

export const profileKey = ['profile'] as const;

export function profileQuery() {
  const site = currentSite();
  return {
    queryKey: profileKey,
    queryFn: () =>
      apiFetch<ProfileResponse>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.profile(site.siteId, site.countryCode, currentLanguage(site)),
        // The spec's client adds a timestamp so no cache answers a stale profile.
        query: { t: Date.now() },
      }),
  };
}

export function useProfile() {
  return useQuery(profileQuery());
}

export function useUpdateEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => {
      const site = currentSite();
      return apiFetch<{ value: string; email: string }>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.updateEmail,
        body: {
          siteId: site.siteId,
          countryCode: site.countryCode,
          languageCode: currentLanguage(site),
          email,
        },
      });
    },
    // Success refreshes the profile, mobile numbers included.
    onSuccess: () => client.invalidateQueries({ queryKey: profileKey }),
  });
}

export interface ComplianceForm {
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  gender?: 1 | 2;
  idNumber?: string;
  incomeSourceId?: number;
  isPoliticallyExposed?: boolean;
}

export function useUpdateCompliance() {
  return useMutation({
    mutationFn: (form: ComplianceForm) => {
      const site = currentSite();
      return apiFetch<{ message: string }>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.updateCompliance,
        body: {
          siteId: site.siteId,
          countryCode: site.countryCode,
          languageCode: currentLanguage(site),
          ...form,
        },
      });
    },
  });
}

export function useIncomeSources(enabled: boolean) {
  return useQuery({
    queryKey: ['income-sources'],
    queryFn: () =>
      apiFetch<{ fetchedObjects: { incomeSourceId: number; incomeSource: string }[] }>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.incomeSources,
      }),
    enabled,
    staleTime: Infinity,
  });
}
