import { lazy, Suspense } from 'react';
import { useSessionStore } from '../lib/session-store';

// Both load on demand: a guest never downloads the account code, nobody the login form early.
const SignedInOverlays = lazy(() =>
  import('./signed-in-overlays').then((m) => ({ default: m.SignedInOverlays })),
);
const LoginOverlay = lazy(() =>
  import('./login-overlay').then((m) => ({ default: m.LoginOverlay })),
);

/**
 * What floats above every page: for a signed-in user the balance and bet feeds, the payment
 * modals and notices, the account menu; for anyone the login modal when something opened it.
 */
export function Overlays() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const loginModal = useSessionStore((s) => s.loginModal);
  return (
    <Suspense fallback={null}>
      {isAuthenticated && <SignedInOverlays />}
      {loginModal && <LoginOverlay redirectUrl={loginModal.redirectUrl} />}
    </Suspense>
  );
}
