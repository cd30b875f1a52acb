import { featureStrings } from '../../lib/i18n';

/** The content pages' own words (issue #23), English and Swahili. */
const EN = {
  pageLoadFailed: 'This page could not be loaded. Please try again.',
  listLoadFailed: 'This list could not be loaded. Please try again.',
  goHome: 'Go home',
  promotions: 'Promotions',
  aboutDau: 'About Dau',
  help: 'Help',
  customerSupport: 'Customer Support',
};

const SW: Record<keyof typeof EN, string> = {
  pageLoadFailed: 'Ukurasa huu haukuweza kupakiwa. Tafadhali jaribu tena.',
  listLoadFailed: 'Orodha hii haikuweza kupakiwa. Tafadhali jaribu tena.',
  goHome: 'Nenda mwanzo',
  promotions: 'Promosheni',
  aboutDau: 'Kuhusu Dau',
  help: 'Msaada',
  customerSupport: 'Huduma kwa Wateja',
};

export const { t } = featureStrings(EN, SW);
