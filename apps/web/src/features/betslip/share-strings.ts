import { featureStrings } from '../../lib/i18n';

/**
 * Booking codes' and the social-share page's words (issue #8 item 6) in English and Swahili: they
 * load with the slip's share button and `/social-share`, not with the first load of `/`.
 */
const EN = {
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
};

const SW: Record<keyof typeof EN, string> = {
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
};

export const { t, tf } = featureStrings(EN, SW);
