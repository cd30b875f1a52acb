import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetContentVersion } from '../lib/content-client';
import { seedContentFetch } from '../test/seed-content';
import { ROUTE_OBJECTS } from './routes';

function Page({ path }: { path: string }) {
  return useRoutes(ROUTE_OBJECTS, path);
}

function open(path: string, siteId = 2) {
  document.head.innerHTML = `<meta name="dau-site" content="${siteId}" />`;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Page path={path} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetContentVersion();
  vi.stubGlobal('fetch', vi.fn(seedContentFetch));
});

describe('unknown slugs of content pages (issue #23 item 2)', () => {
  it.each([
    '/company/no-such-page',
    '/customer-support/no-such-topic',
    '/promotions/no-such-promo',
  ])('%s shows the 404 page, not a title made from the slug', async (path) => {
    open(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText(/No Such/)).toBeNull();
  });

  it('a promotion hidden for the site is no page of it', async () => {
    open('/promotions/bet-via-sms', 1);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('known slugs show their story', async () => {
    open('/company/about-us');
    expect(await screen.findByRole('heading', { name: 'About Dau' })).toBeTruthy();
  });
});
