import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setProducer } from './live-store';
import { fetchFeedStatus } from './sports-api';

/**
 * Loads the producers' availability when a sports page opens (pushes keep it current after
 * that). The shell draws 'Live betting is temporarily disabled' / 'Pre match betting is
 * temporarily disabled' from the same flags, and the odds buttons lock.
 */
export function useProducerStatus(): void {
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
}
