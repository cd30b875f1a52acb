import { useParams } from 'react-router';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { nameFromSlug } from '../../lib/slug';

/**
 * Sports pages (spec doc 2 §2); #7 fills them with the sports tree, events and markets.
 * Event page path: /sports/:sportId/:catId/:subId/:id (see docs/decisions/020-web-shell.md).
 */
const SPORT_TABS = [
  { to: '/sports', label: 'All sports' },
  { to: '/live-now', label: 'Live Now' },
  { to: '/sports/football-1', label: 'Football' },
  { to: '/sports/basketball-2', label: 'Basketball' },
  { to: '/sports/tennis-5', label: 'Tennis' },
];

export function SportsPage() {
  return (
    <PageFrame title="Sports" tabs={SPORT_TABS}>
      <EmptyState
        message="No matches open for betting right now."
        action={{ to: '/live-now', label: 'See live matches' }}
      />
    </PageFrame>
  );
}

export function SportPage() {
  const { sportId } = useParams();
  return (
    <PageFrame title={nameFromSlug(sportId, 'Football')} tabs={SPORT_TABS}>
      <EmptyState
        message="No upcoming matches in this sport."
        action={{ to: '/sports', label: 'All sports' }}
      />
    </PageFrame>
  );
}

export function SportsCategoryPage() {
  const { sportId, catId } = useParams();
  return (
    <PageFrame title={nameFromSlug(catId, 'Competitions')}>
      <EmptyState
        message="No competitions with open matches here."
        action={{
          to: `/sports/${sportId ?? ''}`,
          label: `Back to ${nameFromSlug(sportId, 'sport')}`,
        }}
      />
    </PageFrame>
  );
}

export function SportsSubcategoryPage() {
  const { sportId, catId, subId } = useParams();
  return (
    <PageFrame title={nameFromSlug(subId, 'Matches')}>
      <EmptyState
        message="No matches in this competition right now."
        action={{
          to: `/sports/${sportId ?? ''}/${catId ?? ''}`,
          label: `Back to ${nameFromSlug(catId, 'category')}`,
        }}
      />
    </PageFrame>
  );
}

export function SportsEventPage() {
  const { sportId, catId, subId } = useParams();
  return (
    <PageFrame title="Match">
      <EmptyState
        message="This match has no markets open for betting."
        action={{
          to: `/sports/${sportId ?? ''}/${catId ?? ''}/${subId ?? ''}`,
          label: 'More matches',
        }}
      />
    </PageFrame>
  );
}

export function LiveNowPage() {
  const { sportId } = useParams();
  return (
    <PageFrame
      title={sportId ? `Live ${nameFromSlug(sportId, '')}`.trim() : 'Live Now'}
      tabs={SPORT_TABS}
    >
      <EmptyState
        message="No live matches at the moment."
        action={{ to: '/sports', label: 'Upcoming matches' }}
      />
    </PageFrame>
  );
}
