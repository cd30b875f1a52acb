import type { PayoutFigures } from '@dau/contracts/betting/place-bet';
import { toUnits } from '../wallet/wallet.service';
import type { BetRow } from './betting.tables';

/** numeric text as stored ('1358412790924.9' or '3.10') with exactly two decimals. */
function exactOddsText(value: string): string {
  const [whole = '0', fraction = ''] = String(value).split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** The one place a bet's cents and hundredths become the wire's currency units and decimals. */
export function betFigures(
  bet: Pick<
    BetRow,
    | 'stake'
    | 'freebet_stake'
    | 'excise'
    | 'stake_after_excise'
    | 'total_odds'
    | 'win_boost_percentage'
    | 'win_boost_amount'
    | 'gross_possible_win'
    | 'withholding_tax'
    | 'tax_boost_percentage'
    | 'tax_boost_amount'
    | 'net_payout'
    | 'capped'
  >,
): PayoutFigures {
  return {
    stake: toUnits(bet.stake),
    freebetStake: toUnits(bet.freebet_stake),
    excise: toUnits(bet.excise),
    stakeAfterExcise: toUnits(bet.stake_after_excise),
    totalOdds: Number(bet.total_odds),
    totalOddsText: exactOddsText(bet.total_odds),
    winBoostPercentage: Number(bet.win_boost_percentage),
    winBoostAmount: toUnits(bet.win_boost_amount),
    grossPossibleWin: toUnits(bet.gross_possible_win),
    withholdingTax: toUnits(bet.withholding_tax),
    taxBoostPercentage: Number(bet.tax_boost_percentage),
    taxBoostAmount: toUnits(bet.tax_boost_amount),
    netPayout: toUnits(bet.net_payout),
    capped: bet.capped,
  };
}
