import type { SiteConfig } from '@dau/domain/sites';
import { validateTanzanianId } from '@dau/domain/validation';
import { useIncomeSources, type ComplianceForm } from '../lib/profile-api';
import { t } from './compliance-strings';
import { SelectField, TextField } from './form-field';

export type ComplianceDraft = Required<{
  [K in keyof ComplianceForm]: string;
}>;

export const EMPTY_DRAFT: ComplianceDraft = {
  firstName: '',
  lastName: '',
  birthDate: '',
  gender: '',
  idNumber: '',
  incomeSourceId: '',
  isPoliticallyExposed: '',
};

// Built at render: the words follow the language in use.
const genders = () => [
  { value: '1', label: t('male') },
  { value: '2', label: t('female') },
];

const yesNo = () => [
  { value: 'yes', label: t('yes') },
  { value: 'no', label: t('no') },
];

/** Site 4: a valid ID yields the date of birth; an invalid one gives the spec's message. */
export function idCheck(
  site: SiteConfig,
  idNumber: string,
  now = new Date(),
): { dateOfBirth: string | null; error: string | null } {
  if (!site.profileFields.idNumber || idNumber.trim() === '') {
    return { dateOfBirth: null, error: null };
  }
  const result = validateTanzanianId(idNumber, now);
  return result.ok
    ? { dateOfBirth: result.value.dateOfBirth, error: null }
    : { dateOfBirth: null, error: result.message ?? t('invalidId') };
}

/** The payload of the fields this site shows. */
export function complianceBody(site: SiteConfig, draft: ComplianceDraft): ComplianceForm {
  const f = site.profileFields;
  const body: ComplianceForm = {};
  if (f.names) {
    body.firstName = draft.firstName;
    body.lastName = draft.lastName;
  }
  if (f.idNumber) body.idNumber = draft.idNumber;
  if (f.dateOfBirth) body.birthDate = idCheck(site, draft.idNumber).dateOfBirth ?? draft.birthDate;
  if (f.gender && (draft.gender === '1' || draft.gender === '2')) {
    body.gender = draft.gender === '1' ? 1 : 2;
  }
  if (f.incomeSource && draft.incomeSourceId) body.incomeSourceId = Number(draft.incomeSourceId);
  if (f.politicallyExposed && draft.isPoliticallyExposed) {
    body.isPoliticallyExposed = draft.isPoliticallyExposed === 'yes';
  }
  return body;
}

/**
 * The compliance fields of a site (doc 1 §5), shared by registration, the profile and the
 * site-4 withdrawal gate.
 */
export function ComplianceFields({
  site,
  draft,
  onChange,
  readOnly = false,
  errors,
}: {
  site: SiteConfig;
  draft: ComplianceDraft;
  onChange: (draft: ComplianceDraft) => void;
  readOnly?: boolean;
  /** The server's messages by field (`fieldErrors`), shown under their fields. */
  errors?: Partial<Record<string, string>>;
}) {
  const f = site.profileFields;
  // Loaded read-only too: a saved income source is shown by its name, never as "Choose".
  const sources = useIncomeSources(f.incomeSource);
  const id = idCheck(site, draft.idNumber);
  const set = (key: keyof ComplianceDraft) => (value: string) =>
    onChange({ ...draft, [key]: value });
  const text = (key: keyof ComplianceDraft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      name={key}
      value={draft[key]}
      readOnly={readOnly}
      required
      onChange={(e) => set(key)(e.target.value)}
      error={errors?.[key]}
      {...extra}
    />
  );
  const choice = (
    key: keyof ComplianceDraft,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <SelectField
      label={label}
      name={key}
      value={draft[key]}
      disabled={readOnly}
      required
      onChange={(e) => set(key)(e.target.value)}
      placeholder={t('choose')}
      options={options}
      error={errors?.[key]}
    />
  );
  return (
    <>
      {f.names && text('firstName', t('firstName'), { autoComplete: 'given-name' })}
      {f.names && text('lastName', t('lastName'), { autoComplete: 'family-name' })}
      {f.idNumber &&
        text('idNumber', t('idNumber'), {
          placeholder: 'YYYYMMDD-12345-12345-12',
          error: id.error ?? errors?.idNumber,
        })}
      {f.dateOfBirth && (
        <TextField
          label={t('dateOfBirth')}
          name="birthDate"
          type="date"
          // On site 4 a valid ID fills the date of birth, which is then not editable.
          value={id.dateOfBirth ?? draft.birthDate}
          readOnly={readOnly || f.idNumber}
          required
          onChange={(e) => set('birthDate')(e.target.value)}
          error={errors?.birthDate}
        />
      )}
      {f.gender && choice('gender', t('gender'), genders())}
      {f.incomeSource &&
        choice(
          'incomeSourceId',
          t('incomeSource'),
          (sources.data?.fetchedObjects ?? []).map((s) => ({
            value: String(s.incomeSourceId),
            label: s.incomeSource,
          })),
        )}
      {f.politicallyExposed && choice('isPoliticallyExposed', t('politicallyExposed'), yesNo())}
    </>
  );
}
