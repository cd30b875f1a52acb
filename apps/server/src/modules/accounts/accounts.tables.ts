import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema';

/** Columns the accounts module adds to `users` (migration 0100). */
export interface AccountUserColumns {
  /** The phone number was proven by a one-time code. */
  is_verified: Generated<boolean>;
  is_whitelisted: Generated<boolean>;
  /** Refer-a-friend code, given when the account becomes active. */
  raf_code: string | null;
  terms_accepted_at: Date | null;
  click_id: string | null;
  affiliate: string | null;
  btag: string | null;
}

export interface RegistrationsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the opaque `sid` token handed to the client. */
  sid_hash: string;
  otp_hash: string | null;
  otp_expires_at: Date | null;
  otp_attempts: Generated<number>;
  otp_sent_at: Date | null;
  otp_sends: Generated<number>;
  verified_at: Date | null;
  completed_at: Date | null;
  /** Started with the phone of an existing account: it can never be verified (ADR 110). */
  for_existing_account: Generated<boolean>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  guid_hash: string;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface LoginThrottlesTable {
  key: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Date | null;
}

export interface UserSettingsTable {
  user_id: number;
  settings: ColumnType<Record<string, boolean>, string, string>;
  feature_flags: ColumnType<Record<string, boolean>, string, string>;
  updated_at: Generated<Date>;
}

export type ResponsibleGamblingKind = 'break' | 'self_exclusion';

export interface ResponsibleGamblingLimitsTable {
  id: Generated<number>;
  user_id: number;
  kind: ResponsibleGamblingKind;
  period: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Generated<Date>;
}

export interface IncomeSourcesTable {
  id: number;
  name: string;
}

export interface ComplianceInfoTable {
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  /** ISO date `YYYY-MM-DD`. */
  birth_date: string | null;
  /** 1 male, 2 female (spec doc 1 §3). */
  gender: number | null;
  id_number: string | null;
  income_source_id: number | null;
  is_politically_exposed: boolean | null;
  submitted_at: Timestamp;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  body: string;
  created_at: Generated<Date>;
}
