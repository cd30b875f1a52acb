import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { recentGamesServer } from '../api/recent-games';
import { t } from '../casino-strings';
import styles from '../casino.module.css';
import { loadRecentGames, useRecentGames } from '../recent-games';
import { GameSlider } from './game-tiles';

/** Loads the recent games for whoever is using the app (again when they sign in or out). */
export function useRecentGamesLoaded(): void {
  const signedIn = useSessionStore((s) => s.isAuthenticated);
  useEffect(() => {
    void loadRecentGames(signedIn, recentGamesServer);
  }, [signedIn]);
}

/**
 * The player's recent games (issue #13 item 6), newest first. Nothing is drawn before the list
 * is known or when it is empty; a failure shows the spec's message with the list emptied.
 */
export function RecentGamesRow() {
  useRecentGamesLoaded();
  const { games, error } = useRecentGames();
  if (error) {
    return (
      <p className={styles.notice} role="status">
        {error === 'fetch' ? t('failedToFetchRecent') : t('failedToSaveGame')}
      </p>
    );
  }
  if (games.length === 0) return null;
  const tiles = games.map((g) => ({ slug: g.gameSlug, name: g.name, image: g.image }));
  return <GameSlider id="recent-games" title={t('recentGames')} games={tiles} />;
}
