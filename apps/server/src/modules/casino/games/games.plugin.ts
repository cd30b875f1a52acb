import type { AppInstance } from '../../../app-types';
import type { CasinoServices } from '../casino.plugin';
import { fairnessRoutes } from './fairness.routes';
import { gameRoutes } from './games.routes';
import { MinesGame } from './mines.service';
import { OneStepGames } from './one-step.service';
import { RouletteLeader } from './roulette-leader';
import { rouletteRoutes, rouletteSubscriptions } from './roulette.routes';
import { RouletteService } from './roulette.service';
import { SeedService } from './seeds.service';

/** The engines this server runs: the catalogue marks their games playable. */
export const IN_HOUSE_ENGINES = ['dice', 'plinko', 'scratch', 'keno', 'mines', 'roulette'] as const;

/**
 * Dau's in-house game engines (issue #13 item 4, docs/decisions/170-172), every real-money round
 * through the casino's game wallet: seed pairs, one-step games, Mines, and Roulette's shared
 * rounds (played by one elected instance when several run on PostgreSQL with Redis).
 */
export async function gameEngines(app: AppInstance, { casino }: { casino: CasinoServices }) {
  const { deps } = app;
  const seeds = new SeedService(deps);
  const oneStep = new OneStepGames(deps, seeds, casino.wallet);
  const mines = new MinesGame(deps, seeds, casino.wallet);
  const settings = deps.config.casinoGames.roulette;
  const roulette = new RouletteService({ ...deps, log: app.log }, casino.wallet, settings);
  for (const engine of IN_HOUSE_ENGINES) casino.engines.register(engine);

  await app.register(fairnessRoutes, { seeds });
  await app.register(gameRoutes, { oneStep, mines });
  await app.register(rouletteRoutes, { roulette });
  deps.realtime.onConnection(rouletteSubscriptions(roulette));

  const leader = new RouletteLeader(deps.db, roulette, {
    elect: deps.databaseKind === 'postgres' && !!deps.config.redisUrl,
    retryMs: settings.electionRetryMs,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    await mines.recover().catch((err: unknown) => app.log.error({ err }, 'mines: recovery failed'));
    if (settings.mode === 'run') leader.start();
  });
  app.addHook('onClose', async () => {
    await leader.close();
  });
}
