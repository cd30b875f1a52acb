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
  // Booking codes and social share (#8 item 6)
  shareSlip: 'Share',
  shareSlipLabel: 'Share this betslip as a booking code',
  makingCode: 'Making your code…',
  bookingCode: 'Booking code',
  copyCode: 'Copy code',
  copyLink: 'Copy link',
  copied: 'Copied',
  shareVia: 'Share…',
  shareHint: 'Friends can type this code or open the link to get the same selections.',
  shareFailed: 'The code could not be made. Please try again.',
  haveBookingCode: 'Have a booking code?',
  loadCode: 'Load code',
  enterBookingCode: 'Enter a booking code',
  invalidBookingCode: 'Enter a valid booking code: 6 letters and digits.',
  loadBookingTitle: 'Load a booking code',
  sharedBetTitle: 'Shared bet',
  sharedAdded: '{n} shared selections are in your betslip.',
  sharedNoneOpen: 'None of the shared selections can be bet on now.',
  noLongerAvailable: 'No longer available',
  wasOdds: 'was {odds}',
  openBetslip: 'Open betslip',
  tryAnotherCode: 'Try another code',
  goToSports: 'Go to sports',
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
  shareSlip: 'Shiriki',
  shareSlipLabel: 'Shiriki tiketi hii kwa msimbo wa beti',
  makingCode: 'Inatengeneza msimbo…',
  bookingCode: 'Msimbo wa beti',
  copyCode: 'Nakili msimbo',
  copyLink: 'Nakili kiungo',
  copied: 'Imenakiliwa',
  shareVia: 'Shiriki…',
  shareHint: 'Marafiki wanaweza kuandika msimbo huu au kufungua kiungo kupata chaguo hizi.',
  shareFailed: 'Msimbo haukuweza kutengenezwa. Tafadhali jaribu tena.',
  haveBookingCode: 'Una msimbo wa beti?',
  loadCode: 'Pakia msimbo',
  enterBookingCode: 'Weka msimbo wa beti',
  invalidBookingCode: 'Weka msimbo sahihi: herufi na tarakimu 6.',
  loadBookingTitle: 'Pakia msimbo wa beti',
  sharedBetTitle: 'Beti iliyoshirikiwa',
  sharedAdded: 'Chaguo {n} zilizoshirikiwa ziko kwenye tiketi yako.',
  sharedNoneOpen: 'Hakuna chaguo lililoshirikiwa linaloweza kubetiwa sasa.',
  noLongerAvailable: 'Haipatikani tena',
  wasOdds: 'ilikuwa {odds}',
  openBetslip: 'Fungua tiketi',
  tryAnotherCode: 'Jaribu msimbo mwingine',
  goToSports: 'Nenda kwenye michezo',
  loyalty: 'Uaminifu',
  loyaltyLabel: 'Zawadi ya wiki: beti {count} kati ya {target} zimekamilika',
  loyaltyTitle: 'Zawadi ya wiki',
  loyaltyCount: 'Beti {count} kati ya {target} zimekamilika',
  loyaltyRule:
    'Kamilisha beti {target} za {stake} au zaidi wiki hii upate beti ya bure ya {reward}.',
  loyaltyEarned: 'Hongera! Beti yako ya bure ya {reward} iko kwenye akaunti yako.',
  loyaltyResets: 'Wiki mpya inaanza {date}',
  loyaltyGuest: 'Ingia ufuatilie beti yako ya bure ya wiki.',
  loyaltyFailed: 'Maendeleo hayakuweza kupakiwa.',
};

const DICTIONARIES: Record<string, Record<StringKey, string>> = { en: EN, sw: SW };

/** The string in the user's language (the site's default, or site 4's chosen one). */
export function t(key: StringKey, language: string = currentLanguage()): string {
  return (DICTIONARIES[language] ?? EN)[key];
}

/** The string with `{name}` placeholders filled in. */
export function tf(key: StringKey, values: Record<string, string | number>): string {
  return t(key).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
