import { useNetworkStore } from '../lib/network-status';
import styles from './page-frame.module.css';

/** The state a list draws: every list has these four besides its rows (issue #15 defect 12). */
export type ListPhase = 'loading' | 'offline' | 'error' | 'empty' | 'ready';

/** What a list needs of its query (TanStack Query's fields of the same names). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  /** 'paused' while a fetch waits for the network to come back. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * Which state to draw. Rows already loaded stay on screen offline (the offline banner says
 * why they may be old); with nothing to show, offline is said plainly instead of a skeleton
 * that never ends or an error the bettor cannot fix.
 */
export function listPhase(query: ListQuery, isEmpty: boolean, online: boolean): ListPhase {
  const waiting = query.isPending || query.isError;
  if (waiting && (!online || query.fetchStatus === 'paused')) return 'offline';
  if (query.isError) return 'error';
  if (query.isPending) return 'loading';
  return isEmpty ? 'empty' : 'ready';
}

export function useOnline(): boolean {
  return useNetworkStore((state) => state.online);
}

/** The offline state of a list: what is missing and that it comes back by itself. */
export function OfflineState({ message }: { message: string }) {
  return (
    <div className={styles.empty} role="status" data-list-state="offline">
      <p>{message}</p>
    </div>
  );
}
