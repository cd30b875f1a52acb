import type { BetDetailResponse, BetSummary } from '@dau/contracts/betting/bet-history';
import { formatMoney, fromUnits, type Cents } from '@dau/domain/money';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { currentSite, currentSiteId } from '../../lib/site';
import { EmptyState, PageFrame, type Tab } from '../../ui/page-frame';
import {
  useBetDetail,
  useBetHistory,
  useBetHistoryDays,
  type BetStatusFilter,
} from './api/bet-history';
import styles from './my-bets.module.css';

/** My Bets (spec doc 1 §2; issue #8 item 5): the user's own sports bets and casino rounds. */
function tabs(): Tab[] {
  const list: Tab[] = [
    { to: '/my-bets/bet-history-v2', label: 'Sports bets' },
    { to: '/my-bets/bet-history-v3', label: 'By day' },
  ];
  if (currentSiteId() === 4) list.push({ to: '/my-bets/casino-history', label: 'Casino' });
  list.push({ to: '/my-bets/casino-prag-stp-history', label: 'Casino rounds' });
  return list;
}

const money = (units: number) => formatMoney(fromUnits(units), currentSite());
const sum = (...units: number[]) =>
  formatMoney(units.reduce((total, u) => total + fromUnits(u), 0) as Cents, currentSite());

const STATUS_TEXT = { open: 'Open', won: 'Won', lost: 'Lost', void: 'Void' } as const;
const FILTERS: { value: BetStatusFilter | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'settled', label: 'Settled' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
  { value: 'void', label: 'Void' },
];

/** A bet page is a fresh visit (My Bets is never cached): start it at the top. */
function useStartAtTop(key: string): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}

