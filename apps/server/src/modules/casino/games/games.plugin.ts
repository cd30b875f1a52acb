import type { AppInstance } from '../../../app-types';
import type { CasinoServices } from '../casino.plugin';
import { crashLeader } from './crash/crash-leader';
import { CrashRounds } from './crash/crash-rounds';
import { crashRoutes, crashSubscriptions } from './crash/crash.routes';
import { CrashService } from './crash/crash.service';
import { fairnessRoutes } from './fairness.routes';
import { gameRoutes } from './games.routes';
import { MinesGame } from './mines.service';
import { OneStepGames } from './one-step.service';
import { rouletteLeader } from './roulette-leader';
import { rouletteRoutes, rouletteSubscriptions } from './roulette.routes';
import { RouletteService } from './roulette.service';
import { SeedService } from './seeds.service';

/** The engines this server runs: the catalogue marks their games playable. */
export const IN_HOUSE_ENGINES = [
  'dice',
  'plinko',
  'scratch',
  'keno',
  'mines',
  'roulette',
  'crash',
] as const;

/**
 * Dau's in-house game engines (issue #13 item 4, docs/decisions/170-172), every real-money round
 * through the casino's game wallet: seed pairs, one-step games, Mines, and Roulette's shared
 * rounds and High Flyer's (each played by one elected instance when several run on PostgreSQL
 * with Redis).
 */
export async function gameEngines(app: AppInstance, { casino }: { casino: CasinoServices }) {
  const { deps } = app;
  const seeds = new SeedService(deps);
  const oneStep = new OneStepGames(deps, seeds, casino.wallet);
  const mines = new MinesGame(deps, seeds, casino.wallet);
  const settings = deps.config.casinoGames.roulette;
  const roulette = new RouletteService({ ...deps, log: app.log }, casino.wallet, settings);
  const crashSettings = deps.config.casinoGames.crash;
  const crashDeps = { ...deps, log: app.log };
  const crash = new CrashService(crashDeps, casino.wallet, crashSettings);
  const crashRounds = new CrashRounds(crashDeps, crash, casino.wallet, crashSettings);
  const recoveries: Partial<Record<string, () => Promise<number>>> = {
    mines: () => mines.recover(),
    crash: () => crashRounds.recover(),
  };
  for (const engine of IN_HOUSE_ENGINES) {
    const recover = recoveries[engine];
    casino.engines.register(engine, recover ? { recover } : {});
  }

  await app.register(fairnessRoutes, { seeds });
  await app.register(gameRoutes, { oneStep, mines });
  await app.register(rouletteRoutes, { roulette });
  deps.realtime.onConnection(rouletteSubscriptions(roulette));
  await app.register(crashRoutes, { crash });
  deps.realtime.onConnection(crashSubscriptions(crash));

  const leader = rouletteLeader(deps.db, roulette, {
    elect: deps.databaseKind === 'postgres' && !!deps.config.redisUrl,
    retryMs: settings.electionRetryMs,
    log: app.log,
  });
  const crashElection = crashLeader(deps.db, crashRounds, {
    elect: deps.databaseKind === 'postgres' && !!deps.config.redisUrl,
    retryMs: crashSettings.electionRetryMs,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    if (settings.mode === 'run') leader.start();
    if (crashSettings.mode === 'run') crashElection.start();
  });
  app.addHook('onClose', async () => {
    await leader.close();
    await crashElection.close();
    await crash.drain();
    crash.close();
  });
}
