import { useEffect, useState } from 'react';
import type { CriticalNoticePush } from '@dau/contracts/sports/critical-notice';
import { whenRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { currentSiteId } from '../../lib/site';
import { t } from './critical-notices-strings';
import styles from './status-area.module.css';

const DISMISSED = 'dau.notices.dismissed';
const dismissed = (): number[] => {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED) ?? '[]') as number[];
  } catch {
    return [];
  }
};

/**
 * The site's critical notices (issue #15 item 14): the events channel's `Critical` pushes for
 * the site's room (`RegisterSiteId`, sent again on every connect; the server answers with the
 * notices in force). Each shows until withdrawn or dismissed (for the rest of the tab's session).
 */
export function CriticalNotices({ siteId = currentSiteId() }: { siteId?: number }) {
  const [notices, setNotices] = useState<CriticalNoticePush[]>([]);
  useEffect(() => {
    // SocketLike has no `off`: the listeners stay, idle once this unmounts.
    let live = true;
    let socket: SocketLike | null = null;
    const onNotice = (n: CriticalNoticePush) => {
      if (!live || n.siteId !== siteId) return;
      setNotices((list) => [
        ...list.filter((o) => o.id !== n.id),
        ...(n.active && !dismissed().includes(n.id) ? [n] : []),
      ]);
    };
    const register = () => {
      if (live) socket?.emit('RegisterSiteId', siteId);
    };
    const stop = whenRealtimeSocket((s) => {
      socket = s;
      s.on('Critical', onNotice);
      s.on('connect', register);
      if (s.connected) register();
    });
    return () => {
      live = false;
      stop();
    };
  }, [siteId]);
  const dismiss = (id: number) => {
    sessionStorage.setItem(DISMISSED, JSON.stringify([...dismissed(), id].slice(-20)));
    setNotices((list) => list.filter((n) => n.id !== id));
  };
  return notices.map((n) => (
    <div key={n.id} className={`${styles.banner} ${styles.critical}`} role="alert">
      <span>
        <strong>{t(n.kind)}</strong>
        {n.message && ` ${n.message}`}
      </span>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('dismiss')}
        onClick={() => dismiss(n.id)}
      >
        ×
      </button>
    </div>
  ));
}
