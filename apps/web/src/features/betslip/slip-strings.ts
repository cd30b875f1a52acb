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
};

export const { t: ts, tf: tfs } = featureStrings<SlipKey>(EN, SW);
