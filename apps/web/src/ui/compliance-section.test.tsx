import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@dau/contracts/accounts/profile';
import { SITES } from '@dau/domain/sites';
import { ComplianceSection } from './compliance-section';

afterEach(() => {
  document.cookie = 'locale=; path=/; max-age=0';
  document.head.querySelector('meta[name="dau-site"]')?.remove();
});

describe('the compliance section', () => {
  it('speaks Swahili on site 4 down to its save button (HIFADHI, not SAVE)', () => {
    const meta = document.createElement('meta');
    meta.name = 'dau-site';
    meta.content = '4';
    document.head.append(meta);
    document.cookie = 'locale=sw-tz; path=/';
    const profile = {
      firstName: null,
      lastName: null,
      birthDate: null,
      gender: null,
      idNumber: null,
      incomeSourceId: null,
      isPoliticallyExposed: null,
      isCompliant: false,
    } as unknown as ProfileResponse;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ComplianceSection site={SITES[4]} profile={profile} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Taarifa Hazijakamilika')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'HIFADHI' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'SAVE' })).toBeNull();
  });
});
