import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionStore } from '../../lib/session-store';
import { PageFrame } from '../../ui/page-frame';
import { TabSwitch } from '../../ui/tab-switch';
import { balanceQueryKey } from '../../lib/balance-query-key';
import { useJackpotRounds } from './api/get-jackpot-rounds';
import { useLivePrizes, withLivePrizes } from './api/jackpot-prizes';
import { JackpotCoupon } from './jackpot-coupon';
import { JackpotResults, JackpotRules, JackpotTickets, ListState } from './jackpot-tickets';
import { tj } from './jackpots-strings';

type View = 'play' | 'tickets' | 'results' | 'rules';

/**
 * `/jackpots` (issue #21 item 5): the open rounds' coupons, the signed-in user's tickets, past
 * results and the rules. The open rounds render on the server; their prizes follow sales live
 * (ADR 221).
 */
export function JackpotsPage() {
  const rounds = useJackpotRounds();
  const livePrizes = useLivePrizes();
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('play');
  const [bought, setBought] = useState(0);
  const views: View[] = isAuthenticated
    ? ['play', 'tickets', 'results', 'rules']
    : ['play', 'results', 'rules'];
  const label = {
    play: tj('tabPlay'),
    tickets: tj('tabTickets'),
    results: tj('tabResults'),
    rules: tj('tabRules'),
  };
  // The server's wallet push updates the header too; this asks again in case the socket is down.
  const onBought = () => {
    setBought((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  };
  return (
    <PageFrame title={tj('title')}>
      <TabSwitch
        tabs={views.map((id) => ({ id, label: label[id] }))}
        value={view}
        onChange={setView}
        compact
      />
      {view === 'play' &&
        (!rounds.data ? (
          <ListState
            state={rounds.isError ? 'error' : 'loading'}
            empty=""
            onRetry={rounds.refetch}
          />
        ) : rounds.data.rounds.length === 0 ? (
          <ListState state="empty" empty={tj('noRounds')} onRetry={rounds.refetch} />
        ) : (
          rounds.data.rounds.map((round) => (
            <JackpotCoupon
              key={round.id}
              round={withLivePrizes(round, livePrizes.get(round.id))}
              onBought={onBought}
            />
          ))
        ))}
      {view === 'tickets' && isAuthenticated && <JackpotTickets version={bought} />}
      {view === 'results' && <JackpotResults />}
      {view === 'rules' && <JackpotRules />}
    </PageFrame>
  );
}
