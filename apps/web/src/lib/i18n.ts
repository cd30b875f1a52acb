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
} as const;

export type StringKey = keyof typeof EN;

const SW: Record<StringKey, string> = {
  logIn: 'INGIA',
  join: 'JIUNGE',
  menu: 'MENYU',
  myBets: 'Beti Zangu',
  deposit: 'Weka Pesa',
  myAccount: 'Akaunti Yangu',
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
};

const DICTIONARIES: Record<string, Record<StringKey, string>> = { en: EN, sw: SW };

/** The string in the user's language (the site's default, or site 4's chosen one). */
export function t(key: StringKey, language: string = currentLanguage()): string {
  return (DICTIONARIES[language] ?? EN)[key];
}

/** `{name}` placeholders filled in from `values`; unknown names stay as they are. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
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
