import { useFetched } from '../../lib/use-fetched';
import type { HomeBlockProps } from '../../lib/home-blocks';
import { fetchLobby } from './api/lobby';
import { t } from './casino-strings';
import styles from './casino.module.css';
import { GameSlider, SliderSkeleton } from './components/game-tiles';

/**
 * Home's `casino_games` block (issue #13 item 1): real games from the catalogue in one slider.
 * No query library here: it loads after home's first paint with the plain fetch hook.
 */
export default function HomeCasinoGames({ title, limit, category, link }: HomeBlockProps) {
  const heading = title || t('casinoGames');
  const games = useFetched(`home-casino:${category ?? ''}:${limit}`, async (signal) => {
    const view = await fetchLobby('casino', { category }, signal, limit);
    // A category the catalogue does not have falls back to the whole lobby: never an empty block.
    return view.games.length > 0 || !category ? view : fetchLobby('casino', {}, signal, limit);
  });
  if (games.isError && !games.data) {
    return (
      <section className={styles.section} aria-label={heading}>
        <p className={styles.notice}>
          {t('homeCasinoFailed')}{' '}
          <button type="button" className={styles.buttonSecondary} onClick={games.refetch}>
            {t('tryAgain')}
          </button>
        </p>
      </section>
    );
  }
  if (!games.data) return <SliderSkeleton label={heading} />;
  return (
    <GameSlider id="home-casino-games" title={heading} games={games.data.games} seeAll={link} />
  );
}
