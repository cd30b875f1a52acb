import type { ProfileResponse } from '@dau/contracts/accounts/profile';
import { COMPLIANCE_UPDATED } from '@dau/domain/messages';
import { NOTIFICATION_TIMEOUT_MS } from '@dau/domain/constants';
import type { SiteConfig } from '@dau/domain/sites';
import { useEffect, useState, type FormEvent } from 'react';
import styles from '../account-forms.module.css';
import { useProfile, useUpdateCompliance, useUpdateEmail } from '../api/profile';
import {
  ComplianceFields,
  EMPTY_DRAFT,
  complianceBody,
  idCheck,
  type ComplianceDraft,
} from './compliance-fields';
import { ErrorList, messagesOf } from './form-parts';

export function ProfileSection({ site }: { site: SiteConfig }) {
  const profile = useProfile();
  if (profile.isPending) return <p>Loading…</p>;
  if (profile.isError) return <ErrorList messages={messagesOf(profile.error)} />;
  const p = profile.data;
  return (
    <>
      <section className={styles.section} aria-label="Your details">
        <p>
          <strong>{p.fullName}</strong>
        </p>
        <ul aria-label="Mobile numbers">
          {p.phones.map((phone) => (
            <li key={phone.mobile}>
              {phone.mobile}
              {phone.isPrimary ? ' (primary)' : ''}
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
    <form className={styles.section} onSubmit={submit}>
      <label className={styles.label}>
        Email
        <input
          className={styles.input}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </label>
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
        Update email
      </button>
    </form>
  );
}

function draftFrom(p: ProfileResponse): ComplianceDraft {
  return {
    ...EMPTY_DRAFT,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    birthDate: p.birthDate ?? '',
    gender: p.gender ? String(p.gender) : '',
    idNumber: p.idNumber ?? '',
    incomeSourceId: p.incomeSourceId ? String(p.incomeSourceId) : '',
    isPoliticallyExposed:
      p.isPoliticallyExposed === null ? '' : p.isPoliticallyExposed ? 'yes' : 'no',
  };
}

/**
 * Compliance (doc 1 §2, §4): editable until a successful submit, then read-only; the profile
 * is fetched again so the page shows the stored values.
 */
function ComplianceSection({ site, profile }: { site: SiteConfig; profile: ProfileResponse }) {
  const update = useUpdateCompliance();
  const { refetch } = useProfile();
  const [draft, setDraft] = useState(() => draftFrom(profile));
  const readOnly = profile.isCompliant;
  const idError = idCheck(site, draft.idNumber).error;
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(complianceBody(site, draft), { onSuccess: () => void refetch() });
  }
  return (
    <form className={styles.section} onSubmit={submit} aria-label="Compliance">
      <h2>
        {profile.isCompliant ? 'Fully Compliant' : 'Incomplete Compliance'}
        <span className={`${styles.badge} ${profile.isCompliant ? styles.done : styles.pending}`}>
          {profile.isCompliant ? 'success' : 'pending'}
        </span>
      </h2>
      <ComplianceFields site={site} draft={draft} onChange={setDraft} readOnly={readOnly} />
      {update.isSuccess && (
        <p role="status" className={styles.success}>
          {COMPLIANCE_UPDATED}
        </p>
      )}
      <ErrorList messages={update.isError ? messagesOf(update.error) : []} />
      {!readOnly && (
        <button
          type="submit"
          className={styles.submit}
          disabled={update.isPending || idError !== null}
        >
          SAVE
        </button>
      )}
    </form>
  );
}
