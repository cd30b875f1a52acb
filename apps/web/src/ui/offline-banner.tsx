import { useNetworkStore } from '../lib/network-status';
import { t } from '../lib/i18n';
import styles from './offline-banner.module.css';

export function OfflineBanner() {
  const online = useNetworkStore((state) => state.online);
  if (online) return null;
  return (
    <p className={styles.banner} role="status">
      {t('offline')}
    </p>
  );
}
