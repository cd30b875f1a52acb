import type { Login3Response } from '@dau/contracts/accounts/login3';
import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import type { RegistrationState } from '@dau/contracts/accounts/registration';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type RegistrationAnswer = RegistrationState & { login?: Login3Response };

export interface StartForm {
  phone: string;
  password: string;
  acceptTerms: boolean;
  confirmMinimumAge: boolean;
}

export function useRegisterStart() {
  return useMutation({
    mutationFn: (form: StartForm) =>
      apiFetch<RegistrationAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.registerStart,
        body: form,
      }),
  });
}

export function registrationStatusQuery(sid: string) {
  return {
    queryKey: ['registration', sid] as const,
    queryFn: () =>
      apiFetch<RegistrationAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.registerStatus,
        query: { sid },
      }),
    enabled: sid !== '',
    retry: false,
  };
}

export function useRegistrationStatus(sid: string) {
  return useQuery(registrationStatusQuery(sid));
}

export function useRegisterVerify() {
  return useMutation({
    mutationFn: (input: { sid: string; code: string }) =>
      apiFetch<RegistrationAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.registerVerify,
        body: input,
      }),
  });
}

export function useRegisterResend() {
  return useMutation({
    mutationFn: (sid: string) =>
      apiFetch<RegistrationAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.registerResend,
        body: { sid },
      }),
  });
}

export interface DetailsForm {
  sid: string;
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  gender?: 1 | 2;
  idNumber?: string;
  incomeSourceId?: number;
  isPoliticallyExposed?: boolean;
}

export function useRegisterDetails() {
  return useMutation({
    mutationFn: (form: DetailsForm) =>
      apiFetch<RegistrationAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.registerDetails,
        body: form,
      }),
  });
}
