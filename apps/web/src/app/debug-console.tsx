import { useEffect } from 'react';
import { useNetworkStore } from '../lib/network-status';
import { useRealtimeStore } from '../lib/realtime';
import { useSessionStore } from '../lib/session-store';
import { recordStoreChanges, STORE_LOG_LIMIT, useStoreLog } from '../lib/store-log';
import { tDebug, tfDebug } from './debug-console-strings';
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
    <aside className={styles.console} aria-label={tDebug('debugConsole')}>
      <h2 className={styles.title}>
        {tfDebug('storeChanges', { limit: STORE_LOG_LIMIT, count: changes.length })}
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
