import { Link } from 'react-router';
import type { CasinoGame } from '../catalogue';
import { t, tf } from '../casino-strings';
import styles from '../casino.module.css';

/** Artwork is drawn at 4:3; width and height let the browser reserve the box before it loads. */
const ART_WIDTH = 160;
const ART_HEIGHT = 120;

export function gameInfoPath(game: Pick<CasinoGame, 'slug'>): string {
  return `/game/info/${encodeURIComponent(game.slug)}`;
}

/** What a tile needs: catalogue games and recent games both have it. */
export interface TileGame {
  slug: string;
  name: string;
  image: string;
  provider?: { name: string };
  kind?: CasinoGame['kind'];
}

/** One game: fixed 4:3 art (lazy SVG), its name and provider on one line each. */
export function GameTile({ game, eager = false }: { game: TileGame; eager?: boolean }) {
  return (
    <Link to={gameInfoPath(game)} className={styles.tile} data-testid="game-tile">
      <span className={styles.art}>
        <img
          src={game.image}
          alt=""
          width={ART_WIDTH}
          height={ART_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {game.kind === 'live-rng' && <span className={styles.badge}>{t('liveRng')}</span>}
      </span>
      <span className={styles.tileName}>{game.name}</span>
      <span className={styles.tileMeta}>{game.provider?.name ?? '\u00a0'}</span>
    </Link>
  );
}

/** The same box as a tile while the catalogue loads, so nothing moves when it arrives. */
export function TileSkeleton() {
  return (
    <span className={styles.tile} aria-hidden="true">
      <span className={styles.skeleton} />
      <span className={styles.skeletonText} />
    </span>
  );
}

/** A titled row that scrolls sideways (32 % / 24 % / 19 % per tile by screen width). */
export function GameSlider({
  title,
  games,
  seeAll,
  id,
  firstOnScreen = false,
}: {
  title: string;
  games: readonly TileGame[];
  seeAll?: string;
  id: string;
  /**
   * The page's first row: its first tiles load at once (and are preloaded by the server's HTML);
   * every other row's art is lazy, so it does not compete with the first screen (ADR 186).
   */
  firstOnScreen?: boolean;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id={id}>
          {title}
        </h2>
        {seeAll && (
          <Link to={seeAll} className={styles.seeAll} aria-label={tf('seeAllOf', { name: title })}>
            {t('seeAll')}
          </Link>
        )}
      </div>
      <ul className={styles.slider}>
        {games.map((game, index) => (
          <li key={game.slug}>
            <GameTile game={game} eager={firstOnScreen && index < 3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SliderSkeleton({ label, tiles = 4 }: { label: string; tiles?: number }) {
  return (
    <section className={styles.section} aria-busy="true" aria-label={label}>
      <div className={styles.sectionHead} />
      <ul className={styles.slider}>
        {Array.from({ length: tiles }, (_, i) => (
          <li key={i}>
            <TileSkeleton />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GameGrid({ games, label }: { games: readonly CasinoGame[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {games.map((game, index) => (
        <li key={game.slug}>
          <GameTile game={game} eager={index < 6} />
        </li>
      ))}
    </ul>
  );
}

export function GridSkeleton({ label, tiles = 9 }: { label: string; tiles?: number }) {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label={label}>
      {Array.from({ length: tiles }, (_, i) => (
        <li key={i}>
          <TileSkeleton />
        </li>
      ))}
    </ul>
  );
}
