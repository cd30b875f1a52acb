import { comboOddsText, comboPayout } from '@dau/domain/betslip';
import type { BetslipSelection, BetslipState } from '@dau/domain/betslip-state';
import { effectiveOdds } from '@dau/domain/betslip-state';
import type { Cents } from '@dau/domain/money';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import { formatMoney } from '@dau/domain/money';
import { groupOddsText } from '@dau/domain/odds';
import { payoutBreakdown } from '@dau/domain/payout';
import { winBoostSelectionsToNext } from '@dau/domain/win-boost';
import { currentSite } from '../../lib/site';
import { useBetslipStore } from '../../lib/betslip-store';
import { t, tf } from '../../lib/betting-strings';
import { ts, tfs } from './slip-strings';
import styles from './betslip.module.css';

/** Tax totals of the placeable singles, each priced by the domain's payout rules. */
function singlesTaxes(
  selections: readonly BetslipSelection[],
  policy: TaxPolicy,
): {
  excise: Cents;
  withholdingTax: Cents;
} {
  let excise = 0;
  let withholdingTax = 0;
  for (const s of selections) {
    if (s.selectionitem.ibs) continue;
    const payout = payoutBreakdown({
      stake: s.stake,
      freebetStake: s.freebetstake,
      legs: [effectiveOdds(s)],
      betType: 'single',
      policy,
    });
    excise += payout.excise;
    withholdingTax += payout.withholdingTax;
  }
  return { excise: excise as Cents, withholdingTax: withholdingTax as Cents };
}

/**
 * Every money figure of the slip, each from the domain's payout rules, so none is decorative:
 * the boost shown is the part that fits under the maximum win (issue #15 defect 4), the tax
 * boost is the part of the withholding the operator pays (defect 5, ADR 150).
 */
export function BetslipFigures({ slip }: { slip: BetslipState }) {
  const site = currentSite();
  const money = (amount: Cents) => formatMoney(amount, site);
  const selections = Object.values(slip.selections);
  // The site's tax policy and currency (Uganda's and Tanzania's figures in whole shillings).
  const config = useBetslipStore((s) => s.config);
  const payout = slip.betType === 'multiple' ? comboPayout(slip, config) : null;
  if (!payout) {
    const singles = singlesTaxes(selections, config.policy);
    return (
      <dl className={styles.figures}>
        <dt>{t('totalStake')}</dt>
        <dd>{money(slip.totalstake)}</dd>
        {slip.totalfreebetstake > 0 && (
          <>
            <dt>{t('freeBetStake')}</dt>
            <dd data-testid="freebet-stake">{money(slip.totalfreebetstake)}</dd>
          </>
        )}
        <dt>{t('exciseTax')}</dt>
        <dd data-testid="excise">−{money(singles.excise)}</dd>
        <dt>{t('withholdingTax')}</dt>
        <dd data-testid="withholding">−{money(singles.withholdingTax)}</dd>
        <dt className={styles.total}>{t('possiblePayout')}</dt>
        <dd className={styles.total} data-testid="net-payout">
          {money(slip.pwsingles)}
        </dd>
      </dl>
    );
  }
  const toNext = winBoostSelectionsToNext(slip.qualifyingselections);
  return (
    <>
      <dl className={styles.figures}>
        <dt>{t('totalOdds')}</dt>
        <dd data-testid="combo-odds">{groupOddsText(comboOddsText(slip), site.locale)}</dd>
        <dt>{t('winBoost')}</dt>
        <dd data-testid="win-boost">
          {slip.winboostpercentage} %
          {toNext > 0 && (
            <small className={styles.hint}>
              {toNext === 1
                ? tf('addOneMore', { p: slip.winboostnext })
                : tf('addMore', { n: toNext, p: slip.winboostnext })}
            </small>
          )}
        </dd>
        <dt>{t('stake')}</dt>
        <dd>{money(payout.stake)}</dd>
        {payout.freebetStake > 0 && (
          <>
            <dt>{t('freeBetStake')}</dt>
            <dd data-testid="freebet-stake">{money(payout.freebetStake)}</dd>
          </>
        )}
        <dt>{t('exciseTax')}</dt>
        <dd data-testid="excise">−{money(payout.excise)}</dd>
        <dt>{t('stakeAfterTax')}</dt>
        <dd>{money(payout.stakeAfterExcise)}</dd>
        {payout.winBoostAmount > 0 && (
          <>
            <dt>{t('boostAmount')}</dt>
            <dd data-testid="boost-amount">+{money(payout.winBoostAmount)}</dd>
          </>
        )}
        <dt>{t('grossPossibleWin')}</dt>
        <dd data-testid="gross-win">{money(payout.grossPossibleWin)}</dd>
        <dt>{t('withholdingTax')}</dt>
        <dd data-testid="withholding">−{money(payout.withholdingTax)}</dd>
        {payout.taxBoostPercentage > 0 && (
          <>
            <dt>
              {ts('taxBoostAmount')} {payout.taxBoostPercentage} %
              <small className={styles.hint}>
                {tfs('taxBoostPays', { p: Math.min(100, payout.taxBoostPercentage) })}
              </small>
            </dt>
            <dd data-testid="tax-boost">+{money(payout.taxBoostAmount)}</dd>
          </>
        )}
        <dt className={styles.total}>{t('possiblePayout')}</dt>
        <dd className={styles.total} data-testid="net-payout">
          {money(payout.netPayout)}
        </dd>
      </dl>
      {payout.capped && <p className={styles.note}>{t('payoutCapped')}</p>}
    </>
  );
}
