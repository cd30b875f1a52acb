import type { CrashLiveBet } from '@dau/contracts/casino/crash';
import { useId, useState } from 'react';
import { TabSwitch, tabSwitchId } from '../../../ui/tab-switch';
import gameStyles from '../games/games.module.css';
import type { MyCrashBet } from './crash-play';
import { tc, tcf } from './crash-strings';
import styles from './crash.module.css';

const RECENT = 20;

/**
 * The last 20 crash points, newest first. The chips are fixed boxes keyed by place, so a new
 * flight changes their text and moves nothing (no layout shift).
 */
export function RecentPoints({ recent }: { recent: { roundId: number; crashPoint: number }[] }) {
  return (
    <ol className={styles.points} aria-label={tc('lastPoints')} data-testid="crash-recent">
      {recent.slice(0, RECENT).map((r, place) => (
        <li
          key={place}
          className={r.crashPoint >= 2 ? styles.pointHigh : styles.pointLow}
          data-round={r.roundId}
        >
          {r.crashPoint.toFixed(2)}×
        </li>
      ))}
    </ol>
  );
}

const point = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * This round's bets and cash-outs (names masked by the server) and mine, one at a time under
 * two tabs: the lists grow at the bottom of the screen, so nothing above them moves.
 */
export function CrashLists({
  bets,
  mine,
  lite,
}: {
  bets: CrashLiveBet[];
  mine: MyCrashBet[];
  lite: boolean;
}) {
  const [tab, setTab] = useState<'all' | 'mine'>('all');
  const id = useId();
  const tabs = [
    { id: 'all', label: tc('liveBets') },
    { id: 'mine', label: tc('myBets') },
  ] as const;
  return (
    <section className={styles.lists}>
      <TabSwitch tabs={tabs} value={tab} onChange={setTab} panelId={`${id}-panel`} />
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabSwitchId(`${id}-panel`, tab)}>
        {tab === 'all' ? <LiveBets bets={bets} lite={lite} /> : <MyBets bets={mine} />}
      </div>
    </section>
  );
}

function LiveBets({ bets, lite }: { bets: CrashLiveBet[]; lite: boolean }) {
  return (
    <>
      {lite && <p className={gameStyles.figures}>{tc('dataSaving')}</p>}
      {bets.length === 0 ? (
        <p className={gameStyles.figures}>{tc('noBets')}</p>
      ) : (
        <table className={styles.table} data-testid="crash-live-bets">
          <thead>
            <tr>
              <th>{tc('player')}</th>
              <th>{tc('stake')}</th>
              <th>{tc('multiplier')}</th>
              <th>{tc('win')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.slice(0, 30).map((b) => (
              <tr key={b.betId} className={b.win ? styles.won : undefined}>
                <td>{b.player}</td>
                <td>{b.stake.toFixed(2)}</td>
                <td>{b.cashOut ? `${b.cashOut.toFixed(2)}×` : '–'}</td>
                <td>{b.win ? b.win.toFixed(2) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function MyBets({ bets }: { bets: MyCrashBet[] }) {
  if (bets.length === 0) return <p className={gameStyles.figures}>{tc('noMyBets')}</p>;
  return (
    <table className={styles.table} data-testid="crash-my-bets">
      <thead>
        <tr>
          <th>{tc('roundShort')}</th>
          <th>{tc('stake')}</th>
          <th>{tc('multiplier')}</th>
          <th>{tc('win')}</th>
        </tr>
      </thead>
      <tbody>
        {bets.slice(0, 10).map((b) => (
          <tr
            key={`${b.roundId}-${b.slot}`}
            className={b.status === 'cashed_out' ? styles.won : undefined}
            data-status={b.status}
            data-round={b.roundId}
          >
            <td>{tcf('roundNo', { id: b.roundId, slot: b.slot })}</td>
            <td>{(b.stake / 100).toFixed(2)}</td>
            <td>{b.cashOut !== null ? `${point(b.cashOut)}×` : b.status === 'lost' ? '✕' : '…'}</td>
            <td>{b.win !== null ? (b.win / 100).toFixed(2) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
