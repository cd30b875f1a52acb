import { useState } from 'react';
import { t } from '../account-strings';
import { TextField } from '../../../ui/form-field';
import styles from '../account-forms.module.css';

export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete = 'current-password',
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  /** This field's own error, shown under it and tied to it. */
  error?: string | null | undefined;
}) {
  const [shown, setShown] = useState(false);
  // The show/hide toggle sits outside the label so the label names only the input.
  return (
    <TextField
      label={label}
      name={name}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      required
      after={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={shown}
          aria-label={shown ? t('hidePassword') : t('showPassword')}
          onClick={() => setShown(!shown)}
        >
          {shown ? t('hide') : t('show')}
        </button>
      }
    />
  );
}

/** Readable cookies the login flow sets (the session cookie itself is set by the server). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`;
}

/** Only same-site paths are followed after login, so a link cannot send users elsewhere. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  return value;
}
