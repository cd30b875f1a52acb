import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@dau/domain/sites';
import { currentSite } from '../../../lib/site';
import { fetchJackpots, followJackpots, type Jackpot } from '../api/jackpots';
import { t } from '../casino-strings';
import styles from '../casino.module.css';

const TYPES = ['Mini', 'Major', 'Mega'] as const;

/** Whole units ('KSh 50,123'): three pools side by side fit a 360 px screen without cutting. */
const wholeMoney = (cents: number, site: SiteConfig) =>
  `${site.currencySymbol} ${new Intl.NumberFormat(site.locale, { maximumFractionDigits: 0 }).format(Math.floor(cents / 100))}`;

/**
 * The site's three jackpots above every lobby (issue #13 item 5): Mini, Major and Mega from
 * `POST {games}/Fazi/jackpots`, kept live by the `jackpots` push. The strip has its full height
 * from the first paint (server-rendered too): loading and failure keep the same three cells.
 */
export function JackpotStrip() {
  const site = currentSite();
  const queryClient = useQueryClient();
  const key = ['casino', 'jackpots', site.siteId] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchJackpots(site.siteId, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  useEffect(
    () =>
      followJackpots(site.siteId, (siteId, jackpots) => {
        if (siteId === site.siteId) queryClient.setQueryData<Jackpot[]>(key, jackpots);
      }),
    // `key` is derived from site.siteId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [site.siteId, queryClient],
  );
  const values = query.data;
  return (
    <section className={styles.jackpots} aria-label={t('jackpots')} aria-busy={!values}>
      <ul className={styles.jackpotList}>
        {TYPES.map((type) => {
          const pool = values?.find((j) => j.type === type);
          return (
            <li key={type} className={styles.jackpot} data-jackpot={type}>
              <span className={styles.jackpotType}>{type}</span>
              <span className={styles.jackpotValue}>
                {pool ? wholeMoney(pool.value, site) : query.isError ? '–' : '\u00a0'}
              </span>
            </li>
          );
        })}
      </ul>
      {query.isError && !values && <p className={styles.visuallyHidden}>{t('jackpotsFailed')}</p>}
    </section>
  );
}
