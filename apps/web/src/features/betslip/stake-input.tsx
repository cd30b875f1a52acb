import { coerceStake, stakeTextProblem } from '@dau/domain/betslip-state';
import type { Cents } from '@dau/domain/money';
import { toAmountText } from '@dau/domain/amount-input';
import { currency } from '@dau/domain/currency';
import { currentSite } from '../../lib/site';
import { useId, useState } from 'react';
import { ts } from './slip-strings';
import styles from './betslip.module.css';

/**
 * A stake field: text as typed, the slip keeps the coerced cents (doc 2 §5). What cannot be a
 * stake gets a sentence here, before it reaches the server (issue #15 defect 7).
 */
export function StakeInput({
  label,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  value: Cents;
  onChange: (value: string) => void;
  /** A free-bet stake may be left empty (it then counts as 0). */
  optional?: boolean;
}) {
  // Stakes in the site's currency: whole shillings in Uganda and Tanzania (ADR 140).
  const { currencyCode } = currentSite();
  const [text, setText] = useState(() => toAmountText(value, currencyCode));
  const errorId = useId();
  const [shown, setShown] = useState(value);
  // A quick amount changes the stake from outside: show it (adjusting state during render).
  if (shown !== value) {
    setShown(value);
    if (coerceStake(text, currencyCode) !== value) setText(toAmountText(value, currencyCode));
  }
  const problem = stakeTextProblem(text, optional);
  return (
    <>
      <label className={styles.stake} data-optional={optional || undefined}>
        {label}
        <input
          inputMode={currency(currencyCode).exponent === 0 ? 'numeric' : 'decimal'}
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            onChange(e.target.value);
          }}
        />
      </label>
      {problem && (
        <p className={styles.message} id={errorId} role="alert">
          {ts(
            problem === 'zero'
              ? 'stakeZero'
              : problem === 'tooManyDecimals'
                ? 'stakeDecimals'
                : 'stakeNotNumber',
          )}
        </p>
      )}
    </>
  );
}
