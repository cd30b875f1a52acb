import { useState, type FormEvent, type ReactNode } from 'react';
import type { ProfileResponse } from '@dau/contracts/accounts/profile';
import type { SiteConfig } from '@dau/domain/sites';
import { useProfile, useUpdateCompliance } from '../lib/profile-api';
import {
  ComplianceFields,
  EMPTY_DRAFT,
  complianceBody,
  idCheck,
  type ComplianceDraft,
} from './compliance-fields';
import styles from './compliance-section.module.css';
import { t } from './compliance-strings';
import { ErrorList } from './error-list';
import { fieldErrors } from './form-field';
import { Form } from './form';

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
 * Compliance (doc 1 §2, §4): the status (Fully Compliant or Incomplete Compliance) with its
 * badge, and the site's fields, editable until a successful submit, then read-only; the profile
 * is fetched again so every screen sees the new flag. Shown on the profile page and, on site 4,
 * in the withdrawal modal, where the flag gates the form.
 */
export function ComplianceSection({
  site,
  profile,
  info,
}: {
  site: SiteConfig;
  profile: ProfileResponse;
  /** Content shown above the fields (the country's compliance story). */
  info?: ReactNode;
}) {
  const update = useUpdateCompliance();
  const { refetch } = useProfile();
  const [draft, setDraft] = useState(() => draftFrom(profile));
  const readOnly = profile.isCompliant;
  const idError = idCheck(site, draft.idNumber).error;
  const errors = fieldErrors(update.error, Object.keys(EMPTY_DRAFT));
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(complianceBody(site, draft), { onSuccess: () => void refetch() });
  }
  return (
    <Form className={styles.section} onSubmit={submit} aria-label={t('compliance')}>
      <h2 className={styles.status}>
        {profile.isCompliant ? t('compliant') : t('incomplete')}
        {/* The spec's success/pending badge, in words a user reads. */}
        <span
          className={`${styles.badge} ${profile.isCompliant ? styles.done : styles.pending}`}
          data-status={profile.isCompliant ? 'success' : 'pending'}
        >
          {profile.isCompliant ? t('badgeDone') : t('badgePending')}
        </span>
      </h2>
      {info}
      <ComplianceFields
        site={site}
        draft={draft}
        onChange={setDraft}
        readOnly={readOnly}
        errors={errors.byField}
      />
      {update.isSuccess && (
        <p role="status" className={styles.success}>
          {t('updated')}
        </p>
      )}
      <ErrorList messages={errors.general} />
      {!readOnly && (
        <button
          type="submit"
          className={styles.submit}
          disabled={update.isPending || idError !== null}
        >
          {t('save')}
        </button>
      )}
    </Form>
  );
}
