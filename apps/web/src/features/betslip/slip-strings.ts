import { featureStrings } from '../../lib/i18n';

/**
 * Words of the slip's odds changes, leg states and stake checks (issue #15), in English and
 * Swahili. Apart from `betting-strings.ts` so each file stays small and merges cleanly.
 */
const EN = {
  oddsChangedTitle: 'Odds have changed',
  oddsChangedHelp: 'Check the new prices, then accept them to place your bet.',
  acceptChanges: 'Accept changes',
  oddsFromTo: 'Odds changed from {from} to {to}',
  marketExpired: 'Market has expired',
  eventEndedScore: 'Event has ended · {score}',
  taxBoostPays: 'We pay {p} % of your tax',
  taxBoostAmount: 'Tax boost',
  stakeZero: 'Enter a stake above 0.',
  stakeNotNumber: 'Enter the stake as a number, e.g. 50 or 50.50.',
  stakeDecimals: 'Use at most two decimals, e.g. 50.50.',
  stakeRejected: 'Check your stake: enter an amount above 0 with at most two decimals.',
  slipRejected: 'Something on the slip is no longer valid. Remove the selection and add it again.',
} as const;

export type SlipKey = keyof typeof EN;

const SW: Record<SlipKey, string> = {
  oddsChangedTitle: 'Odds zimebadilika',
  oddsChangedHelp: 'Angalia bei mpya, kisha uzikubali ili uweke beti yako.',
  acceptChanges: 'Kubali mabadiliko',
  oddsFromTo: 'Odds zimebadilika kutoka {from} hadi {to}',
  marketExpired: 'Soko limeisha muda wake',
  eventEndedScore: 'Mechi imeisha · {score}',
  taxBoostPays: 'Tunalipa {p} % ya kodi yako',
  taxBoostAmount: 'Nyongeza ya kodi',
  stakeZero: 'Weka dau zaidi ya 0.',
  stakeNotNumber: 'Andika dau kwa namba, mfano 50 au 50.50.',
  stakeDecimals: 'Tumia desimali mbili tu, mfano 50.50.',
  stakeRejected: 'Angalia dau lako: weka kiasi zaidi ya 0 chenye desimali mbili tu.',
  slipRejected: 'Kuna kitu kwenye tiketi ambacho si sahihi tena. Ondoa chaguo na uliongeze tena.',
};

export const { t: ts, tf: tfs } = featureStrings<SlipKey>(EN, SW);
