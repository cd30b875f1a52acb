/**
 * The catalogue migration 0600 seeds: Dau's providers, categories (with the lobbies that show
 * them as chips; every category also shows in /all-games) and games. Whole currency units here;
 * the migration stores cents.
 */
export type SeedGame = {
  slug: string;
  name: string;
  provider: string;
  category: string;
  also: string[];
  kind: 'rng' | 'instant' | 'live-rng' | 'crash' | 'virtual';
  engine: string;
  rtpBps: number;
  /** Whole currency units. */
  minStake: number;
  maxStake: number;
  maxWin: number;
  volatility: 'low' | 'medium' | 'high';
  tags: string[];
  en: string;
  sw: string;
  rulesEn: string[];
  rulesSw: string[];
};

export const PROVIDERS = [
  { slug: 'dau-originals', name: 'Dau Originals', kind: 'in-house' },
  { slug: 'dau-virtuals', name: 'Dau Virtuals', kind: 'in-house' },
];

export const CATEGORIES: { slug: string; en: string; sw: string; lobbies: string[] }[] = [
  { slug: 'originals', en: 'Dau Originals', sw: 'Michezo ya Dau', lobbies: ['casino', 'games'] },
  {
    slug: 'instant-wins',
    en: 'Instant wins',
    sw: 'Ushindi wa papo hapo',
    lobbies: ['casino', 'games', 'instant-wins'],
  },
  { slug: 'table-games', en: 'Table games', sw: 'Michezo ya mezani', lobbies: ['casino'] },
  { slug: 'live-rng', en: 'Live RNG', sw: 'Raundi za moja kwa moja', lobbies: ['live-casino'] },
  { slug: 'crash-games', en: 'Crash', sw: 'Crash', lobbies: ['casino', 'crash'] },
  { slug: 'virtual-sports', en: 'Virtual sports', sw: 'Michezo ya kubuni', lobbies: ['virtuals'] },
];

