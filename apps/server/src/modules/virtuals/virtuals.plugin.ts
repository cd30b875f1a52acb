import type { AppInstance } from '../../app-types';
import type { CasinoServices } from '../casino/casino.plugin';
import { RoundLeader } from '../casino/games/round-leader';
import { MatchdaysService } from './matchdays.service';
import { VIRTUAL_ENGINE, VirtualBetsService } from './virtual-bets.service';
import { virtualsRoutes, virtualsSubscriptions } from './virtuals.routes';

/** The advisory lock key of the instance that plays the matchdays ("vfbl" in ASCII). */
const VIRTUALS_LOCK = 0x7666626c;

/**
 * Virtual football (issue #14 item 2, docs/decisions/195): matchdays played by one elected
 * instance, the virtual betslip's bets through the casino's game wallet.
 */
export async function virtualsModule(app: AppInstance, { casino }: { casino: CasinoServices }) {
  const { deps } = app;
  const settings = deps.config.virtuals;
  const bets = new VirtualBetsService({ ...deps, log: app.log }, casino.wallet);
  const matchdays = new MatchdaysService({ ...deps, log: app.log }, bets, settings);
  casino.engines.register(VIRTUAL_ENGINE);

  await app.register(virtualsRoutes, { matchdays, bets });
  deps.realtime.onConnection(virtualsSubscriptions(matchdays));

  const leader = new RoundLeader(deps.db, matchdays, {
    lockKey: VIRTUALS_LOCK,
    name: 'virtuals',
    elect: deps.databaseKind === 'postgres' && !!deps.config.redisUrl,
    retryMs: settings.electionRetryMs,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    if (settings.mode === 'run') leader.start();
  });
  app.addHook('onClose', async () => {
    await leader.close();
  });
}
