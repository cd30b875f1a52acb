import { LIVE_BETTING_DISABLED, PRE_MATCH_BETTING_DISABLED } from '@dau/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setProducer, useLiveStore } from './live-store';
import { fetchFeedStatus } from './sports-api';
import styles from './sports.module.css';

/**
 * 'Live betting is temporarily disabled' / 'Pre match betting is temporarily disabled' while
 * the producer is down (spec doc 2 §4). The odds buttons read the same flags and lock.
 */
export function ProducerBanner() {
  const status = useQuery({
    queryKey: ['feed-status'],
    queryFn: ({ signal }) => fetchFeedStatus(signal),
    staleTime: 10_000,
  });
  useEffect(() => {
    if (!status.data) return;
    setProducer(1, status.data.uofLiveProducerUp);
    setProducer(3, status.data.uofPreProducerUp);
  }, [status.data]);
  const liveUp = useLiveStore((s) => s.liveProducerUp);
  const preUp = useLiveStore((s) => s.preProducerUp);
  if (liveUp && preUp) return null;
  return (
    <div className={styles.banner} role="status">
      {!liveUp && <p>{LIVE_BETTING_DISABLED}</p>}
      {!preUp && <p>{PRE_MATCH_BETTING_DISABLED}</p>}
    </div>
  );
}