/** Placed and settled times in the site's clock (UTC+3 for Kenya), 'dd/MM HH:mm'. */
function siteTime(iso: string): string {
  const offset = currentSite().timeOffsetMinutes;
  const local = new Date(Date.parse(iso) + offset * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
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

function StatusFilter({
  value,
  onChange,
}: {
  value: BetStatusFilter | undefined;
  onChange: (value: BetStatusFilter | undefined) => void;
}) {
  return (
    <div className={styles.filters} role="group" aria-label="Bet status">
      {FILTERS.map((f) => (
        <button
          key={f.label}
          type="button"
          aria-pressed={value === f.value}
          className={value === f.value ? styles.filterActive : styles.filter}
          onClick={() => onChange(f.value)}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

function BetRow({ bet }: { bet: BetSummary }) {
  const stake = sum(bet.figures.stake, bet.figures.freebetStake);
  return (
    <li>
      <Link
        className={styles.bet}
        to={`/my-bets/bet-history-v2/${bet.betId}`}
        data-bet-id={bet.betId}
        data-status={bet.status}
      >
        <span className={styles.betHead}>
          <b>
            {bet.betType === 'multiple' ? `Multiple (${bet.selectionsCount})` : 'Single'} · Bet{' '}
            {bet.betId}
          </b>
          <span className={`${styles.badge} ${styles[bet.status]}`}>{STATUS_TEXT[bet.status]}</span>
        </span>
        <span className={styles.betFigures}>
          <span>
            Stake <b>{stake}</b>
          </span>
          <span>
            Odds <b>{bet.figures.totalOdds.toFixed(2)}</b>
          </span>
          <span>
            {bet.status === 'open' ? 'Possible payout' : 'Paid'}{' '}
            <b data-testid="bet-payout">
              {money(bet.status === 'open' ? bet.figures.netPayout : bet.payout)}
            </b>
          </span>
        </span>
        <small className={styles.muted}>{siteTime(bet.placedAt)}</small>
      </Link>
    </li>
  );
}

function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}

function Loading() {
  return (
    <p className={styles.muted} role="status">
      Loading your bets…
    </p>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>Your bets could not be loaded.</p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

const NoBets = () => (
  <EmptyState
    message="You have no bets here yet."
    action={{ to: '/sports', label: 'Place a bet' }}
  />
);

/** bet-history-v2 (a list) and bet-history-v3 (grouped by day with daily totals). */
export function BetHistoryPage() {
  const { pathname } = useLocation();
  const byDay = pathname.startsWith('/my-bets/bet-history-v3');
  useStartAtTop(pathname);
  const [status, setStatus] = useState<BetStatusFilter | undefined>(undefined);
  const [page, setPage] = useState(1);
  const filter = { ...(status ? { status } : {}), page };
  return (
    <PageFrame title="My Bets" tabs={tabs()}>
      <StatusFilter
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {byDay ? (
        <DaysList filter={filter} onPage={setPage} />
      ) : (
        <BetList filter={filter} onPage={setPage} />
      )}
    </PageFrame>
  );
}

interface ListProps {
  filter: { status?: BetStatusFilter; page: number };
  onPage: (page: number) => void;
}

function BetList({ filter, onPage }: ListProps) {
  const history = useBetHistory(filter);
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadFailed retry={() => void history.refetch()} />;
  const { items, page, pageSize, totalCount } = history.data;
  if (items.length === 0) return <NoBets />;
  return (
    <>
      <ul className={styles.bets}>
        {items.map((bet) => (
          <BetRow key={bet.betId} bet={bet} />
        ))}
      </ul>
      <Pager page={page} pageSize={pageSize} total={totalCount} onPage={onPage} />
    </>
  );
}

function DaysList({ filter, onPage }: ListProps) {
  const history = useBetHistoryDays(filter);
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadFailed retry={() => void history.refetch()} />;
  const { days, page, pageSize, totalCount } = history.data;
  if (days.length === 0) return <NoBets />;
  return (
    <>
      {days.map((day) => (
        <section key={day.date} className={styles.day} aria-label={day.date}>
          <h2>
            <span>{day.date.split('-').reverse().join('/')}</span>
            <small>
              {day.betsCount} bet{day.betsCount === 1 ? '' : 's'} · staked {money(day.totalStake)} ·
              paid {money(day.totalPayout)}
            </small>
          </h2>
          <ul className={styles.bets}>
            {day.bets.map((bet) => (
              <BetRow key={bet.betId} bet={bet} />
            ))}
          </ul>
        </section>
      ))}
      <Pager page={page} pageSize={pageSize} total={totalCount} onPage={onPage} />
    </>
  );
}

const RESULT_TEXT: Record<BetDetailResponse['selections'][number]['result'], string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  'half-won': 'Half won',
  'half-lost': 'Half lost',
};

export function BetDetailsPage() {
  const { betId = '' } = useParams();
  const detail = useBetDetail(betId);
  useStartAtTop(betId);
  return (
    <PageFrame title={`Bet ${betId}`.trim()}>
      {detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <EmptyState
          message="This bet is not in your history."
          action={{ to: '/my-bets/bet-history-v2', label: 'All bets' }}
        />
      ) : (
        <BetDetailView bet={detail.data} />
      )}
    </PageFrame>
  );
}

function BetDetailView({ bet }: { bet: BetDetailResponse }) {
  const f = bet.figures;
  const rows: [string, string][] = [
    ['Stake', money(f.stake)],
    ...(f.freebetStake > 0 ? [['Free bet stake', money(f.freebetStake)] as [string, string]] : []),
    ['Excise tax', `−${money(f.excise)}`],
    ['Stake after tax', money(f.stakeAfterExcise)],
    ['Total odds', f.totalOdds.toFixed(2)],
    ...(f.winBoostAmount > 0
      ? [[`Win boost ${f.winBoostPercentage} %`, `+${money(f.winBoostAmount)}`] as [string, string]]
      : []),
    ['Gross possible win', money(f.grossPossibleWin)],
    ['Withholding tax', `−${money(f.withholdingTax)}`],
    ['Possible payout', money(f.netPayout)],
  ];
  return (
    <>
      <p className={styles.betHead}>
        <b>
          {bet.betType === 'multiple' ? `Multiple (${bet.selectionsCount})` : 'Single'} · placed{' '}
          {siteTime(bet.placedAt)}
        </b>
        <span className={`${styles.badge} ${styles[bet.status]}`} data-testid="bet-status">
          {STATUS_TEXT[bet.status]}
        </span>
      </p>
      {bet.status !== 'open' && (
        <p className={styles.paid}>
          Paid <b data-testid="bet-paid">{money(bet.payout)}</b>
          {bet.settledAt && <small> · {siteTime(bet.settledAt)}</small>}
        </p>
      )}
      <ul className={styles.legs}>
        {bet.selections.map((s) => (
          <li key={`${s.eventId}-${s.marketId}-${s.specifier}-${s.outcomeId}`}>
            <span className={styles.betHead}>
              <b>
                {s.outcomeName} <span className={styles.muted}>@ {s.odds.toFixed(2)}</span>
              </b>
              <span className={`${styles.badge} ${styles[s.result] ?? ''}`}>
                {RESULT_TEXT[s.result]}
              </span>
            </span>
            <small className={styles.muted}>
              {s.marketName} · {s.isLive && <span className={styles.live}>LIVE</span>}
              {s.eventName}
              {s.score && ` · ${s.score.replace(':', ' : ')}`}
            </small>
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className={styles.subtitle}>Timeline</h2>
      <ol className={styles.timeline}>
        {bet.timeline.map((step, i) => (
          <li key={i}>
            <b>{STATUS_TEXT[step.status as keyof typeof STATUS_TEXT] ?? step.status}</b>{' '}
            <span className={styles.muted}>{step.reason}</span>{' '}
            <small className={styles.muted}>{siteTime(step.at)}</small>
          </li>
        ))}
      </ol>
      <Link className={styles.back} to="/my-bets/bet-history-v2">
        All bets
      </Link>
    </>
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
