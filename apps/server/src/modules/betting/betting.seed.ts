import { siteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import { DEMO_USER } from '../accounts/accounts.seed';
import { checkSelectionOpen } from '../feed/market-availability';
import { postTransaction } from '../wallet/ledger.service';
import { placeBet } from './place-bet.service';

const DEMO_BET_KEY = 'seed:demo:first-bet';
const DEMO_STAKE_UNITS = 10;

/**
 * The demo user's first bet, so the demo can show My Bets and pass the withdrawal eligibility
 * check (minBetsCount 1, doc 1 §5). Placed through the real betting pipeline on an open
 * pre-match 1X2 market of the running feed; a house grant of the same stake keeps the demo's
 * documented KSh 5,000 cash. Runs once the feed is connected; a no-op once the user has a bet
 * (later restarts retire the event, and betting refunds the bet as it would any other).
 * Answers false while no open market is there yet.
 */
export async function seedDemoBet(deps: AppDeps): Promise<boolean> {
  const simulator = deps.feed.simulator;
  if (!simulator) return true;
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'external_id', 'site_id'])
    .where('site_id', '=', DEMO_USER.siteId)
    .where('phone', '=', DEMO_USER.phone)
    .executeTakeFirst();
  if (!user) return true;
  const hasBet = await deps.db
    .selectFrom('bets')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (hasBet) return true;

  const live = new Set(simulator.liveEventIds());
  for (const fixture of simulator.fixtures()) {
    if (fixture.sport.id !== 1 || live.has(fixture.eventId)) continue;
    const selection = { eventId: fixture.eventId, marketId: 1, specifier: '', outcomeId: 1 };
    const open = await checkSelectionOpen(deps.db, selection);
    if (!open.open || open.isLive) continue;
    await placeBet(
      deps,
      { userId: user.id, externalId: user.external_id, siteId: user.site_id, sessionId: 0 },
      siteConfig(DEMO_USER.siteId),
      {
        siteId: DEMO_USER.siteId,
        betType: 'single',
        stake: DEMO_STAKE_UNITS,
        freebetStake: 0,
        acceptOddsChanges: 'any',
        idempotencyKey: DEMO_BET_KEY,
        selections: [{ ...selection, odds: open.odds / 100 }],
      },
    );
    await deps.db.transaction().execute((tx) =>
      postTransaction(tx, {
        kind: 'grant_demo_cash',
        idempotencyKey: `${DEMO_BET_KEY}:stake`,
        userId: user.id,
        entries: [
          { account: { userId: user.id, kind: 'cash' }, amount: DEMO_STAKE_UNITS * 100 },
          { account: { system: 'house' }, amount: -DEMO_STAKE_UNITS * 100 },
        ],
        meta: { reason: 'demo seed: the stake of the first demo bet' },
      }),
    );
    return true;
  }
  // No open pre-match market yet (the feed's snapshot is still arriving).
  return false;
}
