/** Betting pushes (spec doc 2 §7, issue #8), to the bet owner's sockets only. */

/** After a bet is placed or changes status: the open-bets count and the header notify flag. */
export interface BetsStatusPush {
  betId: string;
  status: 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
  openBetsCount: number;
  /** Header notify flag: set on placement, status change and won settlements. */
  notify: boolean;
}

/** status 0: no notification, 1: won, any other non-zero: lost (spec doc 2 §4). */
export interface BetSettlementPush {
  betId: string;
  status: number;
  /** Net payout credited, currency units. */
  amount: number;
  message: string;
}

export interface BetSettlementRollbackPush {
  betId: string;
  /** Amount deducted (won bets) in currency units; 0 for reopened losses. */
  amount: number;
  message: string;
}
