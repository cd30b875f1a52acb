import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  BetSelectionsTable,
  BetsTable,
  BetStatusHistoryTable,
} from '../modules/betting/betting.tables';
import type { BookingCodesTable } from '../modules/betting/booking-code.tables';
import type { LoyaltyRewardsTable } from '../modules/loyalty/loyalty.tables';
import type {
  AccountUserColumns,
  ComplianceInfoTable,
  IncomeSourcesTable,
  LoginThrottlesTable,
  PasswordResetsTable,
  RegistrationsTable,
  ResponsibleGamblingLimitsTable,
  SmsOutboxTable,
  UserSettingsTable,
} from '../modules/accounts/accounts.tables';
import type {
  DepositLimitsTable,
  PaymentCallbacksTable,
  PaymentsTable,
} from '../modules/payments/payments.tables';
import type {
  LedgerAccountsTable,
  LedgerEntriesTable,
  LedgerTransactionsTable,
} from '../modules/wallet/wallet.tables';
import type {
  FeedCategoriesTable,
  FeedEventsTable,
  FeedMarketsTable,
  FeedOutcomesTable,
  FeedProducersTable,
  FeedSettlementOutboxTable,
  FeedSportsTable,
  FeedTournamentsTable,
} from '../modules/feed/feed.tables';
import type {
  AccountDeletionRequestsTable,
  SupportCallBackRequestsTable,
} from '../modules/support/support.tables';

/**
 * The database as Kysely sees it. Each module owns its tables; they are listed here so that
 * one `Kysely<Database>` type covers the whole schema. Money columns are integer cents (bigint,
 * parsed to number: amounts stay far below 2^53).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  client_logs: ClientLogsTable;
  registrations: RegistrationsTable;
  password_resets: PasswordResetsTable;
  login_throttles: LoginThrottlesTable;
  user_settings: UserSettingsTable;
  responsible_gambling_limits: ResponsibleGamblingLimitsTable;
  income_sources: IncomeSourcesTable;
  compliance_info: ComplianceInfoTable;
  sms_outbox: SmsOutboxTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  payments: PaymentsTable;
  payment_callbacks: PaymentCallbacksTable;
  deposit_limits: DepositLimitsTable;
  feed_sports: FeedSportsTable;
  feed_categories: FeedCategoriesTable;
  feed_tournaments: FeedTournamentsTable;
  feed_events: FeedEventsTable;
  feed_markets: FeedMarketsTable;
  feed_outcomes: FeedOutcomesTable;
  feed_producers: FeedProducersTable;
  feed_settlement_outbox: FeedSettlementOutboxTable;
  support_call_back_requests: SupportCallBackRequestsTable;
  account_deletion_requests: AccountDeletionRequestsTable;
  bets: BetsTable;
  bet_selections: BetSelectionsTable;
  bet_status_history: BetStatusHistoryTable;
  booking_codes: BookingCodesTable;
  loyalty_rewards: LoyaltyRewardsTable;
}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type UserStatus = 'registering' | 'active' | 'closed';

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

export interface ClientLogsTable {
  id: Generated<number>;
  created_at: Generated<Date>;
  site_id: number;
  kind: string;
  message: string;
  details: ColumnType<unknown, string, string>;
  url: string | null;
  user_agent: string | null;
  ip: string | null;
}
