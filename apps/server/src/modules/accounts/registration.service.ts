import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type {
  RegisterDetailsRequest,
  RegistrationState,
} from '@dau/contracts/accounts/registration';
import { checkNewPassword } from '@dau/domain/credentials';
import { minimumAgeMessage } from '@dau/domain/messages';
import { normalisePhone } from '@dau/domain/phone';
import { SITES, type SiteId } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import { isUniqueViolation, type DbOrTx } from '../../db/database';
import type { User } from './accounts.tables';
import { AppError } from '../../errors/app-error';
import {
  codesSentSince,
  findRegistrationBySid,
  findUserById,
  findUserByPhone,
  findUserByUsername,
  incrementOtpAttempts,
  incrementOtpSends,
  insertCompliance,
  insertRegistration,
  insertUser,
  latestRegistration,
  updateRegistration,
  updateUser,
} from './accounts.repository';
import { siteHasComplianceFields, validateCompliance } from './compliance';
import { existingAccountNotice } from './registration-notice';
import { hashPassword } from './password';
import { hashToken } from './session.service';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_MS = 60_000;
/** Codes per phone number per day, so nobody can flood a number with texts. */
export const OTP_MAX_SENDS_PER_DAY = 5;
export const REGISTRATION_TTL_MS = 24 * 60 * 60_000;

const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.]{2,29}$/;

type Registration = NonNullable<Awaited<ReturnType<typeof findRegistrationBySid>>>;

function otpHash(registrationId: number, code: string): string {
  return createHash('sha256').update(`${registrationId}:${code}`).digest('hex');
}

function newRafCode(): string {
  return randomBytes(6)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '7');
}

function secondsUntil(date: Date | null, now: Date): number {
  if (!date) return 0;
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / 1000));
}

function stepOf(user: User, registration: Registration): number {
  // A registration started with an existing account's phone stays at "enter the code" (ADR 110).
  if (registration.for_existing_account) return 2;
  if (user.status === 'active') return 0;
  return registration.verified_at ? 3 : 2;
}

function stateOf(
  user: User,
  registration: Registration,
  sid: string,
  now: Date,
): RegistrationState {
  const sentAt = registration.otp_sent_at ? new Date(registration.otp_sent_at) : null;
  return {
    hasErrors: false,
    sid,
    mobile: user.phone,
    registrationStep: stepOf(user, registration),
    isVerified: user.is_verified && !registration.for_existing_account,
    codeExpiresInSeconds: registration.verified_at
      ? 0
      : secondsUntil(
          registration.otp_expires_at ? new Date(registration.otp_expires_at) : null,
          now,
        ),
    resendAvailableInSeconds: sentAt
      ? secondsUntil(new Date(sentAt.getTime() + OTP_RESEND_INTERVAL_MS), now)
      : 0,
    detailsFields: { ...SITES[user.site_id as SiteId].profileFields },
    datasource_entries: [],
  };
}

/**
 * A fresh sid for an unfinished registration (a new start, or a login while under registration).
 * The last code's send time carries over: neither resets the one-a-minute resend limit.
 */
export async function restartRegistration(
  db: DbOrTx,
  user: User,
  now: Date,
  options: { keepVerified: boolean; forExistingAccount?: boolean } = { keepVerified: true },
): Promise<{ sid: string }> {
  const previous = await latestRegistration(db, user.id);
  const sid = randomBytes(32).toString('base64url');
  const registration = await insertRegistration(db, {
    userId: user.id,
    sidHash: hashToken(sid),
    expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
    forExistingAccount: options.forExistingAccount ?? false,
  });
  const keep = options.keepVerified && previous?.verified_at;
  const carried = {
    ...(keep ? { verified_at: new Date(previous.verified_at!) } : {}),
    ...(previous?.otp_sent_at ? { otp_sent_at: new Date(previous.otp_sent_at) } : {}),
  };
  if (Object.keys(carried).length > 0) await updateRegistration(db, registration.id, carried);
  return { sid };
}

