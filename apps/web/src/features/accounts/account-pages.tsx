import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { currentSite } from '../../lib/site';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import styles from './account-forms.module.css';

/**
 * Account pages (spec doc 1 §2); #5 wires login, registration and the account area to the
 * API. The forms are real frames: fields, labels and links as the spec lists them.
 */
function ignoreSubmit(event: FormEvent) {
  event.preventDefault();
}

function PasswordField({ label, name }: { label: string; name: string }) {
  const [shown, setShown] = useState(false);
  return (
    <label className={styles.label}>
      {label}
      <span className={styles.row}>
        <input
          className={styles.input}
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          required
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </span>
    </label>
  );
}

export function LoginPage() {
  return (
    <PageFrame title="Log in">
      <form className={styles.form} onSubmit={ignoreSubmit}>
        <label className={styles.label}>
          Phone number or username
          <input
            className={styles.input}
            name="username"
            autoComplete="username"
            inputMode="text"
            required
          />
        </label>
        <PasswordField label="Password or PIN" name="password" />
        <button type="submit" className={styles.submit}>
          LOG IN
        </button>
        <div className={styles.links}>
          <Link to="/forgotten-password">Forgotten password?</Link>
          <Link to="/register">Join Dau</Link>
        </div>
      </form>
    </PageFrame>
  );
}

export function RegisterPage() {
  const site = currentSite();
  return (
    <PageFrame title="Join Dau">
      <form className={styles.form} onSubmit={ignoreSubmit}>
        <label className={styles.label}>
          Phone number ({site.phonePrefix})
          <input
            className={styles.input}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
          />
        </label>
        <PasswordField label="Choose a PIN" name="password" />
        <p>You must be {site.minimumAge} years or older to join.</p>
        <button type="submit" className={styles.submit}>
          JOIN
        </button>
        <div className={styles.links}>
          <Link to="/login">Already have an account? Log in</Link>
        </div>
      </form>
    </PageFrame>
  );
}

export function ForgottenPasswordPage() {
  return (
    <PageFrame title="Forgotten password">
      <form className={styles.form} onSubmit={ignoreSubmit}>
        <label className={styles.label}>
          Phone number
          <input className={styles.input} name="phone" type="tel" inputMode="tel" required />
        </label>
        <button type="submit" className={styles.submit}>
          SEND RESET CODE
        </button>
      </form>
    </PageFrame>
  );
}

export function ResetPasswordPage() {
  const { guid } = useParams();
  return (
    <PageFrame title="Reset password">
      <form className={styles.form} onSubmit={ignoreSubmit}>
        <input type="hidden" name="guid" value={guid ?? ''} />
        <PasswordField label="New PIN" name="password" />
        <button type="submit" className={styles.submit}>
          SAVE
        </button>
      </form>
    </PageFrame>
  );
}

const ACCOUNT_TABS = [
  { to: '/my-account/profile', label: 'Profile' },
  { to: '/my-account/change-password', label: 'Change PIN' },
  { to: '/my-account/settings', label: 'Settings' },
];

export function MyAccountPage() {
  const section = useLocation().pathname.split('/')[2];
  const title =
    section === 'change-password'
      ? 'Change PIN'
      : section === 'settings'
        ? 'Settings'
        : section === 'profile'
          ? 'Profile'
          : 'My Account';
  return (
    <PageFrame title={title} tabs={ACCOUNT_TABS}>
      <EmptyState
        message="Your account details are loading."
        action={{ to: '/payments', label: 'Deposit' }}
      />
    </PageFrame>
  );
}
