import { featureStrings } from '../../lib/i18n';

/** My Bets' words added by issue #15 (match names, day totals, tax boost), EN and SW. */
const EN = {
  moreLegs: '+{n} more',
  inclFreeBets: 'incl. {amount} in free bets',
  taxBoost: 'Tax boost',
  betsOffline: 'You are offline. Your bets load as soon as you are back online.',
  virtuals: 'Virtuals',
  noVirtualBets: 'No virtual bets yet.',
  playVirtuals: 'Play virtual football',
  matchday: 'Matchday {n}',
} as const;

export type MyBetsKey = keyof typeof EN;

const SW: Record<MyBetsKey, string> = {
  moreLegs: '+{n} zaidi',
  inclFreeBets: 'pamoja na {amount} za beti za bure',
  taxBoost: 'Nyongeza ya kodi',
  betsOffline: 'Huna mtandao. Beti zako zitapakia mara utakaporudi mtandaoni.',
  virtuals: 'Michezo ya kubuni',
  noVirtualBets: 'Bado hakuna beti za michezo ya kubuni.',
  playVirtuals: 'Cheza soka ya kubuni',
  matchday: 'Raundi {n}',
};

export const { t: tm, tf: tfm } = featureStrings<MyBetsKey>(EN, SW);
