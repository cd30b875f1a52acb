import { formatMoney, fromUnits } from '@dau/domain/money';
import { useQuery } from '@tanstack/react-query';
import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import type { JackpotsResponse } from '@dau/contracts/casino/jackpots';
import { apiFetch } from '../../../lib/api-client';
import { currentSite, currentSiteId } from '../../../lib/site';
import { t } from '../casino-strings';
import styles from '../casino.module.css';

/** Jackpots grow with every in-house stake; the lobby re-reads them while it is open. */
const JACKPOT_REFRESH_MS = 10_000;

/** `POST /api/games/Fazi/jackpots` (spec doc 2 §7): three pools, type and value. */
export function fetchJackpots(signal?: AbortSignal): Promise<JackpotsResponse> {
  return apiFetch<JackpotsResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.faziJackpots,
    body: { siteId: currentSiteId() },
    ...(signal ? { signal } : {}),
  });
}

/** The three jackpots above a lobby; nothing while unknown or unavailable (boxes keep their room). */
export function JackpotStrip() {
  const jackpots = useQuery({
    queryKey: ['casino', 'jackpots'],
    queryFn: ({ signal }) => fetchJackpots(signal),
    refetchInterval: JACKPOT_REFRESH_MS,
    staleTime: JACKPOT_REFRESH_MS,
  });
  const items = jackpots.data?.slice(0, 3);
  if (jackpots.isError && !items) return null;
  return (
    <ul className={styles.jackpots} aria-label={t('jackpots')} aria-busy={!items}>
      {(items ?? [null, null, null]).map((item, i) => (
        <li key={item?.JackpotType ?? i} className={styles.jackpot}>
          <span>{item ? item.JackpotType : '\u00a0'}</span>
          <strong>
            {item ? formatMoney(fromUnits(item.JackpotValue), currentSite()) : '\u00a0'}
          </strong>
        </li>
      ))}
    </ul>
  );
}
