import { EmptyState, PageFrame } from '../../ui/page-frame';
import { PromotionsSlideshow } from '../content/promotions-slideshow';

const SHORTCUTS = [
  { to: '/', label: 'Highlights' },
  { to: '/live-now', label: 'Live Now' },
  { to: '/sports/football-1', label: 'Football' },
  { to: '/casino', label: 'Casino' },
  { to: '/crash', label: 'Crash' },
];

/** Home (#4 adds the promotions slideshow, #7 the highlights list). */
export function HomePage() {
  return (
    <PageFrame title="Dau" tabs={SHORTCUTS}>
      <PromotionsSlideshow />
      <EmptyState
        message="No highlighted matches right now."
        action={{ to: '/sports', label: 'All sports' }}
      />
    </PageFrame>
  );
}
