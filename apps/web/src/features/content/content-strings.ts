import { SPEED_TEST_FAILED } from '@dau/domain/messages';
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
  installTitle: 'Install Dau',
  installButton: 'Install Dau',
  installByHand:
    "Open your browser's menu (⋮) and tap “Install app” or “Add to Home screen”. Dau then opens from your home screen like any app.",
  installLater: 'Not now. You can install Dau from this page or the browser menu any time.',
  installDone: 'Dau is installed: open it from your home screen.',
  supportHoursBefore: 'We are available every day from {open} to {close}. Tap ',
  supportHoursAfter:
    ' at the bottom of the page to chat on WhatsApp or Messenger, or to ask for a call back.',
  logIn: 'Log in',
  toDeleteAccount: ' to ask for your account to be deleted.',
  deletionReceived: 'We have received your request.',
  requestFailed: 'The request failed. Please try again.',
  whyLeaving: 'Why are you leaving? (optional)',
  requestDeletion: 'Request account deletion',
  speedTest: 'Speed test',
  speedTestIntro: 'Check how well your connection will handle live betting.',
  testing: 'Testing…',
  startTest: 'Start test',
  testAgain: 'Test again',
  connectionQuality: 'Connection quality:',
  latency: 'Latency',
  jitter: 'Jitter',
  download: 'Download',
  upload: 'Upload',
  mbps: '{value} Mbps',
  speedTestFailed: SPEED_TEST_FAILED,
};

const SW: Record<keyof typeof EN, string> = {
  pageLoadFailed: 'Ukurasa huu haukuweza kupakiwa. Tafadhali jaribu tena.',
  listLoadFailed: 'Orodha hii haikuweza kupakiwa. Tafadhali jaribu tena.',
  goHome: 'Nenda mwanzo',
  promotions: 'Promosheni',
  aboutDau: 'Kuhusu Dau',
  help: 'Msaada',
  customerSupport: 'Huduma kwa Wateja',
  installTitle: 'Sakinisha Dau',
  installButton: 'Sakinisha Dau',
  installByHand:
    'Fungua menyu ya kivinjari chako (⋮) na ubonyeze “Sakinisha programu” au “Ongeza kwenye skrini ya mwanzo”. Dau itafunguka kutoka skrini yako ya mwanzo kama programu nyingine.',
  installLater:
    'Si sasa. Unaweza kusakinisha Dau kutoka ukurasa huu au menyu ya kivinjari wakati wowote.',
  installDone: 'Dau imesakinishwa: ifungue kutoka skrini yako ya mwanzo.',
  supportHoursBefore: 'Tupo kila siku kuanzia {open} hadi {close}. Gusa ',
  supportHoursAfter:
    ' chini ya ukurasa kuzungumza nasi kwa WhatsApp au Messenger, au kuomba tukupigie.',
  logIn: 'Ingia',
  toDeleteAccount: ' ili kuomba akaunti yako ifutwe.',
  deletionReceived: 'Tumepokea ombi lako.',
  requestFailed: 'Ombi halikufaulu. Tafadhali jaribu tena.',
  whyLeaving: 'Kwa nini unaondoka? (si lazima)',
  requestDeletion: 'Omba akaunti ifutwe',
  speedTest: 'Kipimo cha kasi',
  speedTestIntro: 'Angalia jinsi mtandao wako utakavyomudu kubeti mubashara.',
  testing: 'Inapima…',
  startTest: 'Anza kipimo',
  testAgain: 'Pima tena',
  connectionQuality: 'Ubora wa mtandao:',
  latency: 'Muda wa kuchelewa',
  jitter: 'Mtetemo',
  download: 'Kupakua',
  upload: 'Kupakia',
  mbps: '{value} Mbps',
  speedTestFailed: 'Kipimo kimeshindikana au muda umekwisha',
};

export const { t, tf } = featureStrings(EN, SW);
