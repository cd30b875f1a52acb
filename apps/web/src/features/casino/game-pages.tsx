import { VIRTUAL_GAME_SLUG } from '@dau/contracts/virtuals/paths';
import { formatMoney, type Cents } from '@dau/domain/money';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { currentSite } from '../../lib/site';
import { nameFromSlug } from '../../lib/slug';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { useGame, useLobby, useProviders } from './api/catalogue';
import { rtpText, type CasinoGame } from './catalogue';
import { t, tf, type CasinoKey } from './casino-strings';
import styles from './casino.module.css';
import gameStyles from './game-page.module.css';
import { GameGrid, GridSkeleton } from './components/game-tiles';

/** Game pages of spec doc 1 §2 (issue #13 item 2): info, not available, Q-Tech launcher. */
const money = (amount: Cents) => formatMoney(amount, currentSite());

/**
 * Where Play and Demo lead. Demo rounds run in the browser with the domain maths, so they do not
 * wait for the server's engine; real play needs the game to be playable.
 */
export function playPath(
  game: Pick<CasinoGame, 'slug' | 'playable' | 'demo'>,
  demo = false,
): string {
  // Virtual football is a page of its own (issue #14): its matchdays are shared, not a stage.
  if (game.slug === VIRTUAL_GAME_SLUG) return '/virtuals';
  if (demo && !game.demo) return notAvailablePath('no-demo', game.slug);
  if (!demo && !game.playable) return notAvailablePath('not-playable', game.slug);
  return `/game/${demo ? 'demo' : 'play'}/${encodeURIComponent(game.slug)}`;
}

export const NOT_AVAILABLE_REASONS = [
  'not-playable',
  'unknown-game',
  'no-demo',
  'self-excluded',
  'break',
  'provider',
] as const;
export type NotAvailableReason = (typeof NOT_AVAILABLE_REASONS)[number];

export function notAvailablePath(reason: NotAvailableReason, game?: string): string {
  const params = new URLSearchParams({ reason });
  if (game) params.set('game', game);
  return `/game/not-available?${params.toString()}`;
}

const REASON_TEXT: Record<NotAvailableReason, CasinoKey> = {
  'not-playable': 'reasonNotPlayable',
  'unknown-game': 'reasonUnknownGame',
  'no-demo': 'reasonNoDemo',
  'self-excluded': 'reasonSelfExcluded',
  break: 'reasonBreak',
  provider: 'reasonProvider',
};

const VOLATILITY_TEXT: Record<CasinoGame['volatility'], CasinoKey> = {
  low: 'volatilityLow',
  medium: 'volatilityMedium',
  high: 'volatilityHigh',
};

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** /game/info/{id} and /game-rt/info/{id}: what the game is, its RTP and limits, Play and Demo. */
export function GameInfoPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  return <GameInfo slug={pathname === '/game/info/REDO-high-flyer' ? 'REDO-high-flyer' : id} />;
}

