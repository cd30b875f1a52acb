import { useNavigate } from 'react-router';
import { t } from '../account-strings';
import styles from '../account-forms.module.css';
import { logout } from '../api/session';

/** Sign Out: the server revokes the session; the client clears its token and goes home. */
export function SignOutButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.secondary}
      onClick={() => void logout().finally(() => navigate('/', { replace: true }))}
    >
      {t('signOut')}
    </button>
  );
}
