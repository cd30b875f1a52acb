import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { Link } from 'react-router';
import { t, tf } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { siteDateTime } from '../../lib/site-clock';
import styles from './loyalty.module.css';

/** The loyalty pop-up (200 px): progress, the rule, the reward and when the week resets. */
export function LoyaltyPopup({
  id,
  authenticated,
  progress,
  failed,
}: {
  id: string;
  authenticated: boolean;
  progress: LoyaltyProgressResponse | null;
  failed: boolean;
}) {
  return (
    <div id={id} className={styles.popup} role="dialog" aria-label={t('loyaltyTitle')}>
      <p className={styles.title}>{t('loyaltyTitle')}</p>
      {!authenticated ? (
        <>
          <p className={styles.text}>{t('loyaltyGuest')}</p>
          <Link to="/login" className={styles.action}>
            {t('menuLogIn')}
          </Link>
        </>
      ) : progress ? (
        <Progress progress={progress} />
      ) : failed ? (
        <p className={styles.text} role="alert">
          {t('loyaltyFailed')}
        </p>
      ) : (
        <p className={styles.text} role="status">
          <span className={styles.skeleton} /> {t('loading')}
        </p>
      )}
    </div>
  );
}

function Progress({ progress }: { progress: LoyaltyProgressResponse }) {
  const site = currentSite();
  const money = (units: number) => formatMoney(fromUnits(units), site);
  // The site's clock: UTC+3, or UTC+2 in Zambia.
  const resets = siteDateTime(progress.weekEnd, { withYear: false, weekday: true });
  return (
    <>
      <p className={styles.count} data-testid="loyalty-count">
        {tf('loyaltyCount', {
          count: progress.progressCount,
          target: progress.progressTargetCount,
        })}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.progressPrc}
        aria-label={t('loyaltyTitle')}
      >
        <span style={{ width: `${progress.progressPrc}%` }} />
      </div>
      <p className={styles.percent}>{progress.progressPrc} %</p>
      <p className={styles.text}>
        {progress.rewardGranted
          ? tf('loyaltyEarned', { reward: money(progress.rewardAmount) })
          : tf('loyaltyRule', {
              target: progress.progressTargetCount,
              stake: money(progress.minStake),
              reward: money(progress.rewardAmount),
            })}
      </p>
      <p className={styles.resets}>{tf('loyaltyResets', { date: resets })}</p>
    </>
  );
}
