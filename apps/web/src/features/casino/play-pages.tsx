import { VIRTUAL_GAME_SLUG } from '@dau/contracts/virtuals/paths';
import { useEffect, useMemo, useReducer, type ComponentType } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../lib/session-store';
import { balanceQueryOptions } from '../payments/api/get-balance';
import { nameFromSlug } from '../../lib/slug';
import { PageFrame } from '../../ui/page-frame';
import { useGame } from './api/catalogue';
import { recentGamesServer } from './api/recent-games';
import { isInHouseEngine, type CasinoGame, type InHouseEngine } from './catalogue';
import { t } from './casino-strings';
import { tg } from './game-strings';
import { useHydrated } from './client-only';
import styles from './casino.module.css';
import { isNotFound, notAvailablePath, playPath } from './game-pages';
import { CrashScreen } from './crash/crash-screen';
import { DiceScreen } from './games/dice-screen';
import { FairnessPanel } from './games/fairness-panel';
import { KenoScreen } from './games/keno-screen';
import { MinesScreen } from './games/mines-screen';
import { PlinkoScreen } from './games/plinko-screen';
import { RouletteScreen } from './games/roulette-screen';
import { ScratchScreen } from './games/scratch-screen';
import type { GameScreenProps } from './games/screen-props';
import { useGameSound } from './games/sound';
import pageStyles from './game-page.module.css';
import { saveRecentGame } from './recent-games';
import { createDemoSession } from './session/demo-session';
import type { GameSession } from './session/game-session';
import { createRealSession } from './session/real-session';

/**
 * /game/play/{id} (signed in, real money through the wallet seam) and /game/demo/{id} (a fun
 * balance in the browser, never the wallet): Dau's own games inside Dau's page, so the header
 * shows the balance each round moves (issue #13 item 2).
 */
const SCREENS: Record<InHouseEngine, ComponentType<GameScreenProps>> = {
  mines: MinesScreen,
  dice: DiceScreen,
  plinko: PlinkoScreen,
  scratch: ScratchScreen,
  keno: KenoScreen,
  roulette: RouletteScreen,
  crash: CrashScreen,
};

function GameStage({ game, demo }: { game: CasinoGame; demo: boolean }) {
  const signedIn = useSessionStore((s) => s.isAuthenticated);
  const sound = useGameSound();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const queryClient = useQueryClient();
  // A real round moved the player's cash: the header's balance follows at once (the wallet push
  // does it too when the socket is up; this does not depend on it).
  const afterRound = () => {
    redraw();
    if (!demo) void queryClient.fetchQuery({ ...balanceQueryOptions(), staleTime: 0 });
  };
  const hydrated = useHydrated();
  const limits = { min: game.minStake, max: game.maxStake };

  // Demo seeds come from the browser's random source: made only once hydrated, never on the
  // server. Real seeds are fetched after mount.
  const session = useMemo<GameSession | null>(() => {
    if (!hydrated) return null;
    return demo
      ? createDemoSession({ limits: { min: game.minStake, max: game.maxStake }, onChange: redraw })
      : createRealSession({ game: game.slug, onChange: redraw });
  }, [hydrated, demo, game.slug, game.minStake, game.maxStake]);
  useEffect(() => void session?.load(), [session]);

  useEffect(() => {
    void saveRecentGame(
      { gameSlug: game.slug, name: game.name, image: game.image },
      signedIn,
      recentGamesServer,
    );
  }, [game.slug, game.name, game.image, signedIn]);

  const Screen = SCREENS[game.engine as InHouseEngine];
  return (
    <>
      <div className={pageStyles.gameBar}>
        <span className={demo ? pageStyles.modeDemo : pageStyles.modeReal}>
          {demo ? tg('modeDemo') : tg('modeReal')}
        </span>
        <button
          type="button"
          className={pageStyles.barButton}
          aria-pressed={sound.enabled}
          onClick={sound.toggle}
        >
          {sound.enabled ? tg('soundOn') : tg('soundOff')}
        </button>
        <Link className={pageStyles.barButton} to={`/game/info/${encodeURIComponent(game.slug)}`}>
          {tg('rulesShort')}
        </Link>
      </div>
      {game.kind === 'live-rng' && <p className={styles.notice}>{t('noVideoDealer')}</p>}
      {session ? (
        <>
          <Screen
            game={game}
            session={session}
            limits={limits}
            sound={sound.play}
            onRound={afterRound}
          />
          {game.engine !== 'roulette' && game.engine !== 'crash' && (
            <FairnessPanel session={session} onChange={redraw} game={game.engine} />
          )}
        </>
      ) : (
        <div
          className={pageStyles.stagePlaceholder}
          aria-busy="true"
          aria-label={t('loadingGame')}
        />
      )}
      {demo && !signedIn && (
        <p className={pageStyles.fair}>
          {tg('demoGuestNote')} <Link to="/register">{tg('joinToPlay')}</Link>
        </p>
      )}
    </>
  );
}

export function GamePlayPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const demo = pathname.startsWith('/game/demo/');
  const query = useGame(id);
  const info = query.data?.game;

  if (query.isError && isNotFound(query.error)) {
    return <Navigate to={notAvailablePath('unknown-game', id)} replace />;
  }
  if (info) {
    // Demo needs only the game's demo flag (it runs here); real play needs a playable game.
    if (demo ? !info.demo : !info.playable) return <Navigate to={playPath(info, demo)} replace />;
    if (info.slug === VIRTUAL_GAME_SLUG) return <Navigate to="/virtuals" replace />;
    if (!isInHouseEngine(info.engine)) {
      return <Navigate to={notAvailablePath('provider', info.slug)} replace />;
    }
  }
  return (
    <PageFrame title={info?.name ?? nameFromSlug(id, t('game'))}>
      {query.isError ? (
        <div className={styles.error} role="alert">
          <p>{t('gameFailed')}</p>
          <button type="button" className={styles.button} onClick={() => void query.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : info ? (
        <GameStage key={`${info.slug}:${demo}`} game={info} demo={demo} />
      ) : (
        <div
          className={pageStyles.stagePlaceholder}
          aria-busy="true"
          aria-label={t('loadingGame')}
        />
      )}
    </PageFrame>
  );
}

// The fairness page recomputes rounds with the same game maths: one route chunk with play.
export { FairnessPage } from './fairness-page';
