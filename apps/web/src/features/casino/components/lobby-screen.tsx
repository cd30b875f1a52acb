import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, PageFrame, type Tab } from '../../../ui/page-frame';
import { useLobby } from '../api/catalogue';
import {
  categoryPath,
  isFiltered,
  lobbyHasSlugRoute,
  lobbyRows,
  type CasinoCategory,
  type CasinoProvider,
  type LobbyFilter,
  type LobbyPage,
} from '../catalogue';
import { t, tf } from '../casino-strings';
import styles from '../casino.module.css';
import { JackpotStrip } from './jackpot-strip';
import { GameGrid, GameSlider, GridSkeleton, SliderSkeleton } from './game-tiles';
import { RecentGamesRow } from './recent-games-row';

export function lobbyTabs(): Tab[] {
  return [
    { to: '/casino', label: t('lobbyCasino') },
    { to: '/live-casino', label: t('lobbyLiveCasino') },
    { to: '/crash', label: t('lobbyCrash') },
    { to: '/instant-wins', label: t('lobbyInstantWins') },
    { to: '/virtuals', label: t('lobbyVirtuals') },
    { to: '/games', label: t('lobbyGames') },
    { to: '/all-games', label: t('lobbyAllGames') },
  ];
}

const SEARCH_DELAY_MS = 300;

/** The search box: the URL's `q` follows what is typed, a moment after typing stops. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed under the box (a chip, back): the box shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className={styles.field} role="search">
      <label htmlFor={id} className={styles.visuallyHidden}>
        {t('searchGames')}
      </label>
      <input
        id={id}
        className={styles.input}
        type="search"
        value={text}
        placeholder={t('searchGames')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text);
        }}
      />
    </div>
  );
}

function ProviderFilter({
  providers,
  value,
  onChange,
}: {
  providers: readonly CasinoProvider[];
  value: string;
  onChange: (slug: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={styles.visuallyHidden}>
        {t('provider')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('allProviders')}</option>
        {providers.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function CategoryChips({
  lobby,
  categories,
  active,
  search,
}: {
  lobby: LobbyPage;
  categories: readonly CasinoCategory[];
  active: string | undefined;
  search: string;
}) {
  const keep = (path: string) => {
    const params = new URLSearchParams(search);
    params.delete('category');
    const rest = params.toString();
    if (!rest) return path;
    return `${path}${path.includes('?') ? '&' : '?'}${rest}`;
  };
  const chip = (slug: string | undefined, label: string) => (
    <li key={slug ?? ''}>
      <Link
        to={keep(categoryPath(lobby, slug))}
        className={active === slug ? `${styles.chip} ${styles.chipActive}` : styles.chip}
        aria-current={active === slug ? 'page' : undefined}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <ul className={styles.chips} aria-label={t('categories')}>
      {chip(undefined, t('allCategories'))}
      {categories.map((c) => chip(c.slug, c.name))}
    </ul>
  );
}

/**
 * A lobby page (spec doc 1 §2, issue #13 item 1): jackpots, search, provider filter, category
 * chips, then one slider per category (the index) or one grid (a chip, provider or search).
 */
export function LobbyScreen({
  lobby,
  title,
  category,
  provider: fixedProvider,
  children,
}: {
  lobby: LobbyPage;
  title: string;
  /** From the path (`/casino/{slug}`); other lobbies read `?category=`. */
  category?: string;
  /** From the path (`/casino/provider/{slug}`). */
  provider?: string;
  children?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const filter: LobbyFilter = {
    category:
      category ?? (lobbyHasSlugRoute(lobby) ? undefined : (params.get('category') ?? undefined)),
    provider: fixedProvider ?? (params.get('provider') || undefined),
    search: search || undefined,
  };
  const lobbyQuery = useLobby(lobby, filter);
  const view = lobbyQuery.data;
  const setParam = (key: string, value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (lobbyQuery.isError && !view) {
    body = (
      <div className={styles.error} role="alert">
        <p>{t('lobbyFailed')}</p>
        <button type="button" className={styles.button} onClick={() => void lobbyQuery.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  } else if (!view) {
    body = isFiltered(filter) ? (
      <GridSkeleton label={t('loadingGames')} />
    ) : (
      <>
        <SliderSkeleton label={t('loadingGames')} />
        <SliderSkeleton label={t('loadingGames')} />
      </>
    );
  } else if (filter.category && !view.categories.some((c) => c.slug === filter.category)) {
    body = (
      <EmptyState
        message={t('unknownCategory')}
        action={{ to: `/${lobby}`, label: tf('backTo', { name: title }) }}
      />
    );
  } else if (view.games.length === 0) {
    body = (
      <EmptyState
        message={search ? tf('noSearchResults', { search }) : t('noGamesHere')}
        action={{ to: `/${lobby}`, label: t('showAllGames') }}
      />
    );
  } else if (isFiltered(filter)) {
    body = (
      <>
        <p className={styles.summary} aria-live="polite">
          {view.total === 1 ? t('oneGameFound') : tf('gamesFound', { n: view.total })}
        </p>
        <GameGrid games={view.games} label={title} />
      </>
    );
  } else {
    body = lobbyRows(view).map((row, index) => (
      <GameSlider
        key={row.category.slug}
        firstOnScreen={index === 0}
        id={`row-${lobby}-${row.category.slug}`}
        title={row.category.name}
        games={row.games}
        seeAll={categoryPath(lobby, row.category.slug)}
      />
    ));
  }

  return (
    <PageFrame title={title} tabs={lobbyTabs()}>
      <JackpotStrip />
      <div className={styles.tools}>
        <SearchBox value={search} onSearch={(text) => setParam('q', text.trim())} />
        {!fixedProvider && (
          <ProviderFilter
            providers={view?.providers ?? []}
            value={filter.provider ?? ''}
            onChange={(slug) => setParam('provider', slug)}
          />
        )}
      </div>
      {!fixedProvider && view && view.categories.length > 0 && (
        <CategoryChips
          lobby={lobby}
          categories={view.categories}
          active={filter.category}
          search={params.toString()}
        />
      )}
      {children}
      {body}
      {!isFiltered(filter) && <RecentGamesRow />}
    </PageFrame>
  );
}
