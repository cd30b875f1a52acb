import { useState, type FormEvent } from 'react';
import styles from '../account-forms.module.css';
import { useChangePassword } from '../api/password';
import { PasswordField } from './form-parts';
import { ErrorList } from '../../../ui/error-list';
import { fieldErrors } from '../../../ui/form-field';
import { t } from '../account-strings';
import { Form } from '../../../ui/form';

const FIELDS = ['currentPassword', 'newPassword'];

export function ChangePasswordSection() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    // Each submit starts clean: the previous answer (error or success) is cleared first.
    change.reset();
    setMismatch(newPassword !== confirm);
    if (newPassword === confirm) change.mutate({ currentPassword, newPassword });
  }
  const errors = fieldErrors(change.error, FIELDS);
  return (
    <Form className={styles.form} onSubmit={submit}>
      <PasswordField
        label={t('currentPin')}
        name="currentPassword"
        value={currentPassword}
        onChange={setCurrent}
        error={errors.byField.currentPassword}
      />
      <PasswordField
        label={t('newPin')}
        name="newPassword"
        value={newPassword}
        onChange={setNew}
        autoComplete="new-password"
        error={errors.byField.newPassword}
      />
      <PasswordField
        label={t('repeatNewPin')}
        name="confirm"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        error={mismatch ? t('entriesDiffer') : null}
      />
      {change.isSuccess && (
        <p role="status" className={styles.success}>
          {change.data.message}
        </p>
      )}
      <ErrorList messages={errors.general} />
      <button type="submit" className={styles.submit} disabled={change.isPending}>
        {t('changePin')}
      </button>
    </Form>
  );
}
