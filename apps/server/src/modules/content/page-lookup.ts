import { matchPageRoute, routeOnSite, storySlugOf } from '@dau/domain/page-routes';
import type { SiteConfig } from '@dau/domain/sites';
import { AppError } from '../../errors/app-error';
import type { ContentSource } from './content-source';

/**
 * Whether a page path exists on a site: the shared page table (`@dau/domain/page-routes`, the
 * web router's table too) and, for slugged content pages, the story behind the slug. `unknown`
 * when the content service cannot tell right now: the page is then served as usual and shows
 * its own "could not be loaded" state, so an outage never turns pages into 404s.
 */
export type PageStatus = 'found' | 'not-found' | 'unknown';
export type PageLookup = (pathname: string, site: SiteConfig) => Promise<PageStatus>;

const SLUG = /^[a-zA-Z0-9_.-]{1,200}$/;

function hiddenOn(content: Record<string, unknown>, site: SiteConfig): boolean {
  const hidden = content.hide_for_siteId;
  const list = typeof hidden === 'string' ? hidden.split(',') : Array.isArray(hidden) ? hidden : [];
  return list.some((id) => String(id).trim() === String(site.siteId));
}

export function pageLookup(source: ContentSource): PageLookup {
  return async (pathname, site) => {
    const match = matchPageRoute(pathname);
    if (!match || !routeOnSite(match.route, site)) return 'not-found';
    const slug = storySlugOf(match);
    if (!slug) return 'found';
    if (!SLUG.test(slug.slice(match.route.story!.prefix.length))) return 'not-found';
    try {
      const { story } = await source.story(slug, {
        version: 'published',
        language: site.defaultLanguage,
        fallback_lang: 'en',
      });
      if (match.route.story?.siteHidden && hiddenOn(story.content, site)) return 'not-found';
      return 'found';
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not-found';
      return 'unknown';
    }
  };
}
