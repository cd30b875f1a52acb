import {
  DEPOSIT_MINIMUM,
  DEPOSIT_MIN_BALANCE_NOTIFY,
  PRESET_DEPOSIT_AMOUNTS,
} from '@dau/domain/constants';
import { parseMoney, type Cents } from '@dau/domain/money';

export interface DepositSettings {
  minimum: Cents;
  /** Preset amounts in whole currency units. */
  presets: number[];
}

/**
 * The deposit minimum and presets from the content labels (doc 1 §5): `deposit_min` (default 2)
 * and `deposit_presets` ("1,5,10,20") or `deposit_amount_1`..`_4`; a missing or malformed label
 * keeps the spec's default.
 */
export function depositSettings(labels: Record<string, string> | undefined): DepositSettings {
  const min = labels?.deposit_min ? parseMoney(labels.deposit_min.trim()) : null;
  const listed = (labels?.deposit_presets ?? '').split(',');
  const numbered = [1, 2, 3, 4].map((i) => labels?.[`deposit_amount_${i}`] ?? '');
  const parse = (values: string[]) =>
    values.map((v) => Number(v.trim())).filter((v) => Number.isFinite(v) && v > 0);
  const presets = parse(listed).length > 0 ? parse(listed) : parse(numbered);
  return {
    minimum: min !== null && min > 0 ? min : DEPOSIT_MINIMUM,
    presets: presets.length > 0 ? presets : [...PRESET_DEPOSIT_AMOUNTS],
  };
}

/** The cash balance below which the balance notice shows: `deposit_min_bal_notify` (default 1). */
export function lowBalanceThreshold(labels: Record<string, string> | undefined): Cents {
  const value = labels?.deposit_min_bal_notify ? parseMoney(labels.deposit_min_bal_notify) : null;
  return value ?? DEPOSIT_MIN_BALANCE_NOTIFY;
}
