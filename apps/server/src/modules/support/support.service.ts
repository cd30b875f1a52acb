import { SUPPORT_HOURS } from '@dau/domain/constants';
import { localPhone, normalisePhone } from '@dau/domain/phone';
import { isSiteId, SITES, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { isWithinSupportHours } from '@dau/domain/support-hours';
import type { AppDeps } from '../../app-types';
import { AppError } from '../../errors/app-error';
import {
  callBackRequestsSince,
  insertCallBackRequest,
  insertDeletionRequest,
  pendingDeletionRequest,
} from './support.repository';
import type { AccountDeletionRequest } from './support.tables';

/** A repeated request for the same number within this window is not queued twice. */
const CALL_BACK_DEDUPE_MS = 30 * 60_000;
/** Most call-backs one number can ask for in a day, so the queue cannot be flooded. */
const CALL_BACK_DAILY_LIMIT = 3;

const EXAMPLE_NUMBERS: Record<SiteId, string> = {
  1: '0772 123 456',
  2: '0712 345 678',
  3: '0971 234 567',
  4: '0712 345 678',
};

export interface CallBackInput {
  countryCode?: string | undefined;
  siteId?: number | undefined;
  phoneNumber: string;
}

export interface CallBackContext {
  requestSite: SiteConfig;
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export interface CallBackResult {
  requestId: number;
  message: string;
  code: 'CALL_BACK_REQUESTED' | 'CALL_BACK_ALREADY_REQUESTED';
}

function phoneError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', [
    { code: 'INVALID_PHONE_NUMBER', message, name: 'phoneNumber' },
  ]);
}

/** Validates and queues a call-back request from the support widget. */
export async function requestCallBack(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: CallBackInput,
  context: CallBackContext,
): Promise<CallBackResult> {
  const siteId = input.siteId ?? context.requestSite.siteId;
  if (!isSiteId(siteId)) {
    throw new AppError('VALIDATION_FAILED', [
      { code: 'UNKNOWN_SITE', message: 'This site is not supported.', name: 'siteId' },
    ]);
  }
  const site = SITES[siteId];
  if (input.countryCode && input.countryCode.toLowerCase() !== site.countryCode) {
    throw new AppError('VALIDATION_FAILED', [
      {
        code: 'COUNTRY_MISMATCH',
        message: `The country ${input.countryCode} does not match this site (${site.country}).`,
        name: 'countryCode',
      },
    ]);
  }
  const typed = input.phoneNumber.trim();
  if (typed === '' || typed === site.phonePrefix) {
    throw phoneError('Please enter your phone number so we can call you back.');
  }
  const phone = normalisePhone(typed, siteId);
  if (!phone) {
    throw phoneError(
      `Please enter a valid ${site.country} mobile number, for example ${EXAMPLE_NUMBERS[siteId]}.`,
    );
  }

  const now = deps.now();
  const recent = await callBackRequestsSince(
    deps.db,
    siteId,
    phone,
    new Date(now.getTime() - 24 * 60 * 60_000),
  );
  const display = localPhone(phone, siteId);
  const open = recent.find(
    (r) => r.status === 'pending' && now.getTime() - r.created_at.getTime() < CALL_BACK_DEDUPE_MS,
  );
  if (open) {
    return {
      requestId: open.id,
      code: 'CALL_BACK_ALREADY_REQUESTED',
      message: `We already have your request. An agent will call you on ${display} shortly.`,
    };
  }
  if (recent.length >= CALL_BACK_DAILY_LIMIT) {
    throw new AppError('RATE_LIMITED', [
      {
        code: 'CALL_BACK_DAILY_LIMIT',
        message:
          'You have asked for several call-backs today. Please chat with us on WhatsApp, or try again tomorrow.',
        name: 'phoneNumber',
      },
    ]);
  }

  const withinHours = isWithinSupportHours(now, site.timeOffsetMinutes);
  const stored = await insertCallBackRequest(deps.db, {
    siteId,
    phone,
    userId: context.userId,
    withinHours,
    ip: context.ip,
    userAgent: context.userAgent,
    now,
  });
  return {
    requestId: stored.id,
    code: 'CALL_BACK_REQUESTED',
    message: withinHours
      ? `Thank you! An agent will call you on ${display} shortly.`
      : `Thank you! Our team is available from ${SUPPORT_HOURS.open} to ${SUPPORT_HOURS.close}. We will call you on ${display} as soon as we open.`,
  };
}

/** Files (or returns the open) account deletion request of a signed-in user. */
export async function requestAccountDeletion(
  deps: Pick<AppDeps, 'db' | 'now'>,
  user: { userId: number; siteId: number },
  reason: string | undefined,
): Promise<AccountDeletionRequest> {
  return insertDeletionRequest(deps.db, {
    userId: user.userId,
    siteId: user.siteId,
    reason: reason ? reason : null,
    now: deps.now(),
  });
}

export async function openAccountDeletion(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
): Promise<AccountDeletionRequest | null> {
  return (await pendingDeletionRequest(deps.db, userId)) ?? null;
}
