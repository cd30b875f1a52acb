import { useEffect, useState } from 'react';
import { t } from '../account-strings';
import { useLocation, useNavigate } from 'react-router';
import { trackEvent } from '../../../lib/analytics';
import { useSessionStore } from '../../../lib/session-store';
import { SideModal } from '../../../ui/side-modal';
import { LoginForm } from './login-form';
import { safeRedirect } from './form-parts';

/**
 * Login as a modal (doc 1 §2, §4), opened by `openLoginModal(redirectUrl?)`. The same form as
 * the /login page. Success closes the modal and goes to `redirectUrl`, or stays on the page;
 * following one of its links (register, forgotten password, verify) closes it.
 */
export function LoginModal({ redirectUrl }: { redirectUrl: string | null }) {
  const close = useSessionStore((s) => s.closeLoginModal);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [openedOn] = useState(pathname);
  useEffect(() => {
    if (pathname !== openedOn) close();
  }, [pathname, openedOn, close]);
  useEffect(() => trackEvent({ event: 'modal_open', modal: 'login' }), []);

  return (
    <SideModal title={t('logInTitle')} onClose={close} closeLabel={t('close')}>
      <LoginForm
        onSignedIn={() => {
          close();
          const here = window.location.pathname + window.location.search;
          if (redirectUrl && safeRedirect(redirectUrl) !== here)
            navigate(safeRedirect(redirectUrl));
        }}
      />
    </SideModal>
  );
}
