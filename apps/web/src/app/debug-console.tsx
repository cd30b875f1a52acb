import { useEffect } from 'react';
import { useNetworkStore } from '../lib/network-status';
import { useRealtimeStore } from '../lib/realtime';
import { useSessionStore } from '../lib/session-store';
import { recordStoreChanges, STORE_LOG_LIMIT, useStoreLog } from '../lib/store-log';
import styles from './debug-console.module.css';

/**
 * Debug console for `?debug=1` (spec doc 2 §2): the last 20 store changes. Loaded as its own
 * chunk only when asked for. Later stores (betslip, sports) register here too.
 */
export function DebugConsole() {
  const changes = useStoreLog((state) => state.changes);
  useEffect(() => {
    const stops = [
      recordStoreChanges('session', useSessionStore),
      recordStoreChanges('network', useNetworkStore),
      recordStoreChanges('realtime', useRealtimeStore),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
  return (
    <aside className={styles.console} aria-label="Debug console">
      <h2 className={styles.title}>
        Store changes (last {STORE_LOG_LIMIT}) · {changes.length}
      </h2>
      <ol className={styles.list}>
        {changes.map((change) => (
          <li key={change.id}>
            {change.at} {change.store}: {change.keys.join(', ')}
          </li>
        ))}
      </ol>
    </aside>
  );
}
