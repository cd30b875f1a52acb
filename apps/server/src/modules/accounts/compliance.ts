import { SITES, type SiteId } from '@dau/domain/sites';
import { validateDateOfBirth, validateTanzanianId } from '@dau/domain/validation';
import type { DbOrTx } from '../../db/database';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { findCompliance, incomeSourceExists } from './accounts.repository';
import type { ComplianceValues } from './accounts.tables';

export interface ComplianceInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  birthDate?: string | undefined;
  gender?: 1 | 2 | undefined;
  idNumber?: string | undefined;
  incomeSourceId?: number | undefined;
  isPoliticallyExposed?: boolean | undefined;
}

/** Whether a site asks for any compliance field at all. */
export function siteHasComplianceFields(siteId: SiteId): boolean {
  return Object.values(SITES[siteId].profileFields).some(Boolean);
}

/** The profile's compliance flag: sites that ask nothing are compliant by default. */
export async function isUserCompliant(db: DbOrTx, userId: number, siteId: SiteId) {
  return !siteHasComplianceFields(siteId) || (await findCompliance(db, userId)) !== undefined;
}

/**
 * Checks the fields the site shows (doc 1 §5) with the domain's rules and keeps only those.
 * On site 4 the date of birth comes from the ID number. Throws VALIDATION_FAILED naming each
 * field in error.
 */
export async function validateCompliance(
  db: DbOrTx,
  siteId: SiteId,
  input: ComplianceInput,
  now: Date,
): Promise<ComplianceValues> {
  const fields = SITES[siteId].profileFields;
  const errors: ErrorDetail[] = [];
  const values: ComplianceValues = {
    first_name: null,
    last_name: null,
    birth_date: null,
    gender: null,
    id_number: null,
    income_source_id: null,
    is_politically_exposed: null,
  };
  if (fields.names) {
    const first = input.firstName?.trim() ?? '';
    const last = input.lastName?.trim() ?? '';
    if (!first) errors.push({ message: 'First name is required', name: 'firstName' });
    if (!last) errors.push({ message: 'Last name is required', name: 'lastName' });
    values.first_name = first || null;
    values.last_name = last || null;
  }
  let dateFromId: string | null = null;
  if (fields.idNumber) {
    const id = validateTanzanianId(input.idNumber ?? '', now);
    if (id.ok) {
      dateFromId = id.value.dateOfBirth;
      values.id_number = (input.idNumber ?? '').trim();
    } else {
      errors.push({ message: id.message ?? 'Invalid ID number', name: 'idNumber' });
    }
  }
  if (fields.dateOfBirth) {
    if (dateFromId) {
      // The ID fills the date of birth, which is then not editable (site 4).
      values.birth_date = dateFromId;
    } else if (!fields.idNumber) {
      const dob = validateDateOfBirth(input.birthDate ?? '', siteId, now);
      if (dob.ok) values.birth_date = dob.value;
      else errors.push({ message: dob.message ?? 'Invalid date of birth', name: 'birthDate' });
    }
  }
  if (fields.gender) {
    if (input.gender === 1 || input.gender === 2) values.gender = input.gender;
    else errors.push({ message: 'Gender is required', name: 'gender' });
  }
  if (fields.incomeSource) {
    const id = input.incomeSourceId;
    if (id !== undefined && (await incomeSourceExists(db, id))) values.income_source_id = id;
    else errors.push({ message: 'Income source is required', name: 'incomeSourceId' });
  }
  if (fields.politicallyExposed) {
    if (typeof input.isPoliticallyExposed === 'boolean') {
      values.is_politically_exposed = input.isPoliticallyExposed;
    } else {
      errors.push({
        message: 'Please say whether you are a politically exposed person',
        name: 'isPoliticallyExposed',
      });
    }
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', errors);
  return values;
}
