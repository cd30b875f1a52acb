import type { ProfileResponse, UpdateComplianceRequest } from '@dau/contracts/accounts/profile';
import {
  DEFAULT_USER_SETTINGS,
  type UserSettings,
  userSettingsSchema,
} from '@dau/contracts/accounts/settings';
import { COMPLIANCE_UPDATED } from '@dau/domain/messages';
import { SITES, type SiteId } from '@dau/domain/sites';
import { z } from 'zod';
import type { AppDeps } from '../../app-types';
import { AppError } from '../../errors/app-error';
import {
  findCompliance,
  findSettings,
  findUserById,
  insertCompliance,
  updateUser,
  mergeSettings,
  upsertSettings,
} from './accounts.repository';
import { siteHasComplianceFields, validateCompliance } from './compliance';

async function loadUser(deps: AppDeps, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** The signed-in user's profile (doc 1 §3, doc 2 §7). */
export async function getProfile(deps: AppDeps, userId: number): Promise<ProfileResponse> {
  const user = await loadUser(deps, userId);
  const siteId = user.site_id as SiteId;
  const compliance = await findCompliance(deps.db, user.id);
  const fullName =
    [compliance?.first_name, compliance?.last_name].filter(Boolean).join(' ') ||
    user.username ||
    user.phone;
  return {
    hasErrors: false,
    userName: user.username,
    firstName: compliance?.first_name ?? null,
    lastName: compliance?.last_name ?? null,
    fullName,
    birthDate: compliance?.birth_date ?? null,
    gender: compliance?.gender ?? null,
    idNumber: compliance?.id_number ?? null,
    incomeSourceId: compliance?.income_source_id ?? null,
    isPoliticallyExposed: compliance?.is_politically_exposed ?? null,
    isCompliant: !siteHasComplianceFields(siteId) || compliance !== undefined,
    isVerified: user.is_verified,
    primaryMobile: user.phone,
    phones: [{ mobile: user.phone, isPrimary: true }],
    email: user.email,
    complianceFields: { ...SITES[siteId].profileFields },
  };
}

const emailSchema = z.email();

export async function updateEmail(deps: AppDeps, userId: number, email: string): Promise<string> {
  const value = email.trim().toLowerCase();
  if (!emailSchema.safeParse(value).success) {
    throw new AppError('VALIDATION_FAILED', [
      { message: 'Please enter a valid email address.', name: 'email' },
    ]);
  }
  await updateUser(deps.db, userId, { email: value });
  return value;
}

/**
 * Compliance information: checked with the site's rules; once submitted successfully it is
 * read-only (a correction goes through Customer Support).
 */
export async function updateCompliance(
  deps: AppDeps,
  userId: number,
  input: UpdateComplianceRequest,
): Promise<string> {
  const now = deps.now();
  const user = await loadUser(deps, userId);
  const siteId = user.site_id as SiteId;
  if (!siteHasComplianceFields(siteId)) {
    throw new AppError('BAD_REQUEST', 'This site does not ask for compliance information.');
  }
  if (await findCompliance(deps.db, userId)) {
    throw alreadySubmitted();
  }
  const values = await validateCompliance(deps.db, siteId, input, now);
  const inserted = await insertCompliance(deps.db, {
    user_id: userId,
    ...values,
    submitted_at: now,
  });
  if (!inserted) throw alreadySubmitted();
  return COMPLIANCE_UPDATED;
}

function alreadySubmitted(): AppError {
  return new AppError('CONFLICT', [
    {
      code: 'COMPLIANCE_LOCKED',
      message:
        'Your compliance information has already been submitted and can no longer be changed. Please contact Customer Support to correct it.',
    },
  ]);
}

function settingsFrom(stored: Record<string, boolean> | undefined): UserSettings {
  const merged = { ...DEFAULT_USER_SETTINGS, ...(stored ?? {}) };
  return userSettingsSchema.parse(
    Object.fromEntries(
      Object.keys(DEFAULT_USER_SETTINGS).map((k) => [k, merged[k as keyof UserSettings]]),
    ),
  );
}

export async function getSettings(deps: AppDeps, userId: number): Promise<UserSettings> {
  const row = await findSettings(deps.db, userId);
  return settingsFrom(row?.settings);
}

export async function updateSettings(
  deps: AppDeps,
  userId: number,
  changes: Partial<UserSettings>,
): Promise<UserSettings> {
  await mergeSettings(deps.db, userId, changes, deps.now());
  return getSettings(deps, userId);
}

/**
 * The header notify flag (doc 1 §4): set when a bet is placed or changes status, cleared when
 * the user opens the bet drop. Kept with the settings so a reload or another device sees it.
 */
export async function setBetNotify(deps: AppDeps, userId: number, on: boolean): Promise<void> {
  await mergeSettings(deps.db, userId, { betNotify: on }, deps.now());
}

export async function storeFeatureFlags(
  deps: AppDeps,
  userId: number,
  flags: Record<string, boolean>,
): Promise<void> {
  await upsertSettings(deps.db, userId, { featureFlags: flags }, deps.now());
}
