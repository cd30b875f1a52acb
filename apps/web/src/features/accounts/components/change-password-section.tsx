import { useState, type FormEvent } from 'react';
import styles from '../account-forms.module.css';
import { useChangePassword } from '../api/password';
import { PasswordField } from './form-parts';
import { ErrorList, messagesOf } from '../../../ui/error-list';

export function ChangePasswordSection() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    setMismatch(newPassword !== confirm);
    if (newPassword === confirm) change.mutate({ currentPassword, newPassword });
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <PasswordField
        label="Current PIN or password"
        name="currentPassword"
        value={currentPassword}
        onChange={setCurrent}
      />
      <PasswordField
        label="New PIN or password"
        name="newPassword"
        value={newPassword}
        onChange={setNew}
        autoComplete="new-password"
      />
      <PasswordField
        label="Repeat the new one"
        name="confirm"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      {change.isSuccess && (
        <p role="status" className={styles.success}>
          {change.data.message}
        </p>
      )}
      <ErrorList
        messages={[
          ...(mismatch ? ['The two entries differ.'] : []),
          ...(change.isError ? messagesOf(change.error) : []),
        ]}
      />
      <button type="submit" className={styles.submit} disabled={change.isPending}>
        CHANGE PIN
      </button>
    </form>
  );
}
