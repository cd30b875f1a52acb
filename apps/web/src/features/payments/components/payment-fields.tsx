import type { ErrorEntry } from '@dau/contracts/errors';
import styles from './payments.module.css';

/** The server's refusals, listed in an alert (spec doc 1 §8: dimension_value of each entry). */
export function PaymentErrors({ errors }: { errors: readonly ErrorEntry[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className={styles.alert} role="alert">
      {errors.map((e, i) => (
        <li key={i}>{e.dimension_value}</li>
      ))}
    </ul>
  );
}

/** The mobile-money phone number field shared by the deposit and withdrawal forms. */
export function PhoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <label className={styles.label}>
      Phone number
      <input
        className={styles.input}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
