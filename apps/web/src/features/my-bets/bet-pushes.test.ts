import { afterEach, describe, expect, it } from 'vitest';
import { useNotificationStore } from '../../lib/notification-store';
import {
  applyBetsStatus,
  clearBetNotify,
  notifyRollback,
  notifySettlement,
  useBetPushStore,
} from './bet-pushes';

afterEach(() => {
  useBetPushStore.setState({ openBets: null, notify: false });
  useNotificationStore.setState({ items: [] });
});

describe('betting pushes', () => {
  it('sets the header notify flag from BetsStatus_v2 and clears it on the bet drop', () => {
    applyBetsStatus({ betId: '7', status: 'open', openBetsCount: 3, notify: true });
    expect(useBetPushStore.getState()).toMatchObject({ openBets: 3, notify: true });
    // A later push without the flag keeps it until the user opens the drop.
    applyBetsStatus({ betId: '7', status: 'open', openBetsCount: 2, notify: false });
    expect(useBetPushStore.getState()).toMatchObject({ openBets: 2, notify: true });
    clearBetNotify();
    expect(useBetPushStore.getState().notify).toBe(false);
  });

  it('shows settlements as the spec says: 1 won (success), other non-zero lost, 0 nothing', () => {
    notifySettlement({ betId: '7', status: 0, amount: 0, message: '' });
    expect(useNotificationStore.getState().items).toHaveLength(0);
    notifySettlement({
      betId: '7',
      status: 1,
      amount: 25.5,
      message: 'Bet 7 has settled. You won KSh 25.50!',
    });
    notifySettlement({
      betId: '8',
      status: 2,
      amount: 0,
      message: 'Bet 8 has settled as a loss. Better luck next time!',
    });
    notifyRollback(
      {
        betId: '7',
        amount: 25.5,
        message: 'Bet 7 was rolled back and KSh 25.50 was deducted from your account.',
      },
      true,
    );
    expect(useNotificationStore.getState().items.map((n) => [n.tone, n.message])).toEqual([
      ['success', 'Bet 7 has settled. You won KSh 25.50!'],
      ['info', 'Bet 8 has settled as a loss. Better luck next time!'],
      ['error', 'Bet 7 was rolled back and KSh 25.50 was deducted from your account.'],
    ]);
  });
});