async function sendCode(deps: AppDeps, user: User, registration: Registration, now: Date) {
  const sentAt = registration.otp_sent_at ? new Date(registration.otp_sent_at) : null;
  if (sentAt && now.getTime() - sentAt.getTime() < OTP_RESEND_INTERVAL_MS) {
    const wait = secondsUntil(new Date(sentAt.getTime() + OTP_RESEND_INTERVAL_MS), now);
    throw new AppError('RATE_LIMITED', [
      {
        code: 'OTP_RESEND_TOO_SOON',
        message: `Please wait ${wait} seconds before asking for a new code.`,
      },
    ]);
  }
  const sentToday = await codesSentSince(deps.db, user.id, new Date(now.getTime() - 86_400_000));
  if (sentToday >= OTP_MAX_SENDS_PER_DAY) {
    throw new AppError('RATE_LIMITED', [
      {
        code: 'OTP_DAILY_LIMIT',
        message: 'Too many codes were requested for this number. Please try again tomorrow.',
      },
    ]);
  }
  // A registration for an existing account gets the same bookkeeping as a code that was sent,
  // so nothing in the answers differs; its owner gets a notice instead of the code (ADR 110).
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await updateRegistration(deps.db, registration.id, {
    otp_hash: otpHash(registration.id, code),
    otp_expires_at: new Date(now.getTime() + OTP_TTL_MS),
    otp_sent_at: now,
  });
  await incrementOtpSends(deps.db, registration.id);
  await deps.sms.send(
    registration.for_existing_account
      ? { phone: user.phone, purpose: 'registration-notice', body: existingAccountNotice(user) }
      : {
          phone: user.phone,
          purpose: 'registration-otp',
          body: `Your Dau verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
        },
  );
}

async function loadBySid(db: DbOrTx, sid: string, now: Date) {
  const registration = await findRegistrationBySid(db, hashToken(sid));
  const user = registration && (await findUserById(db, registration.user_id));
  if (
    !registration ||
    !user ||
    new Date(registration.expires_at) <= now ||
    (user.status === 'closed' && !registration.for_existing_account)
  ) {
    throw new AppError('NOT_FOUND', [
      {
        code: 'REGISTRATION_NOT_FOUND',
        message: 'This registration has expired. Please start again.',
      },
    ]);
  }
  return { registration, user };
}

export interface StartInput {
  siteId: SiteId;
  phone: string;
  password: string;
  username?: string | undefined;
  acceptTerms: boolean;
  confirmMinimumAge: boolean;
  attribution: { click_id: string | null; affiliate: string | null; btag: string | null };
}

/** Step 1: creates or resumes an account under registration; racing starts retry once. */
export const startRegistration = (deps: AppDeps, input: StartInput) =>
  startRegistrationOnce(deps, input).catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err;
    return startRegistrationOnce(deps, input);
  });

async function startRegistrationOnce(deps: AppDeps, input: StartInput) {
  const { db } = deps;
  const now = deps.now();
  const site = SITES[input.siteId];
  const errors = [];
  const phone = normalisePhone(input.phone, input.siteId);
  if (!phone) errors.push({ message: 'Please enter a valid mobile number.', name: 'phone' });
  const password = checkNewPassword(input.password);
  if (!password.ok) errors.push({ message: password.message, name: 'password' });
  const username = input.username?.trim() || null;
  if (username && !USERNAME_PATTERN.test(username)) {
    errors.push({
      message:
        'A username has 3 to 30 letters, digits, dots or underscores and starts with a letter.',
      name: 'username',
    });
  }
  if (!input.acceptTerms) {
    errors.push({ message: 'Please accept the terms and conditions.', name: 'acceptTerms' });
  }
  if (!input.confirmMinimumAge) {
    errors.push({ message: minimumAgeMessage(site.minimumAge), name: 'confirmMinimumAge' });
  }
  if (errors.length > 0 || !phone) throw new AppError('VALIDATION_FAILED', errors);

  const existing = await findUserByPhone(db, input.siteId, phone);
  // A phone that already has an account is not revealed (ADR 110): the answer is the same as
  // for a new number, and the owner gets an SMS instead of a code. Nothing of the account changes.
  const taken = existing !== undefined && existing.status !== 'registering';
  if (username) {
    const owner = await findUserByUsername(db, input.siteId, username);
    if (owner && owner.id !== existing?.id) {
      throw new AppError('CONFLICT', [
        {
          code: 'USERNAME_TAKEN',
          message: 'This username is taken. Please choose another.',
          name: 'username',
        },
      ]);
    }
  }
  const passwordHash = await hashPassword(input.password);
  let user: User;
  if (taken) {
    user = existing;
  } else if (existing) {
    // An unfinished registration can be restarted, but the phone must then be proven again:
    // only the phone's owner can finish it.
    await updateUser(db, existing.id, {
      is_verified: false,
      password_hash: passwordHash,
      username,
      terms_accepted_at: now,
      ...input.attribution,
    });
    user = (await findUserById(db, existing.id))!;
  } else {
    user = await insertUser(db, {
      site_id: input.siteId,
      phone,
      username,
      password_hash: passwordHash,
      status: 'registering',
      email: null,
      raf_code: null,
      terms_accepted_at: now,
      ...input.attribution,
    });
  }
  const { sid } = await restartRegistration(db, user, now, {
    keepVerified: false,
    forExistingAccount: taken,
  });
  const registration = (await findRegistrationBySid(db, hashToken(sid)))!;
  if (!registration.verified_at) await sendCode(deps, user, registration, now);
  return registrationStatus(deps, sid);
}

export async function registrationStatus(deps: AppDeps, sid: string): Promise<RegistrationState> {
  const now = deps.now();
  const { registration, user } = await loadBySid(deps.db, sid, now);
  return stateOf(user, registration, sid, now);
}

export async function resendCode(deps: AppDeps, sid: string): Promise<RegistrationState> {
  const now = deps.now();
  const { registration, user } = await loadBySid(deps.db, sid, now);
  if (registration.verified_at) {
    throw new AppError('CONFLICT', [
      { code: 'ALREADY_VERIFIED', message: 'Your phone number is already verified.' },
    ]);
  }
  await sendCode(deps, user, registration, now);
  return registrationStatus(deps, sid);
}

export type CompletedRegistration = { state: RegistrationState; activatedUser: User | null };

/**
 * Step 2: checks the code (5 attempts per code, 10 minutes). Sites that ask no details
 * activate the account here; the others continue at step 3.
 */
export async function verifyCode(
  deps: AppDeps,
  sid: string,
  code: string,
): Promise<CompletedRegistration> {
  const { db } = deps;
  const now = deps.now();
  const { registration, user } = await loadBySid(db, sid, now);
  if (!registration.verified_at) {
    if (registration.otp_attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError('RATE_LIMITED', [
        {
          code: 'OTP_TOO_MANY_ATTEMPTS',
          message: 'Too many wrong codes. Please ask for a new code.',
        },
      ]);
    }
    if (
      !registration.otp_hash ||
      !registration.otp_expires_at ||
      new Date(registration.otp_expires_at) <= now
    ) {
      throw new AppError('BAD_REQUEST', [
        {
          code: 'OTP_EXPIRED',
          message: 'This code has expired. Please ask for a new code.',
          name: 'code',
        },
      ]);
    }
    const expected = Buffer.from(registration.otp_hash, 'hex');
    const actual = Buffer.from(otpHash(registration.id, code.trim()), 'hex');
    // No code can verify a registration for an existing account: it was never sent.
    const matches = timingSafeEqual(expected, actual) && !registration.for_existing_account;
    if (!matches) {
      const attempts = await incrementOtpAttempts(db, registration.id);
      const left = OTP_MAX_ATTEMPTS - attempts;
      throw new AppError('BAD_REQUEST', [
        {
          code: 'OTP_INVALID',
          message:
            left > 0
              ? `The code is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`
              : 'The code is not correct. Please ask for a new code.',
          name: 'code',
        },
      ]);
    }
    await updateRegistration(db, registration.id, { verified_at: now, otp_hash: null });
    await updateUser(db, user.id, { is_verified: true });
  }
  const activatedUser =
    user.status === 'registering' && !siteHasComplianceFields(user.site_id as SiteId)
      ? await activate(db, user.id, registration.id, now)
      : null;
  return { state: await registrationStatus(deps, sid), activatedUser };
}

/** Step 3: the site's details; the account becomes active. */
export async function completeDetails(
  deps: AppDeps,
  sid: string,
  details: RegisterDetailsRequest,
): Promise<CompletedRegistration> {
  const { db } = deps;
  const now = deps.now();
  const { registration, user } = await loadBySid(db, sid, now);
  if (!registration.verified_at) {
    throw new AppError('CONFLICT', [
      { code: 'NOT_VERIFIED', message: 'Please verify your phone number first.' },
    ]);
  }
  if (user.status === 'active') {
    throw new AppError('CONFLICT', [
      {
        code: 'ALREADY_REGISTERED',
        message: 'Your registration is already complete. Please log in.',
      },
    ]);
  }
  const values = await validateCompliance(db, user.site_id as SiteId, details, now);
  const activatedUser = await db.transaction().execute(async (tx) => {
    if (siteHasComplianceFields(user.site_id as SiteId)) {
      await insertCompliance(tx, { user_id: user.id, ...values, submitted_at: now });
    }
    if (details.email) await updateUser(tx, user.id, { email: details.email });
    return activate(tx, user.id, registration.id, now);
  });
  return { state: await registrationStatus(deps, sid), activatedUser };
}

async function activate(
  db: DbOrTx,
  userId: number,
  registrationId: number,
  now: Date,
): Promise<User> {
  await updateUser(db, userId, { status: 'active', raf_code: newRafCode() });
  await updateRegistration(db, registrationId, { completed_at: now });
  return (await findUserById(db, userId))!;
}
