import { useNetworkStore } from '../lib/network-status';
import styles from './offline-banner.module.css';

export function OfflineBanner() {
  const online = useNetworkStore((state) => state.online);
  if (online) return null;
  return (
    <p className={styles.banner} role="status">
      You are offline. Check your connection; the page will update when you are back online.
    </p>
  );
}
