import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as accounts from './0100-accounts';
import * as walletLedger from './0300-wallet-ledger';
import * as feed from './0200-feed';
import * as contentSupport from './0500-content-support';
import * as betting from './0400-betting';
import * as bookingCodes from './0450-booking-codes';
import * as loyalty from './0460-loyalty';
import * as paymentStatusQueries from './0350-payment-status-queries';
import * as registrationNotices from './0120-registration-notices';
import * as loginThrottling from './0150-login-throttling';
import * as paymentProviders from './0370-payment-providers';
import * as paymentLanguage from './0380-payment-language';
import * as bigAccumulators from './0470-big-accumulators-tax-boost';
import * as casinoCatalogue from './0600-casino-catalogue';
import * as casinoRtp from './0601-casino-rtp';
import * as casinoWallet from './0610-casino-wallet';
import * as casinoRecentGames from './0620-casino-recent-games';
import * as casinoJackpots from './0625-casino-jackpots';
import * as casinoGames from './0630-casino-games';
import * as casinoJackpotContributions from './0640-casino-jackpot-contributions';
import * as casinoCrash from './0650-casino-crash';
import * as virtualFootball from './0675-virtual-football';
import * as betCashouts from './0700-bet-cashouts';
import * as sportsJackpots from './0750-sports-jackpots';
import * as ledgerShards from './0800-ledger-shards';
import * as siteNotices from './0850-site-notices';
import * as settlementPending from './0870-settlement-pending';
import * as casinoDebitCredit from './0876-casino-debit-credit';
import * as ledgerPostMany from './0880-ledger-post-many';
import * as casinoMoneyCalls from './0885-casino-money-calls';
import * as casinoRoundSettledAtOnce from './0886-casino-round-settled-at-once';
import * as placeBetsMany from './0890-place-bets-many';

/**
 * Every migration, by name. Names sort in the order they run; modules take their own number
 * range (0100 accounts, 0200 feed, 0300 wallet, 0400 betting, 0500 content, ...).
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0100-accounts': accounts,
  '0300-wallet-ledger': walletLedger,
  '0200-feed': feed,
  '0500-content-support': contentSupport,
  '0400-betting': betting,
  '0450-booking-codes': bookingCodes,
  '0460-loyalty': loyalty,
  '0350-payment-status-queries': paymentStatusQueries,
  '0120-registration-notices': registrationNotices,
  '0150-login-throttling': loginThrottling,
  '0370-payment-providers': paymentProviders,
  '0380-payment-language': paymentLanguage,
  '0470-big-accumulators-tax-boost': bigAccumulators,
  '0600-casino-catalogue': casinoCatalogue,
  '0601-casino-rtp': casinoRtp,
  '0610-casino-wallet': casinoWallet,
  '0620-casino-recent-games': casinoRecentGames,
  '0625-casino-jackpots': casinoJackpots,
  '0630-casino-games': casinoGames,
  '0640-casino-jackpot-contributions': casinoJackpotContributions,
  '0650-casino-crash': casinoCrash,
  '0675-virtual-football': virtualFootball,
  '0700-bet-cashouts': betCashouts,
  '0750-sports-jackpots': sportsJackpots,
  '0800-ledger-shards': ledgerShards,
  '0850-site-notices': siteNotices,
  '0870-settlement-pending': settlementPending,
  '0876-casino-debit-credit': casinoDebitCredit,
  '0880-ledger-post-many': ledgerPostMany,
  '0885-casino-money-calls': casinoMoneyCalls,
  '0886-casino-round-settled-at-once': casinoRoundSettledAtOnce,
  '0890-place-bets-many': placeBetsMany,
};
