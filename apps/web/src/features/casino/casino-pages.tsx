import { useParams } from 'react-router';
import { nameFromSlug } from '../../lib/slug';
import { EmptyState, PageFrame } from '../../ui/page-frame';

/** Casino, games and game pages (spec doc 1 §2); a later issue fills the lobby and games. */
const LOBBY_TABS = [
  { to: '/casino', label: 'Casino' },
  { to: '/live-casino', label: 'Live Casino' },
  { to: '/crash', label: 'Crash' },
  { to: '/instant-wins', label: 'Instant Wins' },
  { to: '/virtuals', label: 'Virtuals' },
];

function Lobby({ title, message }: { title: string; message: string }) {
  return (
    <PageFrame title={title} tabs={LOBBY_TABS}>
      <EmptyState message={message} action={{ to: '/all-games', label: 'All games' }} />
    </PageFrame>
  );
}

export function CasinoPage() {
  return <Lobby title="Casino" message="No games in this lobby yet." />;
}

export function CasinoProvidersPage() {
  return <Lobby title="Game providers" message="No game providers listed yet." />;
}

export function CasinoSlugPage() {
  const { slug } = useParams();
  return <Lobby title={nameFromSlug(slug, 'Casino')} message="No games in this collection yet." />;
}

export function LiveCasinoPage() {
  const { slug } = useParams();
  return (
    <Lobby
      title={slug ? nameFromSlug(slug, 'Live Casino') : 'Live Casino'}
      message="No live tables open right now."
    />
  );
}

export function CrashPage() {
  const { slug } = useParams();
  return (
    <Lobby
      title={slug ? nameFromSlug(slug, 'Crash') : 'Crash'}
      message="No crash games available right now."
    />
  );
}

export function VirtualsPage() {
  return <Lobby title="Virtuals" message="No virtual sports running right now." />;
}

export function GamesPage() {
  return <Lobby title="Games" message="No games listed yet." />;
}

export function InstantWinsPage() {
  return <Lobby title="Instant Wins" message="No instant-win games listed yet." />;
}

export function AllGamesPage() {
  const { slug } = useParams();
  return (
    <Lobby
      title={slug ? nameFromSlug(slug, 'All games') : 'All games'}
      message="No games listed yet."
    />
  );
}

export function AllWinnersPage() {
  const { slug } = useParams();
  return (
    <PageFrame title={slug ? nameFromSlug(slug, 'Winners') : 'All winners'}>
      <EmptyState
        message="No recent winners to show."
        action={{ to: '/casino', label: 'Go to casino' }}
      />
    </PageFrame>
  );
}

export function GameInfoPage() {
  const { id } = useParams();
  return (
    <PageFrame title={nameFromSlug(id, 'Game')}>
      <EmptyState
        message="Game details will show here."
        action={{ to: '/casino', label: 'Back to casino' }}
      />
    </PageFrame>
  );
}

export function GamePlayPage() {
  const { id } = useParams();
  return (
    <PageFrame title={nameFromSlug(id, 'Game')}>
      <EmptyState
        message="Starting the game…"
        action={{ to: '/casino', label: 'Back to casino' }}
      />
    </PageFrame>
  );
}

export function GameNotAvailablePage() {
  return (
    <PageFrame title="Game not available">
      <EmptyState
        message="This game cannot be played in your country right now."
        action={{ to: '/casino', label: 'Other games' }}
      />
    </PageFrame>
  );
}

export function QTechPage() {
  return <Lobby title="Q-Tech games" message="No Q-Tech games listed yet." />;
}
