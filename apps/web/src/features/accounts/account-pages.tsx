import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { currentSite } from '../../lib/site';
import { PageFrame } from '../../ui/page-frame';
import styles from './account-forms.module.css';
import { useForgottenPassword, useResetLinkValid, useResetPassword } from './api/password';
import { ChangePasswordSection } from './components/change-password-section';
import { PasswordField, safeRedirect } from './components/form-parts';
import { LoginForm } from './components/login-form';
import { ErrorList } from '../../ui/error-list';
import { fieldErrors, TextField } from '../../ui/form-field';
import { t } from './account-strings';
import { BreakStartedNotice } from './components/break-notice';
import { ProfileSection } from './components/profile-section';
import { RegisterSteps } from './components/register-steps';
import { SettingsSection } from './components/settings-section';
import { SignOutButton } from './components/sign-out-button';
import { Form } from '../../ui/form';

/**
 * Login as a page (doc 1 §2); the login modal shows the same form. After signing in the page
 * goes to `redirectUrl`, or to / when there is none.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <PageFrame title={t('logInTitle')}>
      <BreakStartedNotice />
      <LoginForm
        onSignedIn={() => navigate(safeRedirect(params.get('redirectUrl')), { replace: true })}
      />
    </PageFrame>
  );
}

export function RegisterPage() {
  return (
    <PageFrame title={t('joinDau')}>
      <RegisterSteps />
    </PageFrame>
  );
}

export function ForgottenPasswordPage() {
  const request = useForgottenPassword();
  const [username, setUsername] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate(username);
  }
  return (
    <PageFrame title={t('forgottenPasswordTitle')}>
      <Form className={styles.form} onSubmit={submit}>
        {/* A username is accepted too, so the keyboard is the text one, not a number pad. */}
        <TextField
          label={t('phoneOrUsername')}
          hint={t('phoneOrUsernameHint')}
          name="username"
          type="text"
          inputMode="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={fieldErrors(request.error, ['UnspecifiedUsername']).byField.UnspecifiedUsername}
          required
        />
        {request.isSuccess && (
          <p role="status" className={styles.success}>
            {request.data.message}
          </p>
        )}
        <ErrorList
          messages={
            request.isError ? fieldErrors(request.error, ['UnspecifiedUsername']).general : []
          }
        />
        <button type="submit" className={styles.submit} disabled={request.isPending}>
          {t('sendResetLink')}
        </button>
        <div className={styles.links}>
          <Link to="/login">{t('backToLogin')}</Link>
        </div>
      </Form>
    </PageFrame>
  );
}

export function ResetPasswordPage() {
  const { guid = '' } = useParams();
  const valid = useResetLinkValid(guid);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    // Each submit starts clean: an earlier server error never sits beside a new message.
    reset.reset();
    setMismatch(password !== confirm);
    if (password === confirm) reset.mutate({ guid, password });
  }
  if (valid.data?.valid === false) {
    return (
      <PageFrame title={t('resetPasswordTitle')}>
        <ErrorList messages={[t('resetLinkExpired')]} />
        <Link to="/forgotten-password">{t('sendNewLink')}</Link>
      </PageFrame>
    );
  }
  if (reset.isSuccess) {
    return (
      <PageFrame title={t('resetPasswordTitle')}>
        <p role="status" className={styles.success}>
          {reset.data.message}
        </p>
        <Link to="/login">{t('logInTitle')}</Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('resetPasswordTitle')}>
      <Form className={styles.form} onSubmit={submit}>
        <PasswordField
          label={t('newPin')}
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          error={fieldErrors(reset.error, ['password']).byField.password}
        />
        <PasswordField
          label={t('repeatNewPin')}
          name="confirm"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={mismatch ? t('entriesDiffer') : null}
        />
        <ErrorList messages={reset.isError ? fieldErrors(reset.error, ['password']).general : []} />
        <button type="submit" className={styles.submit} disabled={reset.isPending}>
          {t('save')}
        </button>
      </Form>
    </PageFrame>
  );
}

/** In the page's language at render time (the server renders every site's pages). */
const accountTabs = () => [
  { to: '/my-account/profile', label: t('profileTitle') },
  { to: '/my-account/change-password', label: t('changePinTitle') },
  { to: '/my-account/settings', label: t('settingsTitle') },
];

export function MyAccountPage() {
  const section = useLocation().pathname.split('/')[2];
  const site = currentSite();
  if (section === 'change-password') {
    return (
      <PageFrame title={t('changePinTitle')} tabs={accountTabs()}>
        <ChangePasswordSection />
        <SignOutButton />
      </PageFrame>
    );
  }
  if (section === 'settings') {
    return (
      <PageFrame title={t('settingsTitle')} tabs={accountTabs()}>
        <SettingsSection />
        <SignOutButton />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={section === 'profile' ? t('profileTitle') : t('myAccountTitle')}
      tabs={accountTabs()}
    >
      <ProfileSection site={site} />
      <SignOutButton />
    </PageFrame>
  );
}
