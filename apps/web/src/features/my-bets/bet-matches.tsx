import type { BetSummary } from '@dau/contracts/betting/bet-history';
import { tfm } from './my-bets-strings';
import styles from './my-bets.module.css';

/**
 * The matches of a bet in a list (issue #15 defect 9): a single names its match; a multiple
 * its first legs and '+N more' for the rest.
 */
export function BetMatches({ bet }: { bet: BetSummary }) {
  if (bet.legs.length === 0) return null;
  const more = bet.selectionsCount - bet.legs.length;
  return (
    <span className={styles.matches} data-testid="bet-matches">
      {bet.legs.map((leg, i) => (
        <span key={i}>
          {leg.eventName} <span className={styles.muted}>· {leg.outcomeName}</span>
        </span>
      ))}
      {more > 0 && <span className={styles.muted}>{tfm('moreLegs', { n: more })}</span>}
    </span>
  );
}