/** Dau's games: the six of issue #13 and the two of issue #11 (crash, virtual football). */
export const GAMES: SeedGame[] = [
  {
    slug: 'mines',
    name: 'Mines',
    provider: 'dau-originals',
    category: 'originals',
    also: [],
    kind: 'rng',
    engine: 'mines',
    rtpBps: 9900,
    minStake: 10,
    maxStake: 10_000,
    maxWin: 1_500_000,
    volatility: 'high',
    tags: ['provably-fair', 'popular', 'strategy'],
    en: 'Open tiles on a 5×5 field, dodge the mines and cash out whenever you like.',
    sw: 'Fungua vigae kwenye uwanja wa 5×5, epuka mabomu na chukua ushindi wakati wowote.',
    rulesEn: [
      'Choose your stake and how many mines hide in the 25 tiles (1 to 24).',
      'Every safe tile you open raises the multiplier; a mine ends the round and the stake is lost.',
      'Cash out at any time to win your stake times the multiplier shown.',
    ],
    rulesSw: [
      'Chagua dau lako na idadi ya mabomu yaliyofichwa kwenye vigae 25 (1 hadi 24).',
      'Kila kigae salama unachofungua kinaongeza kizidisho; bomu linamaliza raundi na dau linapotea.',
      'Chukua ushindi wakati wowote: dau lako mara kizidisho kinachoonyeshwa.',
    ],
  },
  {
    slug: 'dice',
    name: 'Dice',
    provider: 'dau-originals',
    category: 'originals',
    also: ['instant-wins'],
    kind: 'instant',
    engine: 'dice',
    rtpBps: 9900,
    minStake: 10,
    maxStake: 20_000,
    maxWin: 1_500_000,
    volatility: 'medium',
    tags: ['provably-fair', 'instant'],
    en: 'Pick a target, roll over or under it: the lower your chance, the bigger the win.',
    sw: 'Chagua lengo, rusha juu au chini yake: kadiri nafasi inavyopungua, ndivyo ushindi unavyokua.',
    rulesEn: [
      'The roll is a number from 0.00 to 99.99.',
      'Pick a target and whether the roll must land over or under it.',
      'The payout is 99 divided by your chance to win, in percent.',
    ],
    rulesSw: [
      'Namba inayorushwa ni kati ya 0.00 na 99.99.',
      'Chagua lengo na kama namba lazima iwe juu au chini yake.',
      'Malipo ni 99 gawanya kwa nafasi yako ya kushinda, kwa asilimia.',
    ],
  },
  {
    slug: 'plinko',
    name: 'Plinko',
    provider: 'dau-originals',
    category: 'originals',
    also: ['instant-wins'],
    kind: 'instant',
    engine: 'plinko',
    rtpBps: 9898,
    minStake: 10,
    maxStake: 10_000,
    maxWin: 1_500_000,
    volatility: 'high',
    tags: ['provably-fair', 'instant', 'popular'],
    en: 'Drop the ball through the pegs and win the multiplier of the slot it lands in.',
    sw: 'Dondosha mpira kupitia vigingi na ushinde kizidisho cha sehemu unapotua.',
    rulesEn: [
      'The ball bounces left or right at each row of pegs.',
      'It lands in one of the slots at the bottom; each slot pays its multiplier times the stake.',
      'Edge slots pay the most and are the hardest to reach.',
    ],
    rulesSw: [
      'Mpira unadunda kushoto au kulia kwenye kila mstari wa vigingi.',
      'Unatua kwenye moja ya sehemu za chini; kila sehemu inalipa kizidisho chake mara dau.',
      'Sehemu za pembeni zinalipa zaidi na ni ngumu kufikia.',
    ],
  },
  {
    slug: 'scratch-card',
    name: 'Scratch card',
    provider: 'dau-originals',
    category: 'instant-wins',
    also: ['originals'],
    kind: 'instant',
    engine: 'scratch',
    rtpBps: 9600,
    minStake: 10,
    maxStake: 5_000,
    maxWin: 500_000,
    volatility: 'medium',
    tags: ['provably-fair', 'instant', 'new'],
    en: 'Scratch nine panels: three matching symbols win that symbol’s prize.',
    sw: 'Kwangua visanduku tisa: alama tatu zinazofanana zinashinda zawadi ya alama hiyo.',
    rulesEn: [
      'Buy a card at your stake and scratch its nine panels.',
      'Three matching symbols win that symbol’s multiplier times the stake.',
      'A card pays at most one prize: the highest it shows.',
    ],
    rulesSw: [
      'Nunua kadi kwa dau lako na ukwangue visanduku vyake tisa.',
      'Alama tatu zinazofanana zinashinda kizidisho cha alama hiyo mara dau.',
      'Kadi inalipa zawadi moja tu: ile ya juu zaidi inayoonyesha.',
    ],
  },
  {
    slug: 'keno',
    name: 'Keno',
    provider: 'dau-originals',
    category: 'originals',
    also: [],
    kind: 'rng',
    engine: 'keno',
    rtpBps: 9890,
    minStake: 10,
    maxStake: 5_000,
    maxWin: 1_500_000,
    volatility: 'high',
    tags: ['provably-fair', 'numbers'],
    en: 'Pick up to ten numbers from 1 to 40; ten are drawn, the more you match the more you win.',
    sw: 'Chagua hadi namba kumi kati ya 1 na 40; kumi zinachezeshwa, ukilinganisha zaidi unashinda zaidi.',
    rulesEn: [
      'Pick 1 to 10 numbers from 1 to 40.',
      'Ten numbers are drawn; the pay table for your count of picks shows what each number of hits pays.',
    ],
    rulesSw: [
      'Chagua namba 1 hadi 10 kati ya 1 na 40.',
      'Namba kumi zinachezeshwa; jedwali la malipo linaonyesha kila idadi ya namba sahihi inalipa nini.',
    ],
  },
  {
    slug: 'roulette',
    name: 'Roulette',
    provider: 'dau-originals',
    category: 'live-rng',
    also: ['table-games'],
    kind: 'live-rng',
    engine: 'roulette',
    rtpBps: 9730,
    minStake: 10,
    maxStake: 20_000,
    maxWin: 1_500_000,
    volatility: 'low',
    tags: ['provably-fair', 'live-rng', 'table'],
    en: 'European roulette with shared rounds every 30 seconds, drawn by the server: no video dealer.',
    sw: 'Rulet ya Ulaya yenye raundi za pamoja kila sekunde 30, zinazochezeshwa na seva: hakuna muuzaji wa video.',
    rulesEn: [
      'One wheel for everyone: a new round opens every 30 seconds with a countdown.',
      'Place chips on numbers, colours, dozens or columns before betting closes.',
      'The server draws the number (single zero, 0 to 36); there is no video dealer.',
    ],
    rulesSw: [
      'Gurudumu moja kwa wote: raundi mpya inafunguliwa kila sekunde 30 na muda unahesabiwa.',
      'Weka chipu kwenye namba, rangi, dazeni au safu kabla ya kufungwa kwa dau.',
      'Seva inachezesha namba (sifuri moja, 0 hadi 36); hakuna muuzaji wa video.',
    ],
  },
  {
    slug: 'REDO-high-flyer',
    name: 'High Flyer',
    provider: 'dau-originals',
    category: 'crash-games',
    also: [],
    kind: 'crash',
    engine: 'crash',
    rtpBps: 9700,
    minStake: 10,
    maxStake: 20_000,
    maxWin: 1_500_000,
    volatility: 'high',
    tags: ['provably-fair', 'crash', 'multiplayer', 'popular'],
    en: 'The plane climbs and the multiplier grows: cash out before it flies away.',
    sw: 'Ndege inapanda na kizidisho kinakua: chukua ushindi kabla haijaruka mbali.',
    rulesEn: [
      'Place a bet before take-off; the multiplier rises from 1.00× as the plane climbs.',
      'Cash out at any moment to win the stake times the multiplier.',
      'When the plane flies away, bets not cashed out are lost.',
    ],
    rulesSw: [
      'Weka dau kabla ya kupaa; kizidisho kinapanda kutoka 1.00× ndege inavyopanda.',
      'Chukua ushindi wakati wowote: dau mara kizidisho.',
      'Ndege ikiruka mbali, madau ambayo hayajachukuliwa yanapotea.',
    ],
  },
  {
    slug: 'virtual-football',
    name: 'Virtual Football League',
    provider: 'dau-virtuals',
    category: 'virtual-sports',
    also: [],
    kind: 'virtual',
    engine: 'virtual-football',
    rtpBps: 9400,
    minStake: 10,
    maxStake: 10_000,
    maxWin: 1_500_000,
    volatility: 'medium',
    tags: ['virtual', 'football'],
    en: 'Simulated league matches every few minutes: bet on results and goals.',
    sw: 'Mechi za ligi za kubuni kila dakika chache: weka dau kwenye matokeo na magoli.',
    rulesEn: [
      'A match day of simulated matches starts every few minutes.',
      'Bet on 1X2 and total goals before kick-off; results are drawn by the server.',
    ],
    rulesSw: [
      'Siku ya mechi za kubuni inaanza kila dakika chache.',
      'Weka dau kwenye 1X2 na jumla ya magoli kabla ya mechi kuanza; matokeo yanachezeshwa na seva.',
    ],
  },
];
