import { featureStrings } from '../../lib/i18n';

/** My Bets' words added by issue #15 (match names, day totals, tax boost), EN and SW. */
const EN = {
  moreLegs: '+{n} more',
  inclFreeBets: 'incl. {amount} in free bets',
  taxBoost: 'Tax boost',
} as const;

export type MyBetsKey = keyof typeof EN;

const SW: Record<MyBetsKey, string> = {
  moreLegs: '+{n} zaidi',
  inclFreeBets: 'pamoja na {amount} za beti za bure',
  taxBoost: 'Nyongeza ya kodi',
};

export const { t: tm, tf: tfm } = featureStrings<MyBetsKey>(EN, SW);
