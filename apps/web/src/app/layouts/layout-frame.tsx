import type { ReactNode } from 'react';
import { Header } from '../../features/shell/header';
import { AfterPaint, Footer } from '../shell-pieces';
import { pageToastSlot } from '../../lib/toast-slot';
import styles from './layout-frame.module.css';

/**
 * The three layouts of spec doc 1 §2. `default`: header, content, footer. `empty`: content
 * only (full-screen games). `widget`: content only on a transparent page, for embedding.
 * One component with a stable tree, so switching layouts never remounts the cached pages.
 */
export type Layout = 'default' | 'empty' | 'widget';

export function LayoutFrame({ layout, children }: { layout: Layout; children: ReactNode }) {
  const withChrome = layout === 'default';
  return (
    <div
      className={layout === 'widget' ? `${styles.frame} ${styles.widget}` : styles.frame}
      data-layout={layout}
    >
      {withChrome && <Header />}
      {/* Toasts go here, in the flow under the header: they push the page, never cover it. */}
      <div ref={pageToastSlot} className={styles.toasts} />
      <main className={styles.main} id="content">
        {children}
      </main>
      {withChrome && (
        <AfterPaint>
          <Footer />
        </AfterPaint>
      )}
    </div>
  );
}
