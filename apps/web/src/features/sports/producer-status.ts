import { useEffect } from 'react';
import { setProducer } from './live-store';
import type { FeedStatus } from '@dau/contracts/sports/feed-status';
import { fetchFeedStatus } from './sports-api';

/** An answer this young is reused: the home slots and a list opening together ask once. */
const STALE_MS = 10_000;
let last: { at: number; answer: Promise<FeedStatus> } | null = null;

/**
 * Loads the producers' availability when a sports page opens (pushes keep it current after
 * that). The shell draws 'Live betting is temporarily disabled' / 'Pre match betting is
 * temporarily disabled' from the same flags, and the odds buttons lock. A plain fetch, not
 * TanStack Query: the home slots use it in the first load of `/` (ADR 004).
 */
export function useProducerStatus(): void {
  useEffect(() => {
    if (!last || Date.now() - last.at > STALE_MS) {
      const answer = fetchFeedStatus();
      last = { at: Date.now(), answer };
      answer.catch(() => {
        if (last?.answer === answer) last = null;
      });
    }
    last.answer.then(
      (status) => {
        setProducer(1, status.uofLiveProducerUp);
        setProducer(3, status.uofPreProducerUp);
      },
      () => undefined,
    );
  }, []);
}
