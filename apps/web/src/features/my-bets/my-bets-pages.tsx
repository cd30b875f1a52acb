import type { BetDetailResponse, BetSummary } from '@dau/contracts/betting/bet-history';
import { groupOddsText } from '@dau/domain/odds';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { t as tCore } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { listPhase, OfflineState, useOnline } from '../../ui/list-states';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { pageCount, Pager } from '../../ui/pager';
import {
  useBetDetail,
  useBetHistory,
  useBetHistoryDays,
  type BetStatusFilter,
} from './api/bet-history';
import { t, tf, type BettingKey } from '../../lib/betting-strings';
import { money, siteTime, sum, useStartAtTop } from './bet-format';
import { BetMatches } from './bet-matches';
import { CashOut } from './cashout';
import { tfm, tm } from './my-bets-strings';
import { tabs } from './my-bets-tabs';
import styles from './my-bets.module.css';
import buttons from '../../ui/button.module.css';

const STATUS_TEXT: Record<string, BettingKey> = {
  open: 'statusOpen',
  won: 'statusWon',
  lost: 'statusLost',
  void: 'statusVoid',
};
export const statusText = (status: string) => {
  if (status === 'cashed_out') return tm('statusCashedOut');
  const key = STATUS_TEXT[status];
  return key ? t(key) : status;
};
const FILTERS: { value: BetStatusFilter | undefined; label: BettingKey }[] = [
  { value: undefined, label: 'all' },
  { value: 'open', label: 'statusOpen' },
  { value: 'settled', label: 'statusSettled' },
  { value: 'won', label: 'statusWon' },
  { value: 'lost', label: 'statusLost' },
  { value: 'void', label: 'statusVoid' },
];

function StatusFilter({
  value,
  onChange,
}: {
  value: BetStatusFilter | undefined;
  onChange: (value: BetStatusFilter | undefined) => void;
}) {
  return (
    <div className={styles.filters} role="group" aria-label={t('betStatus')}>
      {FILTERS.map((f) => (
        <button
          key={f.label}
          type="button"
          aria-pressed={value === f.value}
          className={value === f.value ? styles.filterActive : styles.filter}
          onClick={() => onChange(f.value)}
        >
          {t(f.label)}
        </button>
      ))}
    </div>
  );
}

function BetRow({ bet }: { bet: BetSummary }) {
  const stake = sum(bet.figures.stake, bet.figures.freebetStake);
  const open = bet.status === 'open';
  return (
    <li>
      <Link
        className={open ? `${styles.bet} ${styles.joined}` : styles.bet}
        to={`/my-bets/bet-history-v2/${bet.betId}`}
        data-bet-id={bet.betId}
        data-status={bet.status}
      >
        <span className={styles.betHead}>
          <b>
            {bet.betType === 'multiple' ? `${t('multiple')} (${bet.selectionsCount})` : t('single')}{' '}
            · {t('bet')} {bet.betId}
          </b>
          <span className={`${styles.badge} ${styles[bet.status]}`}>{statusText(bet.status)}</span>
        </span>
        <BetMatches bet={bet} />
        <span className={styles.betFigures}>
          <span>
            {t('stake')} <b>{stake}</b>
          </span>
          <span>
            {t('odds')} <b>{groupOddsText(bet.figures.totalOddsText, currentSite().locale)}</b>
          </span>
          <span>
            {bet.status === 'open' ? t('possiblePayout') : t('paid')}{' '}
            <b data-testid="bet-payout">
              {money(bet.status === 'open' ? bet.figures.netPayout : bet.payout)}
            </b>
          </span>
        </span>
        <small className={styles.muted}>{siteTime(bet.placedAt)}</small>
      </Link>
      {open && <CashOut betId={bet.betId} />}
    </li>
  );
}
/** My Bets' pages: newer and older, "2 / 5" between them. */
function BetPager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(props.total, props.pageSize);
  return (
    <Pager
      page={props.page}
      pages={pages}
      onPage={props.onPage}
      label={t('pages')}
      newer={t('newer')}
      older={t('older')}
      position={`${props.page} / ${pages}`}
    />
  );
}

