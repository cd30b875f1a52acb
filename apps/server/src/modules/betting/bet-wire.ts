import type { PayoutFigures } from '@dau/contracts/betting/place-bet';
import { oddsToDecimal, type Odds } from '@dau/domain/odds';
import { toUnits } from '../wallet/wallet.service';
import type { BetRow } from './betting.tables';

/** The one place a bet's cents and hundredths become the wire's currency units and decimals. */
export function betFigures(bet: BetRow): PayoutFigures {
  return {
    stake: toUnits(bet.stake),
    freebetStake: toUnits(bet.freebet_stake),
    excise: toUnits(bet.excise),
    stakeAfterExcise: toUnits(bet.stake_after_excise),
    totalOdds: oddsToDecimal(bet.total_odds as Odds),
    winBoostPercentage: Number(bet.win_boost_percentage),
    winBoostAmount: toUnits(bet.win_boost_amount),
    grossPossibleWin: toUnits(bet.gross_possible_win),
    withholdingTax: toUnits(bet.withholding_tax),
    netPayout: toUnits(bet.net_payout),
    capped: bet.capped,
  };
}
