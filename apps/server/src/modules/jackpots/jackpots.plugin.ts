import type { AppInstance } from '../../app-types';
import { JackpotPrizePusher, jackpotSubscriptions } from './jackpot-prizes';
import { JackpotSettlementService } from './jackpot-settlement.service';
import { JackpotTicketsService } from './jackpot-tickets.service';
import { jackpotsRoutes } from './jackpots.routes';
import { planRounds } from './round-planner';

/**
 * Sports jackpots (issue #21 items 4–6): rounds opened from the configured templates, tickets,
 * and settlement from the feed's results, on a timer when JACKPOTS_MODE is `run`. Every step is
 * safe on several instances (a unique open round per template; settlement locks the round).
 */
export async function jackpotsModule(app: AppInstance) {
  const { deps } = app;
  // Live prizes (ADR 221): pushed to the page's room after tickets sell.
  let prizes: JackpotPrizePusher | null = null;
  const tickets = new JackpotTicketsService(deps, (roundId) => prizes?.roundChanged(roundId));
  prizes = new JackpotPrizePusher(deps, tickets, (err) =>
    app.log.error({ err }, 'jackpots: prize push failed'),
  );
  app.addHook('onClose', async () => prizes?.close());
  deps.realtime.onConnection(jackpotSubscriptions());
  const settlement = new JackpotSettlementService(deps);
  await app.register(jackpotsRoutes, { tickets });

  const { mode, tickMs, templates } = deps.config.jackpots;
  if (mode !== 'run') return;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    planRounds(deps.db, templates, deps.now())
      .then(() => settlement.tick())
      .catch((err: unknown) => app.log.error({ err }, 'jackpots: tick failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => clearInterval(timer));
}
