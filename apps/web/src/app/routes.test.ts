import { matchPageRoute, PAGE_ROUTES } from '@dau/domain/page-routes';
import { describe, expect, it } from 'vitest';
import { routeFor } from './routes';

/** A path each pattern should match, with sample values for its parameters. */
function samplePath(pattern: string): string {
  return pattern
    .replace(/:[A-Za-z]+/g, (param) => `sample-${param.slice(1)}`)
    .replace(/\*$/, 'verify');
}

describe('the web router and the shared page table', () => {
  it('pick the same route for every page path (the server 404s what the router does not know)', () => {
    for (const route of PAGE_ROUTES) {
      const path = samplePath(route.path);
      expect(routeFor(path).path, path).toBe(matchPageRoute(path)?.route.path);
    }
    for (const path of ['/casino/provider', '/customer-support/delete-account', '/game/info/9']) {
      expect(routeFor(path).path).toBe(matchPageRoute(path)?.route.path);
    }
  });

  it('renders the 404 page for what the table does not know', () => {
    for (const path of ['/no-such-page', '/company/a/b', '/sports/1/2/3/4/5']) {
      expect(matchPageRoute(path)).toBeNull();
      expect(routeFor(path).page).toBe('NotFound');
    }
  });
});
