import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SITES, type SiteId } from '@dau/domain/sites';
import type { ReactNode } from 'react';
import { MemoryRouter, useRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PromotionsSlideshow } from '../features/content/promotions-slideshow';
import { DepositInstructionsBlock } from '../features/payments/components/deposit-instructions';
import { ComplianceInformation } from '../features/payments/components/withdrawal-modal';
import { AccountMenuBlocks } from '../features/shell/account-menu';
import { Footer } from '../features/shell/footer';
import { SiteMenu } from '../features/shell/site-menu';
import { SupportPanel } from '../features/support/support-panel';
import { resetContentVersion } from '../lib/content-client';
import { seedContentFetch, seedStories, type SeedStory } from '../test/seed-content';
import { plainText } from '../ui/rich-text/rich-text';
import { ROUTE_OBJECTS } from './routes';

/**
 * Every seeded story in every language, rendered by the component that shows it on the site
 * (issue #23 item 8): no raw Markdown reaches the screen, and every text field with markup is
 * on screen as words. A new kind of story fails here until it has a renderer below.
 */
const RAW_MARKUP =
  /\*\*|__|\]\(|`|\|\s*:?-{3}|(^|\n)\s*(#{1,6} |[-*+] |\d+\. )|<\/?[a-z][a-z0-9]*[\s>]/i;

/** Keys whose strings are shown to users. */
const DISPLAY_KEYS = new Set([
  'title',
  'body',
  'text',
  'content',
  'note',
  'help_text',
  'label',
  'link_label',
  'intro',
  'fields_note',
  'regulator_text',
  'responsible_gambling',
  'copyright',
  'summary',
  'tab_title',
  'cta_label',
  'hours_label',
]);
const HAS_MARKUP = /\*\*|`|\]\(|\n[-*] |\n\d+\. |\n\|/;

function displayStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return DISPLAY_KEYS.has(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => displayStrings(v, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => displayStrings(v, k));
  }
  return [];
}

const COUNTRY_SITES: Record<string, SiteId> = { ug: 1, ke: 2, zm: 3, tz: 4 };

/** The site (and so the language) a story is shown on. */
function siteFor(story: SeedStory): SiteId {
  if (story.language !== 'en') return 4;
  return COUNTRY_SITES[story.fullSlug.split('/')[0] ?? ''] ?? 2;
}

function Page({ path }: { path: string }) {
  return useRoutes(ROUTE_OBJECTS, path);
}

/** What shows each kind of story; `null`: no screen shows it as text (labels the server reads). */
function view(story: SeedStory, siteId: SiteId): ReactNode | null {
  switch (story.content.component) {
    case 'page':
    case 'promotion':
      return <Page path={`/${story.fullSlug}`} />;
    case 'help':
      return <Page path="/customer-support" />;
    case 'deposit_instructions':
      return <DepositInstructionsBlock site={SITES[siteId]} />;
    case 'compliance':
      return <ComplianceInformation />;
    case 'footer':
      return <Footer />;
    case 'navbar':
      return <SiteMenu onClose={() => {}} />;
    case 'sidebar_my_account':
      return <AccountMenuBlocks />;
    case 'support_widget':
      return <SupportPanel onClose={() => {}} />;
    case 'promos':
      return <PromotionsSlideshow source={story.fullSlug} />;
    case 'sports':
    case 'home_general_components':
      return null;
    default:
      throw new Error(
        `No renderer for stories of component "${story.content.component}" (${story.file}): add the component that shows it to this test.`,
      );
  }
}

beforeEach(() => {
  resetContentVersion();
  vi.stubGlobal('fetch', vi.fn(seedContentFetch));
});

const stories = seedStories();

describe('every seeded story renders without raw markup', () => {
  it('has stories in English and Swahili', () => {
    expect(new Set(stories.map((s) => s.language))).toEqual(new Set(['en', 'sw']));
  });

  it.each(stories.map((s) => [`${s.language}/${s.fullSlug}`, s] as const))(
    '%s',
    async (_name, story) => {
      const siteId = siteFor(story);
      document.head.innerHTML = `<meta name="dau-site" content="${siteId}" />`;
      const locale = SITES[siteId].languages.find((l) => l.code === story.language)?.locale;
      if (locale) document.cookie = `locale=${locale}; path=/`;
      const strings = displayStrings(story.content);
      const marked = strings.filter((s) => HAS_MARKUP.test(s));
      const element = view(story, siteId);
      if (element === null) {
        // Nothing renders these as text; their labels must then be plain words.
        for (const text of strings) expect(text).not.toMatch(RAW_MARKUP);
        return;
      }
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const { container } = render(
        <QueryClientProvider client={client}>
          <MemoryRouter>{element}</MemoryRouter>
        </QueryClientProvider>,
      );
      const expected = plainText(marked[0] ?? strings[0] ?? '').slice(0, 30);
      // Words on screen, and in the attributes that carry words (image alt, accessible names).
      const shownText = () =>
        [
          container.textContent ?? '',
          ...[...container.querySelectorAll('[alt], [aria-label]')].map(
            (e) => `${e.getAttribute('alt') ?? ''} ${e.getAttribute('aria-label') ?? ''}`,
          ),
        ].join('\n');
      await waitFor(() => expect(shownText()).toContain(expected), { timeout: 3000 });
      let shown = shownText();
      // The support widget shows one tab at a time.
      for (const tab of screen.queryAllByRole('tab')) {
        act(() => fireEvent.click(tab));
        shown += shownText();
      }
      expect(shown).not.toMatch(RAW_MARKUP);
      const squeezed = shown.replace(/\s+/g, '');
      for (const text of marked) {
        expect(squeezed).toContain(plainText(text).replace(/\s+/g, '').slice(0, 40));
      }
      client.clear();
    },
  );
});
