import { useParams } from 'react-router';
import { currentSiteId } from '../../lib/site';
import { EmptyState, PageFrame, type Tab } from '../../ui/page-frame';

/** My Bets (spec doc 1 §2); #8 fills the histories. */
function tabs(): Tab[] {
  const list: Tab[] = [
    { to: '/my-bets/bet-history-v2', label: 'Sports bets' },
    { to: '/my-bets/bet-history-v3', label: 'Jackpot bets' },
  ];
  if (currentSiteId() === 4) list.push({ to: '/my-bets/casino-history', label: 'Casino' });
  list.push({ to: '/my-bets/casino-prag-stp-history', label: 'Casino rounds' });
  return list;
}

export function MyBetsPage() {
  return (
    <PageFrame title="My Bets" tabs={tabs()}>
      <EmptyState
        message="Choose which bets to see."
        action={{ to: '/my-bets/bet-history-v2', label: 'Sports bets' }}
      />
    </PageFrame>
  );
}

export function BetHistoryPage() {
  return (
    <PageFrame title="My Bets" tabs={tabs()}>
      <EmptyState
        message="You have no bets yet."
        action={{ to: '/sports', label: 'Place a bet' }}
      />
    </PageFrame>
  );
}

export function BetDetailsPage() {
  const { betId } = useParams();
  return (
    <PageFrame title={`Bet ${betId ?? ''}`.trim()}>
      <EmptyState
        message="Bet details are loading from your history."
        action={{ to: '/my-bets/bet-history-v2', label: 'All bets' }}
      />
    </PageFrame>
  );
}

export function CasinoHistoryPage() {
  return (
    <PageFrame title="Casino history" tabs={tabs()}>
      <EmptyState
        message="You have no casino rounds yet."
        action={{ to: '/casino', label: 'Go to casino' }}
      />
    </PageFrame>
  );
}
