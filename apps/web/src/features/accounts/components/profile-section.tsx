import { NOTIFICATION_TIMEOUT_MS } from '@dau/domain/constants';
import { t } from '../account-strings';
import type { SiteConfig } from '@dau/domain/sites';
import { useEffect, useState, type FormEvent } from 'react';
import { useProfile, useUpdateEmail } from '../../../lib/profile-api';
import { ComplianceSection } from '../../../ui/compliance-section';
import { ErrorList, messagesOf } from '../../../ui/error-list';
import { TextField } from '../../../ui/form-field';
import styles from '../account-forms.module.css';
import { Form } from '../../../ui/form';

export function ProfileSection({ site }: { site: SiteConfig }) {
  const profile = useProfile();
  if (profile.isPending) return <p>{t('loading')}</p>;
  if (profile.isError) return <ErrorList messages={messagesOf(profile.error)} />;
  const p = profile.data;
  return (
    <>
      <section className={styles.section} aria-label={t('yourDetails')}>
        <p>
          <strong>{p.fullName}</strong>
        </p>
        <ul aria-label={t('mobileNumbers')}>
          {p.phones.map((phone) => (
            <li key={phone.mobile}>
              {phone.mobile}
              {phone.isPrimary ? t('primary') : ''}
            </li>
          ))}
        </ul>
      </section>
      <EmailBox current={p.email} />
      {Object.values(site.profileFields).some(Boolean) && (
        <ComplianceSection site={site} profile={p} />
      )}
    </>
  );
}

/** The email-update box of the profile page and the account menu (doc 1 §2, §4, §8). */
export function EmailBox({ current }: { current: string | null }) {
  const update = useUpdateEmail();
  const [email, setEmail] = useState(current ?? '');
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    // The email error is a danger notification for 1 s, top right (doc 1 §8).
    const timer = setTimeout(() => setToast(null), NOTIFICATION_TIMEOUT_MS.emailError);
    return () => clearTimeout(timer);
  }, [toast]);
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(email, { onError: (error) => setToast(messagesOf(error)[0] ?? null) });
  }
  return (
    <Form className={styles.section} onSubmit={submit}>
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      {update.isSuccess && (
        <p role="status" className={styles.success}>
          {update.data.value}
        </p>
      )}
      {toast && (
        <div className={styles.toast}>
          <ErrorList messages={[toast]} />
        </div>
      )}
      <button type="submit" className={styles.secondary} disabled={update.isPending}>
        {t('updateEmail')}
      </button>
    </Form>
  );
}
