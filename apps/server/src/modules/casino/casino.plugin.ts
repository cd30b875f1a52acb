import type { AppDeps, AppInstance } from '../../app-types';
import { catalogueRoutes } from './catalogue.routes';
import { CatalogueService, EngineRegistry } from './catalogue.service';
import { GameWalletCore } from './game-wallet.service';
import { InHouseWallet, recoverOpenRounds } from './in-house-wallet';
import { jackpotRoutes } from './jackpot.routes';
import { JackpotService } from './jackpot.service';
import { playerCasinoRoutes } from './player.routes';
import { walletSeamRoutes } from './wallet-seam.routes';
import { forgetRequestsBefore } from './wallet.repository';

/**
 * The casino's services, built once per app: the game engines (modules/casino/games) take
 * `engines` to say what they play and `wallet` to move money; the routes below take the rest.
 */
export interface CasinoServices {
  engines: EngineRegistry;
  catalogue: CatalogueService;
  /** The seamless wallet's core, shared by the HTTP seam and `wallet`. */
  core: GameWalletCore;
  /** The in-process wallet of Dau's own games. */
  wallet: InHouseWallet;
  /** Pools fed by in-house rounds as they settle (the core's settlement hook). */
  jackpots: JackpotService;
}

export function createCasino(deps: AppDeps): CasinoServices {
  const engines = new EngineRegistry();
  const jackpots = new JackpotService(deps);
  const core = new GameWalletCore(deps, jackpots);
  return {
    engines,
    catalogue: new CatalogueService(deps.db, engines),
    core,
    wallet: new InHouseWallet(deps, core),
    jackpots,
  };
}

/** Catalogue, lobbies and the wallet seam; resolves rounds a crash left open (at start, then every CASINO_RECOVERY_INTERVAL_MS). */
export async function casinoRoutes(
  app: AppInstance,
  { casino }: { casino: CasinoServices },
): Promise<void> {
  await app.register(catalogueRoutes, { catalogue: casino.catalogue });
  await app.register(walletSeamRoutes, { core: casino.core });
  await app.register(playerCasinoRoutes);
  await app.register(jackpotRoutes, { jackpots: casino.jackpots });

  const { deps } = app;
  const recover = async () => {
    const owners = casino.engines.selfRecovering();
    for (const [engine, recoverEngine] of owners) {
      await recoverEngine().catch((err: unknown) =>
        app.log.error({ err, engine }, 'casino: engine recovery failed'),
      );
    }
    const result = await recoverOpenRounds(deps, casino.core, {
      skipEngines: [...owners.keys()],
      onError: (err, roundId) => app.log.error({ err, roundId }, 'casino: round recovery failed'),
    });
    if (result.credited + result.rolledBack + result.closed + result.failed > 0) {
      app.log.info(result, 'casino: open rounds recovered');
    }
    // Contributions a stopped instance had not folded yet.
    await casino.jackpots.fold();
    // Replay protection only needs requests inside the signature's freshness window.
    await forgetRequestsBefore(deps.db, new Date(deps.now().getTime() - 24 * 3600_000));
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await casino.jackpots.ensurePools();
    await recover();
    const every = deps.config.casino.recoveryIntervalMs;
    if (every > 0) {
      timer = setInterval(() => {
        recover().catch((err: unknown) => app.log.error({ err }, 'casino: recovery run failed'));
      }, every);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    casino.jackpots.close();
  });
}
