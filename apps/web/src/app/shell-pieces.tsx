import { Suspense, type ReactNode } from 'react';
import { afterFirstPaint, afterPaintLoad, useAfterFirstPaint } from '../lib/after-paint';
import { lazyPage } from '../lib/chunk-reload';
import { ErrorBoundary } from './error-boundary';

/**
 * Lazy stand-ins for the pieces in `deferred-shell.tsx`. They render nothing until the first
 * paint is done, then load one small chunk; if it fails, the piece is simply left out.
 */
const load = () => afterPaintLoad(() => import('./deferred-shell'));

export const Footer = lazyPage(load, 'Footer');
export const ContentBanners = lazyPage(load, 'ContentBanners');
export const ProducerBanners = lazyPage(load, 'ProducerBanners');
export const NotificationArea = lazyPage(load, 'NotificationArea');
export const SupportWidget = lazyPage(load, 'SupportWidget');

export function AfterPaint({ children }: { children: ReactNode }) {
  const ready = useAfterFirstPaint();
  if (!ready) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Writes the attribution cookies of the arrival URL (read now, before any redirect). */
export function recordArrivalAttributionLater(search: string = location.search): void {
  void afterFirstPaint()
    .then(load)
    .then((shell) => shell.recordArrivalAttribution(search))
    .catch(() => undefined);
}
