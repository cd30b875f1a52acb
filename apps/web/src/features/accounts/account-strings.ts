import { featureStrings } from '../../lib/i18n';

/** The account pages' own words (issue #23), English and Swahili. */
const EN = {
  phoneNumber: 'Phone number ({prefix})',
  phoneOrUsername: 'Phone number or username',
  phoneOrUsernameHint: 'Type the phone number or the username you log in with.',
  choosePin: 'Choose a PIN or password',
  acceptTermsBefore: 'I accept the ',
  termsLink: 'terms and conditions',
  acceptTermsAfter: '',
  opensInNewTab: '(opens in a new tab)',
  minimumAge: 'I am {age} years or older',
  join: 'JOIN',
  haveAccount: 'Already have an account? Log in',
  codeSent:
    'We have sent an SMS to {mobile}. It has your 6-digit code, valid for 10 minutes. If this number already has a Dau account, the SMS says so instead: then log in, or reset your PIN.',
  codeSentNoNumber:
    'We have sent you an SMS with a 6-digit code, valid for 10 minutes. If your number already has a Dau account, the SMS says so instead: then log in, or reset your PIN.',
  verificationCode: 'Verification code',
  verify: 'VERIFY',
  newCode: 'Send a new code',
  newCodeSent: 'A new SMS is on its way.',
  startAgain: 'Start again',
  startAgainWithNumber: 'Start again with {mobile}',
  almostDone: 'Almost done: tell us who you are.',
  finish: 'FINISH',
  sendResetLink: 'SEND RESET LINK',
  backToLogin: 'Back to log in',
  entriesDiffer: 'The two entries differ.',
  currentPin: 'Current PIN or password',
  newPin: 'New PIN or password',
  repeatNewPin: 'Repeat the new one',
  changePin: 'CHANGE PIN',
  signedOutForBreak: 'You have been signed out',
  breakStarted: 'Your break has started. It ends on {until}.',
  exclusionStarted: 'Your self-exclusion has started. It ends on {until}.',
  breakRules:
    'Until then you cannot deposit or place bets. You can still log in to withdraw your balance and see your transactions and bets: the account opens in a restricted mode that only allows that.',
  breakHelp: 'Need to talk to someone? Read about responsible gambling.',
};

type Key = keyof typeof EN;

const SW: Record<Key, string> = {
  phoneNumber: 'Namba ya simu ({prefix})',
  phoneOrUsername: 'Namba ya simu au jina la mtumiaji',
  phoneOrUsernameHint: 'Andika namba ya simu au jina la mtumiaji unalotumia kuingia.',
  choosePin: 'Chagua PIN au nenosiri',
  acceptTermsBefore: 'Ninakubali ',
  termsLink: 'vigezo na masharti',
  acceptTermsAfter: '',
  opensInNewTab: '(inafunguka kwenye kichupo kipya)',
  minimumAge: 'Nina umri wa miaka {age} au zaidi',
  join: 'JIUNGE',
  haveAccount: 'Una akaunti tayari? Ingia',
  codeSent:
    'Tumetuma SMS kwa {mobile}. Ina msimbo wako wa tarakimu 6, unaofaa kwa dakika 10. Ikiwa namba hii tayari ina akaunti ya Dau, SMS itakuambia hivyo badala yake: basi ingia, au badilisha PIN yako.',
  codeSentNoNumber:
    'Tumekutumia SMS yenye msimbo wa tarakimu 6, unaofaa kwa dakika 10. Ikiwa namba yako tayari ina akaunti ya Dau, SMS itakuambia hivyo badala yake: basi ingia, au badilisha PIN yako.',
  verificationCode: 'Msimbo wa uthibitisho',
  verify: 'THIBITISHA',
  newCode: 'Tuma msimbo mpya',
  newCodeSent: 'SMS mpya inakuja.',
  startAgain: 'Anza upya',
  startAgainWithNumber: 'Anza upya na {mobile}',
  almostDone: 'Karibu tumemaliza: tuambie wewe ni nani.',
  finish: 'MALIZA',
  sendResetLink: 'TUMA KIUNGO CHA KUBADILISHA',
  backToLogin: 'Rudi kuingia',
  entriesDiffer: 'Maingizo mawili hayafanani.',
  currentPin: 'PIN au nenosiri la sasa',
  newPin: 'PIN au nenosiri jipya',
  repeatNewPin: 'Rudia jipya',
  changePin: 'BADILISHA PIN',
  signedOutForBreak: 'Umetolewa kwenye akaunti',
  breakStarted: 'Mapumziko yako yameanza. Yanaisha tarehe {until}.',
  exclusionStarted: 'Kujizuia kwako kumeanza. Kunaisha tarehe {until}.',
  breakRules:
    'Hadi wakati huo huwezi kuweka pesa wala kuweka beti. Bado unaweza kuingia kutoa salio lako na kuona miamala na beti zako: akaunti inafunguka katika hali yenye mipaka inayoruhusu hayo tu.',
  breakHelp: 'Unahitaji kuongea na mtu? Soma kuhusu kucheza kwa kuwajibika.',
};

export const { t, tf } = featureStrings(EN, SW);
