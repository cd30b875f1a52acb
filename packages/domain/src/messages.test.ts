import { describe, expect, it } from 'vitest';
import type { Cents } from './money';
import {
  COMPLIANCE_UPDATED,
  depositInProgressMessage,
  requestFailedMessage,
  rollbackLossMessage,
  rollbackWinMessage,
  settlementLostMessage,
  settlementNotice,
  settlementWonMessage,
  withdrawalInProgressMessage,
} from './messages';
import { SITES } from './sites';

describe('messages', () => {
  it('formats settlement messages with KSh {amount}', () => {
    expect(settlementWonMessage('123', 123450 as Cents, SITES[2])).toBe(
      'Bet 123 has settled. You won KSh 1,234.50!',
    );
    expect(settlementLostMessage('123')).toBe(
      'Bet 123 has settled as a loss. Better luck next time!',
    );
    expect(rollbackWinMessage('9', 500 as Cents, SITES[2])).toBe(
      'Bet 9 was rolled back and KSh 5.00 was deducted from your account.',
    );
    expect(rollbackLossMessage('9')).toBe('Bet 9 was reopened due to rolled back markets');
  });

  it('maps settlement status codes', () => {
    expect([0, 1, 2, -1].map(settlementNotice)).toEqual(['none', 'won', 'lost', 'lost']);
  });

  it('keeps payment texts as in the spec', () => {
    expect(depositInProgressMessage('D1')).toBe(
      'Your deposit D1 is in progress. Your balance will update automatically when finished.',
    );
    expect(withdrawalInProgressMessage('W1')).toBe(
      'Your withdrawal W1 is in progress. The funds should be in your account shortly!',
    );
    expect(COMPLIANCE_UPDATED).toBe('User Compliance info has been  Updated!');
    expect(requestFailedMessage(502)).toBe('The request failed with status code 502');
  });
});
