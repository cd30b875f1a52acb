import type { Login3Response } from '@dau/contracts/accounts/login3';
import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { currentSite } from '../../../lib/site';

export interface LoginForm {
  username: string;
  password: string;
}

export function login3(form: LoginForm): Promise<Login3Response> {
  const site = currentSite();
  return apiFetch<Login3Response>({
    base: 'core',
    path: ACCOUNT_CORE_PATHS.login3,
    body: {
      UnspecifiedUsername: form.username.trim(),
      UserPassword: form.password,
      password: form.password,
      siteid: site.siteId,
      country: site.countryCode,
      lang: site.defaultLanguage,
      returnSecureToken: true,
      isMobileVerification: false,
    },
  });
}

export function useLogin3() {
  return useMutation({
    mutationFn: (form: LoginForm) => {
      // Submitting clears the stored token first (doc 1 §4).
      useSessionStore.getState().clearSession();
      return login3(form);
    },
  });
}

export async function logout(): Promise<void> {
  try {
    await apiFetch({ base: 'core', path: ACCOUNT_CORE_PATHS.logout, method: 'POST' });
  } finally {
    useSessionStore.getState().clearSession();
    useSessionStore.getState().refreshFromCookie();
  }
}
