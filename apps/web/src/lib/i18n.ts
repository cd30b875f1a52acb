import { LIVE_BETTING_DISABLED, PRE_MATCH_BETTING_DISABLED } from '@dau/domain/messages';
import { currentLanguage } from './site';

/**
 * The one place UI strings are translated (English and Swahili, spec doc 1 §2). Content
 * (menus, help, pages) is translated in the content service; these are the app's own words.
 * Swahili must list every key: the type makes a missing translation a compile error.
 */
const EN = {
  logIn: 'LOG IN',
  join: 'JOIN',
  menu: 'MENU',
  myBets: 'My Bets',
  deposit: 'Deposit',
  myAccount: 'My Account',
  // Signed-in header and account menu
  balances: 'Balances',
  totalBalance: 'Total balance',
  withdraw: 'Withdraw',
  transactions: 'Transactions',
  changePin: 'Change PIN',
  accountLinks: 'Account',
  addEmail: 'Add your email address to get receipts and news of promotions.',
  menuLogIn: 'Log in',
  menuJoin: 'Join',
  loading: 'Loading',
  help: 'Help',
  closeHelp: 'Close help',
  helpUnavailable: 'Help could not be loaded. Please check your connection.',
  availableEveryDay: 'We are available every day',
  to: 'to',
  phoneNumber: 'Phone number',
  callMeBack: 'Call me back',
  sending: 'Sending…',
  close: 'Close',
  requestFailed: 'The request failed. Please try again.',
  callBackThanks: 'Thank you! We will call you shortly.',
  // The betslip button's name, on / before the slip's chunk (and betting-strings) loads.
  betslip: 'Betslip',
  selectionsCount: '{n} selections',
  // Loyalty (#8 item 7)
  loyalty: 'Loyalty',
  loyaltyLabel: 'Weekly reward: {count} of {target} settled bets',
  loyaltyTitle: 'Weekly reward',
  loyaltyCount: '{count} of {target} settled bets',
  loyaltyRule: 'Settle {target} bets of {stake} or more this week and get a {reward} free bet.',
  loyaltyEarned: 'Done! Your {reward} free bet is in your account.',
  loyaltyResets: 'New week starts {date}',
  loyaltyGuest: 'Log in to track your weekly free bet.',
  loyaltyFailed: 'Progress could not be loaded.',
  popularFootball: 'Popular football',
  footballCountries: 'Football by country',
  seeAll: 'See all',
  tryAgain: 'Try again',
  homeLoadFailed: 'We could not load these matches. Check your connection and try again.',
  homeNoHighlights: 'No upcoming matches right now.',
  homeNoLive: 'No live matches at the moment.',
  homeNoLeagues: 'No leagues have matches right now.',
  allSports: 'All sports',
  upcomingMatches: 'Upcoming matches',
  matchesCount: 'matches',
  casinoGames: 'Casino games',
  // Error pages, shell and sports words (#16 item 3)
  errSessionExpired: 'Your session has expired',
  errLogin: 'Login',
  errAccessDenied: 'Access Denied',
  errAccessDeniedDetail: 'You do not have access to the requested resource',
  errGoHome: 'Go to home',
  errNotFound: 'Page not found',
  errNotFoundInitial: 'This page could not be found',
  errNoPageAt: 'There is no page at {path}',
  errSorry: 'Sorry!',
  errShouldNotHappen: "This shouln't happen",
  errRefreshToRetry: 'Please refresh the page to try again',
  errGiveDetails: 'If it happens again, please give these details to Customer Support:',
  errRefresh: 'Refresh',
  offline: 'You are offline. Check your connection; the page will update when you are back online.',
  loadingPage: 'Loading',
  dauHome: 'Dau home',
  mainMenu: 'Main menu',
  skipIntro: 'Skip intro',
  dismiss: 'Dismiss',
  suspended: 'Suspended',
  ended: 'Ended',
  marketNotOffered: 'Market not offered',
  // The producer-down banners (the spec's words)
  liveBettingDisabled: LIVE_BETTING_DISABLED,
  preMatchBettingDisabled: PRE_MATCH_BETTING_DISABLED,
  // The home page's tabs and default blocks, its promotions slideshow
  highlights: 'Highlights',
  liveNow: 'Live Now',
  football: 'Football',
  casino: 'Casino',
  crash: 'Crash',
  topLeagues: 'Top Leagues',
  carousel: 'carousel',
  promotions: 'Promotions',
  showSlide: 'Show {title}',
} as const;

export type StringKey = keyof typeof EN;

/**
 * English is always here; Swahili is installed from `i18n-sw.ts` before the first render where
 * it is spoken (`main.tsx`), so the first load of the English sites carries none of it (ADR 142).
 */
const DICTIONARIES: Record<string, Record<StringKey, string>> = { en: EN };

/** Makes a language's shared words available (Swahili, loaded on demand). */
export function installLanguage(code: string, words: Record<StringKey, string>): void {
  DICTIONARIES[code] = words;
}

/** The string in the user's language (the site's default, or site 4's chosen one). */
export function t(key: StringKey, language: string = currentLanguage()): string {
  return (DICTIONARIES[language] ?? EN)[key];
}

/** `{name}` placeholders filled in from `values`; unknown names stay as they are. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The string with `{name}` placeholders filled in. */
export function tf(key: StringKey, values: Record<string, string | number>): string {
  return fill(t(key), values);
}

/**
 * A feature's own strings in the same languages, so they load with the feature's chunk rather
 * than with the entry (the first load of `/` has a byte budget). Swahili must list every key.
 */
export function featureStrings<K extends string>(en: Record<K, string>, sw: Record<K, string>) {
  const dictionaries: Record<string, Record<K, string>> = { en, sw };
  const text = (key: K): string => (dictionaries[currentLanguage()] ?? en)[key];
  return {
    t: text,
    tf: (key: K, values: Record<string, string | number>): string => fill(text(key), values),
  };
}
