import type {
  BetCashoutsTable,
  BetSelectionsTable,
  BetsTable,
  BetStatusHistoryTable,
  SettlementPendingTable,
} from '../modules/betting/betting.tables';
import type { BookingCodesTable } from '../modules/betting/booking-code.tables';
import type { LoyaltyRewardsTable } from '../modules/loyalty/loyalty.tables';
import type {
  CasinoCategoriesTable,
  CasinoGameCategoriesTable,
  CasinoGamesTable,
  CasinoLobbyCategoriesTable,
  CasinoProvidersTable,
} from '../modules/casino/catalogue.tables';
import type {
  CasinoJackpotsTable,
  CasinoJackpotContributionsTable,
  CasinoJackpotWinsTable,
  CasinoRecentGamesTable,
  CasinoRoundsTable,
  CasinoTransactionsTable,
  CasinoWalletRequestsTable,
} from '../modules/casino/wallet.tables';
import type {
  CasinoMinesRoundsTable,
  CasinoRouletteBetsTable,
  CasinoRouletteRoundsTable,
  CasinoSeedPairsTable,
} from '../modules/casino/games/games.tables';
import type { VirtualBetsTable, VirtualMatchdaysTable } from '../modules/virtuals/virtuals.tables';
import type {
  SportsJackpotLinesTable,
  SportsJackpotMatchesTable,
  SportsJackpotRoundsTable,
  SportsJackpotTicketsTable,
} from '../modules/jackpots/jackpots.tables';
import type {
  CasinoCrashBetsTable,
  CasinoCrashChainsTable,
  CasinoCrashRoundsTable,
} from '../modules/casino/games/crash.tables';
import type {
  ComplianceInfoTable,
  IncomeSourcesTable,
  LoginCountersTable,
  LoginDevicesTable,
  PasswordResetsTable,
  RegistrationsTable,
  ResponsibleGamblingLimitsTable,
  SessionsTable,
  SmsOutboxTable,
  UsersTable,
  UserSettingsTable,
} from '../modules/accounts/accounts.tables';
import type { ClientLogsTable } from '../modules/diagnostics/diagnostics.tables';
import type { SiteNoticesTable } from '../modules/notices/notices.tables';
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
 * The database as Kysely sees it. Each module owns its tables (its `*.tables.ts`, type-only,
 * importing nothing but `db/columns.ts`); this file only assembles them so that one
 * `Kysely<Database>` type covers the whole schema. It is the one file of `db/` that may import
 * a module, and only its tables (`npm run check:deps` enforces both). Money columns are integer
 * cents (bigint, parsed to number: amounts stay far below 2^53).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  client_logs: ClientLogsTable;
  registrations: RegistrationsTable;
  password_resets: PasswordResetsTable;
  login_counters: LoginCountersTable;
  login_devices: LoginDevicesTable;
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
  settlement_pending: SettlementPendingTable;
  bet_cashouts: BetCashoutsTable;
  site_notices: SiteNoticesTable;
  booking_codes: BookingCodesTable;
  loyalty_rewards: LoyaltyRewardsTable;
  casino_providers: CasinoProvidersTable;
  casino_categories: CasinoCategoriesTable;
  casino_lobby_categories: CasinoLobbyCategoriesTable;
  casino_games: CasinoGamesTable;
  casino_game_categories: CasinoGameCategoriesTable;
  casino_rounds: CasinoRoundsTable;
  casino_transactions: CasinoTransactionsTable;
  casino_wallet_requests: CasinoWalletRequestsTable;
  casino_recent_games: CasinoRecentGamesTable;
  casino_jackpots: CasinoJackpotsTable;
  casino_jackpot_wins: CasinoJackpotWinsTable;
  casino_jackpot_contributions: CasinoJackpotContributionsTable;
  casino_seed_pairs: CasinoSeedPairsTable;
  casino_mines_rounds: CasinoMinesRoundsTable;
  casino_roulette_rounds: CasinoRouletteRoundsTable;
  casino_roulette_bets: CasinoRouletteBetsTable;
  casino_crash_chains: CasinoCrashChainsTable;
  casino_crash_rounds: CasinoCrashRoundsTable;
  casino_crash_bets: CasinoCrashBetsTable;
  virtual_matchdays: VirtualMatchdaysTable;
  virtual_bets: VirtualBetsTable;
  sports_jackpot_rounds: SportsJackpotRoundsTable;
  sports_jackpot_matches: SportsJackpotMatchesTable;
  sports_jackpot_tickets: SportsJackpotTicketsTable;
  sports_jackpot_lines: SportsJackpotLinesTable;
}
