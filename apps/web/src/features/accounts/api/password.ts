import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

interface MessageAnswer {
  hasErrors: false;
  message: string;
}

export function useForgottenPassword() {
  return useMutation({
    mutationFn: (username: string) =>
      apiFetch<MessageAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.forgottenPassword,
        body: { UnspecifiedUsername: username.trim() },
      }),
  });
}

export function useResetLinkValid(guid: string) {
  return useQuery({
    queryKey: ['reset-link', guid],
    queryFn: () =>
      apiFetch<{ valid: boolean }>({
        base: 'core',
        path: `${ACCOUNT_CORE_PATHS.resetPassword}/${encodeURIComponent(guid)}`,
      }),
    enabled: guid !== '',
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { guid: string; password: string }) =>
      apiFetch<MessageAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.resetPassword,
        body: input,
      }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiFetch<MessageAnswer>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.changePassword,
        body: input,
      }),
  });
}
