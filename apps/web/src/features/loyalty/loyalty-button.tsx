import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { t, tf } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import styles from './loyalty.module.css';
import { clearLoyalty, refreshLoyalty, useLoyaltyStore } from './store';
import { useLoyaltyPushes } from './use-loyalty-pushes';

/**
 * The header's loyalty button and its 200 px pop-up (spec doc 1 §2, doc 2 §3): a ring filled to
 * progressPrc, and in the pop-up progressCount of progressTargetCount, the rule and the reward.
 */
export function LoyaltyButton() {
  const authenticated = useSessionStore((s) => s.isAuthenticated);
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const stored = useLoyaltyStore((s) => s.progress);
  const status = useLoyaltyStore((s) => s.status);
  useLoyaltyPushes(authenticated);
  useEffect(() => {
    if (authenticated) void refreshLoyalty();
    else clearLoyalty();
  }, [authenticated]);
  const popupId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const progress = authenticated ? stored : null;
  const percent = progress?.progressPrc ?? 0;
  const label = progress
    ? tf('loyaltyLabel', { count: progress.progressCount, target: progress.progressTargetCount })
    : t('loyalty');
  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.button}
        aria-label={label}
        aria-expanded={open}
        aria-controls={popupId}
        data-done={progress?.rewardGranted ? 'true' : undefined}
        style={{ '--loyalty-progress': `${percent}%` } as CSSProperties}
        onClick={() => {
          setOpenOn(open ? null : pathname);
          if (!open && authenticated) void refreshLoyalty();
        }}
      >
        <span className={styles.star} aria-hidden="true">
          ★
        </span>
      </button>
      {open && (
        <div id={popupId} className={styles.popup} role="dialog" aria-label={t('loyaltyTitle')}>
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
          ) : status === 'error' ? (
            <p className={styles.text} role="alert">
              {t('loyaltyFailed')}
            </p>
          ) : (
            <p className={styles.text} role="status">
              <span className={styles.skeleton} /> {t('loading')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function Progress({ progress }: { progress: LoyaltyProgressResponse }) {
  const site = currentSite();
  const money = (units: number) => formatMoney(fromUnits(units), site);
  const resets = new Intl.DateTimeFormat(site.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    // The spec's clock is UTC+3 (doc 2 §9); Etc/GMT-3 is UTC+3 (the sign is inverted).
    timeZone: 'Etc/GMT-3',
  }).format(new Date(progress.weekEnd));
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
