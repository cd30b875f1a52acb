import { Link, useParams } from 'react-router';
import { nameFromSlug } from '../../lib/slug';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { useLobby, useProviders } from './api/catalogue';
import type { LobbyPage } from './catalogue';
import { t, tf } from './casino-strings';
import styles from './casino.module.css';
import { lobbyTabs, LobbyScreen } from './components/lobby-screen';
import { GameInfo } from './game-pages';

/**
 * The lobby pages of spec doc 1 §2 (issue #13 item 1): every lobby lists real, playable games
 * from the catalogue, with search, a provider filter and category chips.
 */

/** A lobby's category page: its title is the category's name once the catalogue answers. */
function CategoryLobby({ lobby, title }: { lobby: LobbyPage; title: string }) {
  const { slug } = useParams();
  const lobbyQuery = useLobby(lobby, {});
  const category = lobbyQuery.data?.categories.find((c) => c.slug === slug);
  if (!slug) return <LobbyScreen lobby={lobby} title={title} />;
  return (
    <LobbyScreen
      lobby={lobby}
      title={category?.name ?? nameFromSlug(slug, title)}
      category={slug}
    />
  );
}

export function CasinoPage() {
  return <LobbyScreen lobby="casino" title={t('lobbyCasino')} />;
}

export function CasinoSlugPage() {
  return <CategoryLobby lobby="casino" title={t('lobbyCasino')} />;
}

export function LiveCasinoPage() {
  return <CategoryLobby lobby="live-casino" title={t('lobbyLiveCasino')} />;
}

/**
 * /crash and /crash/{slug}: the slug is a category of the crash lobby, or one of its games
 * (`/crash/REDO-high-flyer`), whose page it then is.
 */
export function CrashPage() {
  const { slug } = useParams();
  const lobby = useLobby('crash', {});
  const view = lobby.data;
  if (slug && view && !view.categories.some((c) => c.slug === slug)) {
    const game = view.games.find((g) => g.slug === slug);
    if (game) return <GameInfo slug={game.slug} />;
  }
  if (slug && !view && !lobby.isError) {
    return (
      <PageFrame title={t('lobbyCrash')}>
        <p className={styles.notice}>{t('loadingGames')}</p>
      </PageFrame>
    );
  }
  return <CategoryLobby lobby="crash" title={t('lobbyCrash')} />;
}

export function AllGamesPage() {
  return <CategoryLobby lobby="all-games" title={t('lobbyAllGames')} />;
}

export function GamesPage() {
  return <LobbyScreen lobby="games" title={t('lobbyGames')} />;
}

export function InstantWinsPage() {
  return <LobbyScreen lobby="instant-wins" title={t('lobbyInstantWins')} />;
}

/** /casino/provider: every provider with its number of games. */
export function CasinoProvidersPage() {
  const providers = useProviders();
  let body;
  if (providers.isError) {
    body = (
      <div className={styles.error} role="alert">
        <p>{t('lobbyFailed')}</p>
        <button type="button" className={styles.button} onClick={() => void providers.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  } else if (!providers.data) {
    body = <p className={styles.notice}>{t('loadingGames')}</p>;
  } else {
    body = (
      <ul className={styles.providers}>
        {providers.data.map((p) => (
          <li key={p.slug}>
            <Link
              to={`/casino/provider/${encodeURIComponent(p.slug)}`}
              className={styles.providerCard}
            >
              <strong>{p.name}</strong>
              <small>{tf('gamesCount', { n: p.gameCount })}</small>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <PageFrame title={t('providers')} tabs={lobbyTabs()}>
      {body}
    </PageFrame>
  );
}

/** /casino/provider/{slug}: one provider's games. */
export function CasinoProviderPage() {
  const { slug = '' } = useParams();
  const providers = useProviders();
  const provider = providers.data?.find((p) => p.slug === slug);
  if (providers.data && !provider) {
    return (
      <PageFrame title={nameFromSlug(slug, t('providers'))} tabs={lobbyTabs()}>
        <EmptyState
          message={t('unknownProvider')}
          action={{ to: '/casino/provider', label: t('providers') }}
        />
      </PageFrame>
    );
  }
  return (
    <LobbyScreen
      lobby="all-games"
      title={provider?.name ?? nameFromSlug(slug, t('providers'))}
      provider={slug}
    />
  );
}

// One route chunk for the catalogue's pages (each lazy route costs the first load of `/` bytes):
// the game info, not-available and Q-Tech pages load with the lobbies.
export { GameInfoPage, GameNotAvailablePage, QTechPage } from './game-pages';