/** A game's info page (also /crash/{slug} for a crash game's slug). */
export function GameInfo({ slug }: { slug: string }) {
  const game = useGame(slug);
  if (game.isError) {
    return (
      <PageFrame title={nameFromSlug(slug, t('game'))}>
        {isNotFound(game.error) ? (
          <EmptyState
            message={t('reasonUnknownGame')}
            action={{ to: '/casino', label: t('otherGames') }}
          />
        ) : (
          <div className={styles.error} role="alert">
            <p>{t('gameFailed')}</p>
            <button type="button" className={styles.button} onClick={() => void game.refetch()}>
              {t('tryAgain')}
            </button>
          </div>
        )}
      </PageFrame>
    );
  }
  const details = game.data;
  const info = details?.game;
  return (
    <PageFrame title={info?.name ?? nameFromSlug(slug, t('game'))}>
      <div className={gameStyles.info} aria-busy={!details}>
        <span className={gameStyles.hero}>
          {info && <img src={info.image} alt="" width={320} height={240} />}
        </span>
        {info && details ? (
          <>
            <p className={gameStyles.lead}>
              {info.provider.name === info.category.name
                ? info.provider.name
                : `${info.provider.name} · ${info.category.name}`}
            </p>
            <p>{info.description}</p>
            {info.kind === 'live-rng' && <p className={styles.notice}>{t('noVideoDealer')}</p>}
            <div className={gameStyles.actions}>
              <Link className={styles.button} to={playPath(info)}>
                {t('play')}
              </Link>
              {info.demo && (
                <Link className={styles.buttonSecondary} to={playPath(info, true)}>
                  {t('demo')}
                </Link>
              )}
            </div>
            <dl className={gameStyles.facts}>
              <div>
                <dt>{t('rtp')}</dt>
                <dd>{rtpText(info.rtp)}</dd>
              </div>
              <div>
                <dt>{t('minStake')}</dt>
                <dd>{money(info.minStake)}</dd>
              </div>
              <div>
                <dt>{t('maxStake')}</dt>
                <dd>{money(info.maxStake)}</dd>
              </div>
              <div>
                <dt>{t('maxWin')}</dt>
                <dd>{money(details.maxWin)}</dd>
              </div>
              <div>
                <dt>{t('volatility')}</dt>
                <dd>{t(VOLATILITY_TEXT[info.volatility])}</dd>
              </div>
            </dl>
            {details.rules.length > 0 && (
              <section aria-labelledby="game-rules">
                <h2 id="game-rules" className={styles.sectionTitle}>
                  {t('howToPlay')}
                </h2>
                {details.rules.map((rule, i) => (
                  <p key={i}>{rule}</p>
                ))}
              </section>
            )}
            {details.provablyFair && (
              <p className={gameStyles.fair}>
                {t('provablyFairNote')} <Link to="/fairness">{t('fairnessLink')}</Link>
              </p>
            )}
          </>
        ) : (
          <p className={styles.notice}>{t('loadingGame')}</p>
        )}
      </div>
    </PageFrame>
  );
}

/** Dau's own games, offered wherever a game cannot be played. */
function OwnGames() {
  const own = useLobby('games', {});
  if (own.isError) return null;
  return (
    <section aria-labelledby="own-games" className={gameStyles.ownGames}>
      <h2 id="own-games" className={styles.sectionTitle}>
        {t('dauGames')}
      </h2>
      {own.data ? (
        <GameGrid games={own.data.games} label={t('dauGames')} />
      ) : (
        <GridSkeleton label={t('loadingGames')} tiles={6} />
      )}
    </section>
  );
}

/** /game/not-available: why, and Dau's games instead. */
export function GameNotAvailablePage() {
  const [params] = useSearchParams();
  const raw = params.get('reason');
  const reason = (NOT_AVAILABLE_REASONS as readonly string[]).includes(raw ?? '')
    ? (raw as NotAvailableReason)
    : null;
  const game = params.get('game');
  return (
    <PageFrame title={t('notAvailableTitle')}>
      <div className={styles.notice} role="status">
        {game && <p className={gameStyles.lead}>{nameFromSlug(game, t('game'))}</p>}
        <p>{reason ? t(REASON_TEXT[reason]) : t('reasonGeneric')}</p>
        {(reason === 'self-excluded' || reason === 'break') && (
          <Link to="/my-account/settings">{t('accountSettings')}</Link>
        )}
      </div>
      <OwnGames />
    </PageFrame>
  );
}

/**
 * /game/q-tech and /game/q-tech/{id}: a third-party provider's launcher. No such provider is
 * configured on Dau today: the page says so at once (never a spinner) and offers Dau's games.
 */
export function QTechPage() {
  const { id } = useParams();
  const providers = useProviders();
  const configured = providers.data?.some((p) => p.slug === 'q-tech') ?? false;
  return (
    <PageFrame title={t('qtechTitle')}>
      <div className={styles.notice} role="status">
        {id && <p className={gameStyles.lead}>{tf('qtechGame', { id })}</p>}
        {configured ? (
          <p>
            {t('qtechListed')} <Link to="/casino/provider/q-tech">{t('qtechGames')}</Link>
          </p>
        ) : (
          <p>{t('qtechNotConfigured')}</p>
        )}
      </div>
      <OwnGames />
    </PageFrame>
  );
}
