import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import type { SportListItem } from '@dau/contracts/sports/list-sports';

/** Sports answers for web tests: a 1x2 market, an event, football, a JSON response. */
export const market = (id: number, name: string): MarketGroup => ({
  uid: String(id),
  id,
  sp: '',
  n: name,
  s: 1,
  ibs: false,
  m: [
    { id: 1, n: 'Home FC', o: 2.1, ibs: false },
    { id: 2, n: 'draw', o: 3.2, ibs: false },
    { id: 3, n: 'Away FC', o: 3.4, ibs: false },
  ],
});

export function event(id: number, markets: MarketGroup[] = [market(1, '1x2')]): EventSummary {
  return {
    id,
    tid: 2103,
    cid: 1102,
    sid: 1,
    ltn: 'Premier League',
    lcn: 'England',
    lsn: 'Soccer',
    htn: 'Home FC',
    atn: 'Away FC',
    n: 'Home FC - Away FC',
    edt: '2026-11-22T15:00:00.000Z',
    edtlocale: '22/11 18:00',
    odds: markets,
    isLive: false,
    finished: false,
    isdeleted: false,
    ms: 0,
    mt: '',
    sc: '0:0',
    st: '',
    nro: 40,
    ibs: false,
  };
}

export const football: SportListItem = {
  id: 1,
  name: 'Soccer',
  defaultMarketId: 1,
  sportOrder: 1,
  nrOfEvents: 3,
  sortBy: 'league',
  categories: [],
  quickFilter: [],
};

export function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}
