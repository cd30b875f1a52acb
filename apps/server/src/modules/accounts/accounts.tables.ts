import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/columns';

export type UserStatus = 'registering' | 'active' | 'closed';

/** Migration 0001: the account itself (migration 0100 adds `AccountUserColumns`). */
export interface UsersTable extends AccountUserColumns {
  id: Generated<number>;
  external_id: Generated<string>;
  site_id: number;
  phone: string;
  username: string | null;
  password_hash: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  email: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Migration 0001. */
export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}
export type Session = Selectable<SessionsTable>;

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

/** Login attempts per key in a 15-minute and a 24-hour window (decision 120). */
export interface LoginCountersTable {
  key: string;
  short_count: number;
  short_started_at: Timestamp;
  day_count: number;
  day_started_at: Timestamp;
}

/** A browser an account signed in from: its attempts are counted apart (decision 120). */
export interface LoginDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
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

/** The compliance_info columns a user fills in. */
export type ComplianceValues = Omit<Selectable<ComplianceInfoTable>, 'user_id' | 'submitted_at'>;

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  body: string;
  created_at: Generated<Date>;
}
