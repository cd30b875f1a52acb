import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetContentVersion } from '../../lib/content-client';
import { seedContentFetch } from '../../test/seed-content';
import { Footer } from './footer';

beforeEach(() => {
  resetContentVersion();
  vi.stubGlobal('fetch', vi.fn(seedContentFetch));
});

function footerOn(siteId: number) {
  document.head.innerHTML = `<meta name="dau-site" content="${siteId}" />`;
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

describe('footer links (issue #23 item 1)', () => {
  it('offers "Bet via SMS" where SMS betting runs, to a public page', async () => {
    footerOn(2);
    const link = await screen.findByRole('link', { name: 'Bet via SMS' });
    expect(link.getAttribute('href')).toBe('/how-to-place-bets-via-sms');
  });

  it.each([1, 3])('does not show it on site %i, which has no SMS betting', async (siteId) => {
    footerOn(siteId);
    await screen.findByRole('link', { name: 'About Dau' });
    expect(screen.queryByRole('link', { name: 'Bet via SMS' })).toBeNull();
  });
});
