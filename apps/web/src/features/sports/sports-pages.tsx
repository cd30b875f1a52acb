import { EventPage } from './event-page';
import { SportsList } from './sports-list';

/**
 * Sports pages (spec doc 2 §2). Event page path: /sports/:sportId/:catId/:subId/:id (see
 * docs/decisions/020-web-shell.md). One list component serves every pre-match level; the route
 * parameters choose the sport, category and tournament.
 */
export function SportsPage() {
  return <SportsList live={false} />;
}

export function SportPage() {
  return <SportsList live={false} />;
}

export function SportsCategoryPage() {
  return <SportsList live={false} />;
}

export function SportsSubcategoryPage() {
  return <SportsList live={false} />;
}

export function SportsEventPage() {
  return <EventPage />;
}

export function LiveNowPage() {
  return <SportsList live />;
}
