import { currentLanguage } from './api-client';

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
  chooseLanguage: 'Choose your language',
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
} as const;

export type StringKey = keyof typeof EN;

const SW: Record<StringKey, string> = {
  logIn: 'INGIA',
  join: 'JIUNGE',
  menu: 'MENYU',
  myBets: 'Beti Zangu',
  deposit: 'Weka Pesa',
  myAccount: 'Akaunti Yangu',
  balances: 'Salio',
  totalBalance: 'Jumla ya salio',
  withdraw: 'Toa Pesa',
  transactions: 'Miamala',
  changePin: 'Badilisha PIN',
  accountLinks: 'Akaunti',
  addEmail: 'Ongeza barua pepe yako upate risiti na habari za promosheni.',
  menuLogIn: 'Ingia',
  menuJoin: 'Jiunge',
  loading: 'Inapakia',
  help: 'Msaada',
  closeHelp: 'Funga msaada',
  helpUnavailable: 'Msaada haukuweza kupakiwa. Tafadhali angalia mtandao wako.',
  availableEveryDay: 'Tunapatikana kila siku',
  to: 'hadi',
  phoneNumber: 'Namba ya simu',
  callMeBack: 'Nipigie simu',
  sending: 'Inatuma…',
  close: 'Funga',
  requestFailed: 'Ombi limeshindikana. Tafadhali jaribu tena.',
  callBackThanks: 'Asante! Tutakupigia hivi punde.',
  chooseLanguage: 'Chagua lugha yako',
  popularFootball: 'Soka maarufu',
  footballCountries: 'Soka kwa nchi',
  seeAll: 'Ona zote',
  tryAgain: 'Jaribu tena',
  homeLoadFailed: 'Hatukuweza kupakia mechi hizi. Angalia mtandao wako na ujaribu tena.',
  homeNoHighlights: 'Hakuna mechi zijazo kwa sasa.',
  homeNoLive: 'Hakuna mechi mubashara kwa sasa.',
  homeNoLeagues: 'Hakuna ligi zenye mechi kwa sasa.',
  allSports: 'Michezo yote',
  upcomingMatches: 'Mechi zijazo',
  matchesCount: 'mechi',
  casinoGames: 'Michezo ya kasino',
};

const DICTIONARIES: Record<string, Record<StringKey, string>> = { en: EN, sw: SW };

/** The string in the user's language (the site's default, or site 4's chosen one). */
export function t(key: StringKey, language: string = currentLanguage()): string {
  return (DICTIONARIES[language] ?? EN)[key];
}