function Loading() {
  return (
    <p className={styles.muted} role="status">
      {t('loadingBets')}
    </p>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>{t('betsLoadFailed')}</p>
      <button type="button" className={buttons.secondary} onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

const NoBets = () => (
  <EmptyState message={t('noBetsHere')} action={{ to: '/sports', label: t('placeABet') }} />
);

/**
 * `/my-bets` opens on the open bets (issue #15 defect 11): what a bettor comes to check. The
 * tabs lead to the full history and the casino.
 */
export function MyBetsPage() {
  return <BetHistoryPage initialStatus="open" />;
}

/** bet-history-v2 (a list) and bet-history-v3 (grouped by day with daily totals). */
export function BetHistoryPage({
  initialStatus,
}: {
  initialStatus?: BetStatusFilter;
} = {}) {
  const { pathname } = useLocation();
  const byDay = pathname.startsWith('/my-bets/bet-history-v3');
  useStartAtTop(pathname);
  const [status, setStatus] = useState<BetStatusFilter | undefined>(initialStatus);
  const [page, setPage] = useState(1);
  const filter = { ...(status ? { status } : {}), page };
  return (
    <PageFrame title={tCore('myBets')} tabs={tabs()}>
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
  const online = useOnline();
  const history = useBetHistory(filter);
  const waiting = listPhase(history, false, online);
  if (waiting === 'offline') return <OfflineState message={tm('betsOffline')} />;
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
      <BetPager page={page} pageSize={pageSize} total={totalCount} onPage={onPage} />
    </>
  );
}

function DaysList({ filter, onPage }: ListProps) {
  const online = useOnline();
  const history = useBetHistoryDays(filter);
  const waiting = listPhase(history, false, online);
  if (waiting === 'offline') return <OfflineState message={tm('betsOffline')} />;
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
              {tf('betsCount', { n: day.betsCount })} · {t('staked')} {money(day.totalStake)}
              {day.totalFreebetStake > 0 &&
                ` (${tfm('inclFreeBets', { amount: money(day.totalFreebetStake) })})`}{' '}
              · {t('paid')} {money(day.totalPayout)}
            </small>
          </h2>
          <ul className={styles.bets}>
            {day.bets.map((bet) => (
              <BetRow key={bet.betId} bet={bet} />
            ))}
          </ul>
        </section>
      ))}
      <BetPager page={page} pageSize={pageSize} total={totalCount} onPage={onPage} />
    </>
  );
}

const RESULT_TEXT: Record<BetDetailResponse['selections'][number]['result'], BettingKey> = {
  open: 'statusOpen',
  won: 'statusWon',
  lost: 'statusLost',
  void: 'statusVoid',
  'half-won': 'halfWon',
  'half-lost': 'halfLost',
};

function BetDetailView({ bet }: { bet: BetDetailResponse }) {
  const f = bet.figures;
  const rows: [string, string][] = [
    [t('stake'), money(f.stake)],
    ...(f.freebetStake > 0 ? [[t('freeBetStake'), money(f.freebetStake)] as [string, string]] : []),
    [t('exciseTax'), `−${money(f.excise)}`],
    [t('stakeAfterTax'), money(f.stakeAfterExcise)],
    [t('totalOdds'), groupOddsText(f.totalOddsText, currentSite().locale)],
    ...(f.winBoostAmount > 0
      ? [
          [`${t('winBoost')} ${f.winBoostPercentage} %`, `+${money(f.winBoostAmount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [t('grossPossibleWin'), money(f.grossPossibleWin)],
    [t('withholdingTax'), `−${money(f.withholdingTax)}`],
    ...(f.taxBoostAmount > 0
      ? [
          [`${tm('taxBoost')} ${f.taxBoostPercentage} %`, `+${money(f.taxBoostAmount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [t('possiblePayout'), money(f.netPayout)],
  ];
  return (
    <>
      <p className={styles.betHead}>
        <b>
          {bet.betType === 'multiple' ? `${t('multiple')} (${bet.selectionsCount})` : t('single')} ·{' '}
          {t('placed')} {siteTime(bet.placedAt)}
        </b>
        <span className={`${styles.badge} ${styles[bet.status]}`} data-testid="bet-status">
          {statusText(bet.status)}
        </span>
      </p>
      {bet.status !== 'open' && (
        <p className={styles.paid}>
          {t('paid')} <b data-testid="bet-paid">{money(bet.payout)}</b>
          {bet.settledAt && <small> · {siteTime(bet.settledAt)}</small>}
        </p>
      )}
      {bet.status === 'open' && <CashOut betId={bet.betId} standalone />}
      <ul className={styles.legs}>
        {bet.selections.map((s) => (
          <li key={`${s.eventId}-${s.marketId}-${s.specifier}-${s.outcomeId}`}>
            <span className={styles.betHead}>
              <b>
                {s.outcomeName} <span className={styles.muted}>@ {s.odds.toFixed(2)}</span>
              </b>
              <span className={`${styles.badge} ${styles[s.result] ?? ''}`}>
                {t(RESULT_TEXT[s.result])}
              </span>
            </span>
            <small className={styles.muted}>
              {s.marketName} · {s.isLive && <span className={styles.live}>{t('live')}</span>}
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
      <h2 className={styles.subtitle}>{t('timeline')}</h2>
      <ol className={styles.timeline}>
        {bet.timeline.map((step, i) => (
          <li key={i}>
            <b>{statusText(step.status)}</b> <span className={styles.muted}>{step.reason}</span>{' '}
            <small className={styles.muted}>{siteTime(step.at)}</small>
          </li>
        ))}
      </ol>
      <Link className={styles.back} to="/my-bets/bet-history-v2">
        {t('allBets')}
      </Link>
    </>
  );
}

export function BetDetailsPage() {
  const { betId = '' } = useParams();
  const detail = useBetDetail(betId);
  useStartAtTop(betId);
  return (
    <PageFrame title={`${t('bet')} ${betId}`.trim()}>
      {detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <EmptyState
          message={t('notYourBet')}
          action={{ to: '/my-bets/bet-history-v2', label: t('allBets') }}
        />
      ) : (
        <BetDetailView bet={detail.data} />
      )}
    </PageFrame>
  );
}
