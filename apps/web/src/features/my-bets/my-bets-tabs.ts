import type { Tab } from '../../ui/page-frame';
import { t } from '../../lib/betting-strings';
import { tm } from './my-bets-strings';

/**
 * My Bets' tabs (spec doc 1 §2; issue #8 item 5): the user's own sports bets, casino rounds
 * (the casino feature's page, issue #13 item 7) and virtual bets (issue #14).
 */
export function tabs(): Tab[] {
  return [
    { to: '/my-bets/bet-history-v2', label: t('sportsBets') },
    { to: '/my-bets/bet-history-v3', label: t('byDay') },
    { to: '/my-bets/casino-history', label: t('casino') },
    { to: '/my-bets/virtuals', label: tm('virtuals') },
  ];
}
