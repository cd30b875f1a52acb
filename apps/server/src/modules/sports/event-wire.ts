import { TIME_OFFSET_MINUTES } from '@dau/domain/constants';
import { formatDayTime } from '@dau/domain/site-time';
import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import {
  isFinished,
  isLiveStatus,
  marketKey,
  type FeedReadModel,
  type ReadEvent,
  type ReadMarket,
} from '../feed/read-model';

/** Markets a bettor can see: open or briefly suspended (settled and closed ones drop out). */
const VISIBLE: readonly number[] = [1, -1];

/**
 * Kick-off as shown to bettors, 'dd/MM HH:mm', at the client's offset (its `timeOffset`, else
 * its site's; the spec's UTC+3 by default). Zambia's UTC+2 shows an hour earlier.
 */
export function localKickOff(startTime: number, offsetMinutes = TIME_OFFSET_MINUTES): string {
  return formatDayTime(startTime, offsetMinutes);
}

export function isEventBlocked(event: ReadEvent, model: FeedReadModel): boolean {
  return !model.producerUp[event.producer] || !(event.status === 0 || event.status === 1);
}

/** One market as the wire carries it; odds leave hundredths here and nowhere else. */
export function toMarketGroup(
  event: ReadEvent,
  market: ReadMarket,
  model: FeedReadModel,
): MarketGroup {
  const blocked = market.status !== 1 || isEventBlocked(event, model);
  return {
    uid: marketKey(market.marketId, market.specifier),
    id: market.marketId,
    sp: market.specifier,
    n: market.name,
    s: market.status,
    ibs: blocked,
    m: market.outcomes.map((o) => ({
      id: o.outcomeId,
      n: o.name,
      o: o.odds / 100,
      ibs: blocked || !o.active,
    })),
  };
}

export interface SummaryOptions {
  /** Only this market (and specifier, if given); all visible markets when absent. */
  marketId?: number | undefined;
  specifier?: string | undefined;
  /** Minutes east of UTC for `edtlocale`; the spec's UTC+3 when absent (e.g. shared pushes). */
  timeOffsetMinutes?: number | undefined;
}

export function toEventSummary(
  event: ReadEvent,
  model: FeedReadModel,
  options: SummaryOptions = {},
): EventSummary {
  const visible = [...event.markets.values()].filter((m) => VISIBLE.includes(m.status));
  const shown = visible
    .filter(
      (m) =>
        (options.marketId === undefined || m.marketId === options.marketId) &&
        (!options.specifier || m.specifier === options.specifier),
    )
    .sort((a, b) => a.marketId - b.marketId || a.specifier.localeCompare(b.specifier));
  const live = isLiveStatus(event.status);
  const blocked = isEventBlocked(event, model) || !visible.some((m) => m.status === 1);
  return {
    id: event.id,
    tid: event.tournamentId,
    cid: event.categoryId,
    sid: event.sportId,
    ltn: model.tournaments.get(event.tournamentId)?.name ?? '',
    lcn: model.categories.get(event.categoryId)?.name ?? '',
    lsn: model.sports.get(event.sportId)?.name ?? '',
    htn: event.home,
    atn: event.away,
    n: `${event.home} - ${event.away}`,
    edt: new Date(event.startTime).toISOString(),
    edtlocale: localKickOff(event.startTime, options.timeOffsetMinutes),
    odds: shown.map((m) => toMarketGroup(event, m, model)),
    isLive: live,
    finished: isFinished(event.status),
    isdeleted: isFinished(event.status),
    ms: event.status,
    mt: live && event.clockMinute !== null ? `${event.clockMinute}'` : '',
    sc: event.status === 0 ? '' : `${event.homeScore}:${event.awayScore}`,
    st: event.statusText,
    nro: visible.filter((m) => m.status === 1).length,
    ibs: blocked,
  };
}
