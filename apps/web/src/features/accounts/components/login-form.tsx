import { COOKIES } from '@dau/contracts/http';
import { t } from '../account-strings';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { trackEvent } from '../../../lib/analytics';
import styles from '../account-forms.module.css';
import { useLogin3 } from '../api/session';
import { ErrorList, messagesOf } from '../../../ui/error-list';
import { PasswordField, writeCookie } from './form-parts';
import { completeSignIn, registrationStepUrl } from './sign-in';
import { Form } from '../../../ui/form';

/** How long the temporary registration cookie lives (doc 2 §4: until the last step). */
const REGISTRATION_COOKIE_S = 30 * 60;

/**
 * The one login form (doc 1 §2, §4), shown by the /login page and by the login modal. Phone or
 * username and password or PIN; submitting clears the stored token; success keeps the new
 * session, fires the analytics login event, sets the returning-user cookie and hands over to
 * the container (`onSignedIn`), which decides where to go. An unfinished registration is sent
 * on to its step. The fields are plain state, so they are empty whenever the form is left.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const navigate = useNavigate();
  const login = useLogin3();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [verifyLink, setVerifyLink] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    setVerifyLink(null);
    login.mutate(
      { username, password },
      {
        onSuccess(answer) {
          if (answer.hasErrors) {
            const messages = answer.datasource_entries.map((e) => e.dimension_value);
            setErrors(messages.slice(0, 1));
            if (answer.registrationStep === 1 && answer.sid && answer.mobile) {
              writeCookie(COOKIES.registration, answer.sid, REGISTRATION_COOKIE_S);
              sessionStorage.setItem('dau:registration-mobile', answer.mobile);
              const to = registrationStepUrl({
                sid: answer.sid,
                mobile: answer.mobile,
                isVerified: answer.isVerified,
              });
              setVerifyLink(to);
              navigate(to, { state: { notice: messages[0] } });
            }
            return;
          }
          completeSignIn(answer);
          trackEvent({ event: 'login', user_id: answer.providerUserID });
          onSignedIn();
        },
        onError(error) {
          setErrors(messagesOf(error));
        },
      },
    );
  }

  return (
    <Form className={styles.form} onSubmit={submit}>
      <label className={styles.label}>
        {t('phoneOrUsername')}
        <input
          className={styles.input}
          name="username"
          autoComplete="username"
          inputMode="text"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
      </label>
      <PasswordField
        label={t('passwordOrPin')}
        name="password"
        value={password}
        onChange={setPassword}
      />
      <ErrorList messages={errors} />
      {verifyLink && <Link to={verifyLink}>{t('verifyPhone')}</Link>}
      <button type="submit" className={styles.submit} disabled={login.isPending}>
        {login.isPending ? t('loggingIn') : t('logInButton')}
      </button>
      <div className={styles.links}>
        <Link to="/forgotten-password">{t('forgottenPasswordLink')}</Link>
        <Link to="/register">{t('joinDau')}</Link>
      </div>
    </Form>
  );
}
