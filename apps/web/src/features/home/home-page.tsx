import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { afterPaintLoad } from '../../lib/after-paint';
import { fetchStory, type BlockBase } from '../../lib/content-client';
import { loadHomeBlock } from '../../lib/home-blocks';
import { t, type StringKey } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session-store';
import { useFetched } from '../../lib/use-fetched';
import { useHydrated } from '../../lib/hydration';
import { serverEnvironment } from '../../lib/ssr-environment';
import { PageFrame } from '../../ui/page-frame';
import { PromotionsSlideshow } from '../content/promotions-slideshow';
import { rememberedDisplayMode, sportsTuning } from '../sports/display-mode';
import styles from './home.module.css';

const SHORTCUTS: { to: string; label: StringKey }[] = [
  { to: '/', label: 'highlights' },
  { to: '/live-now', label: 'liveNow' },
  { to: '/sports/football-1', label: 'football' },
  { to: '/casino', label: 'casino' },
  { to: '/crash', label: 'crash' },
];

// The sports slots and the betslip button are one chunk loaded after home paints (ADR 071);
// they fetch without TanStack Query, and the slip itself loads on demand (ADR 004). Their server
// HTML is on screen from the first paint; in the browser their code loads once the page has
// painted and the browser is idle, or at the first touch, and then they hydrate (ADR 182): out of
// the first load of `/`. On the server they render at once.
const afterPaint = <T,>(load: () => Promise<T>): Promise<T> =>
  serverEnvironment() ? load() : afterPaintLoad(load);
const slots = () => afterPaint(() => import('../sports/home-slots'));
const HomeHighlights = lazy(() => slots().then((m) => ({ default: m.HomeHighlights })));
const HomeLiveNow = lazy(() => slots().then((m) => ({ default: m.HomeLiveNow })));
const HomeTopLeagues = lazy(() => slots().then((m) => ({ default: m.HomeTopLeagues })));
const HomeBetslip = lazy(() => slots().then((m) => ({ default: m.HomeBetslip })));

// The casino's games are their own chunk, provided by the app (features do not import each
// other); if it cannot load, home goes on without the block. The block is at the foot of the
// page: like the slots, its server HTML stays while its code loads after the first paint (or at
// the first touch), not during hydration (ADR 189).
const CasinoGames = lazy(() =>
  afterPaint(() => loadHomeBlock('casino_games')).catch(() => ({ default: () => null })),
);

/** The blocks of the `home-general-components` story this page knows. */
export interface HomeBlock extends BlockBase {
  title?: string;
  limit?: number;
  sport_id?: number;
  source_story?: string;
  /** `casino_games`: the catalogue category to show. */
  category?: string;
  link?: { url?: string; cached_url?: string };
}

interface HomeContent extends BlockBase {
  body?: HomeBlock[];
}

/** Used when the content service cannot be reached: home still shows the matches. */
export const defaultHomeBlocks = (): HomeBlock[] => [
  { _uid: 'promos', component: 'promotions_slideshow', source_story: 'promos' },
  { _uid: 'highlights', component: 'highlights', title: t('highlights'), sport_id: 1, limit: 10 },
  { _uid: 'live', component: 'live_now', title: t('liveNow'), limit: 10 },
  { _uid: 'leagues', component: 'top_leagues', title: t('topLeagues'), limit: 8 },
];

const DEFAULT_LIMIT = 10;

function linkPath(link: HomeBlock['link'], fallback: string): string {
  if (link?.url?.startsWith('/')) return link.url;
  const cached = link?.cached_url?.replace(/^\/+/, '');
  return cached ? `/${cached}` : fallback;
}

/** Keeps a slot's height while its chunk loads, so nothing below it jumps. */
function SlotFallback({ title, rows = 3 }: { title: string; rows?: number }) {
  return (
    <div
      className={styles.slotFallback}
      style={{ minHeight: 42 + 34 + rows * 118 }}
      aria-busy="true"
      aria-label={title}
    />
  );
}

/**
 * Data-saving mode draws no promotion images. The flags remembered on this device are read once
 * hydrated (the server draws the Save-Data hint); only this part re-renders when they are, so the
 * slots' boundaries, still hydrating while their chunk loads, get no update that would make React
 * drop their server HTML and draw them again from a fallback (a layout shift, ADR 180).
 */
function useImages(): boolean {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const hydrated = useHydrated();
  return sportsTuning(rememberedDisplayMode(isAuthenticated && hydrated)).images;
}

function Promos({ source }: { source: string }) {
  return useImages() ? (
    <div className={styles.promos}>
      <PromotionsSlideshow source={source} />
    </div>
  ) : null;
}

function PromosPlaceholder() {
  return useImages() ? <div className={styles.promos} aria-hidden="true" /> : null;
}

function renderBlock(block: HomeBlock): ReactNode {
  const title = block.title ?? '';
  const limit = block.limit ?? DEFAULT_LIMIT;
  switch (block.component) {
    case 'promotions_slideshow':
      return <Promos key={block._uid} source={block.source_story ?? 'promos'} />;
    case 'highlights':
      return (
        <Suspense key={block._uid} fallback={<SlotFallback title={title} />}>
          <HomeHighlights title={title} limit={limit} sportId={block.sport_id ?? 1} />
        </Suspense>
      );
    case 'live_now':
      return (
        <Suspense key={block._uid} fallback={<SlotFallback title={title} />}>
          <HomeLiveNow title={title} limit={limit} />
        </Suspense>
      );
    case 'top_leagues':
      return (
        <Suspense key={block._uid} fallback={<SlotFallback title={title} rows={1} />}>
          <HomeTopLeagues title={title} limit={block.limit ?? 8} />
        </Suspense>
      );
    case 'casino_games':
      return (
        <Suspense key={block._uid} fallback={<SlotFallback title={title} rows={1} />}>
          <CasinoGames
            title={title}
            limit={limit}
            category={block.category}
            link={linkPath(block.link, '/casino')}
          />
        </Suspense>
      );
    default:
      return null;
  }
}

/**
 * The story's blocks; the default blocks when the content service fails. Plain fetch (no query
 * library in home's first load), read on the server for the first paint (ADR 180); the page
 * cache keeps home mounted between visits.
 */
function useHomeBlocks(): HomeBlock[] | null {
  const blocks = useFetched('story|home-general-components', () =>
    fetchStory<HomeContent>('home-general-components').then(
      (story) => story.content.body ?? defaultHomeBlocks(),
      defaultHomeBlocks,
    ),
  );
  return blocks.data ?? null;
}

const betslip = (
  <Suspense>
    <HomeBetslip />
  </Suspense>
);

/** Home: the blocks of `home-general-components` in the content's order (issue #4 item 11). */
export function HomePage() {
  const blocks = useHomeBlocks();
  // The same elements on every render: a re-render of home while a slot still waits for its
  // code must not update the slot's boundary, or React drops its server HTML for the fallback.
  const drawn = useMemo(() => blocks?.map(renderBlock), [blocks]);
  return (
    <PageFrame
      title="Dau"
      tabs={SHORTCUTS.map((s) => ({ to: s.to, label: t(s.label) }))}
      titleHidden
    >
      {drawn ?? (
        <>
          <PromosPlaceholder />
          <SlotFallback title={t('loading')} />
        </>
      )}
      {betslip}
    </PageFrame>
  );
}
