import { lazy, Suspense, useState } from 'react';
import styles from './support-widget.module.css';
import { useSupportStore } from './support-store';
import { t } from '../../lib/i18n';

// The panel and its content load on the first open (spec doc 1 §2), not with the page.
const SupportPanel = lazy(() =>
  import('./support-panel').then((m) => ({ default: m.SupportPanel })),
);

/** The floating Help button; opening it opens the help modal. */
export function SupportWidget() {
  const open = useSupportStore((state) => state.open);
  const setOpen = useSupportStore((state) => state.setOpen);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.launcher}
        aria-expanded={open}
        aria-controls="support-panel"
        onClick={() => {
          setOpened(true);
          setOpen(!open);
        }}
      >
        <span aria-hidden="true" className={styles.bubble} />
        {t('help')}
      </button>
      {opened && open && (
        <Suspense fallback={null}>
          <SupportPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
