import { coerceStake } from '@dau/domain/betslip-state';
import type { Cents } from '@dau/domain/money';
import { toUnitsString } from '@dau/domain/money';
import { useState } from 'react';
import styles from './betslip.module.css';

/** A stake field: text as typed, the slip keeps the coerced cents (doc 2 §5). */
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
  const [text, setText] = useState(() => toUnitsString(value));
  const [shown, setShown] = useState(value);
  // A quick amount changes the stake from outside: show it (adjusting state during render).
  if (shown !== value) {
    setShown(value);
    if (coerceStake(text) !== value) setText(toUnitsString(value));
  }
  return (
    <label className={styles.stake} data-optional={optional || undefined}>
      {label}
      <input
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
      />
    </label>
  );
}
