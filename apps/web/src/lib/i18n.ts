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
  // Payments (#9)
  payAmount: 'Amount',
  payWithdrawal: 'Withdrawal',
  payWithdraw: 'Withdraw',
  payPleaseWait: 'Please wait…',
  payDone: 'Done',
  payWithdrawalRequested: 'Withdrawal requested',
  payTo: 'To',
  payReference: 'Reference',
  payPaybill: 'M-Pesa Paybill',
  payAccountNumberHint: 'Account number: your phone number',
  payInstructionsLoading: 'Loading instructions…',
  payInstructionsFailed: 'The deposit instructions could not be loaded.',
  payDepositLimits: 'Deposit limits',
  payLimitsHint:
    'A lower limit applies at once. A higher limit, or removing one, applies after 24 hours.',
  payDailyLimit: 'Daily limit',
  payWeeklyLimit: 'Weekly limit',
  payMonthlyLimit: 'Monthly limit',
  payNoLimit: 'No limit',
  payFrom: 'from',
  paySaveLimits: 'Save limits',
  payLimitsSaved: 'Your deposit limits are saved.',
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
  // Payments (#9)
  payAmount: 'Kiasi',
  payWithdrawal: 'Utoaji',
  payWithdraw: 'Toa Pesa',
  payPleaseWait: 'Tafadhali subiri…',
  payDone: 'Sawa',
  payWithdrawalRequested: 'Ombi la kutoa pesa limetumwa',
  payTo: 'Kwa',
  payReference: 'Kumbukumbu',
  payPaybill: 'M-Pesa Paybill',
  payAccountNumberHint: 'Namba ya akaunti: namba yako ya simu',
  payInstructionsLoading: 'Inapakia maelekezo…',
  payInstructionsFailed: 'Maelekezo ya kuweka pesa hayakuweza kupakiwa.',
  payDepositLimits: 'Vikomo vya kuweka pesa',
  payLimitsHint:
    'Kikomo cha chini kinaanza mara moja. Kikomo cha juu, au kuondoa kikomo, kinaanza baada ya saa 24.',
  payDailyLimit: 'Kikomo cha siku',
  payWeeklyLimit: 'Kikomo cha wiki',
  payMonthlyLimit: 'Kikomo cha mwezi',
  payNoLimit: 'Hakuna kikomo',
  payFrom: 'kuanzia',
  paySaveLimits: 'Hifadhi vikomo',
  payLimitsSaved: 'Vikomo vyako vimehifadhiwa.',
};

const DICTIONARIES: Record<string, Record<StringKey, string>> = { en: EN, sw: SW };

/** The string in the user's language (the site's default, or site 4's chosen one). */
export function t(key: StringKey, language: string = currentLanguage()): string {
  return (DICTIONARIES[language] ?? EN)[key];
}
