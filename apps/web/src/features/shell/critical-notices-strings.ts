import type { CriticalNoticeKind } from '@dau/contracts/sports/critical-notice';
import { featureStrings } from '../../lib/i18n';

/** The critical notice banner's words (issue #15 item 14), English and Swahili. */
const EN: Record<CriticalNoticeKind | 'dismiss', string> = {
  maintenance: 'Maintenance: some services may be unavailable.',
  suspension: 'Betting is suspended for now.',
  producerDown: 'Live odds are interrupted: some bets cannot be placed.',
  message: 'Notice',
  dismiss: 'Dismiss notice',
};
const SW: typeof EN = {
  maintenance: 'Matengenezo: baadhi ya huduma huenda zisipatikane.',
  suspension: 'Kubeti kumesimamishwa kwa sasa.',
  producerDown: 'Odds za moja kwa moja zimekatizwa: baadhi ya dau haziwezi kuwekwa.',
  message: 'Tangazo',
  dismiss: 'Funga tangazo',
};
export const { t } = featureStrings(EN, SW);
