import { t } from '../payment-strings';
import { useState, type FormEvent } from 'react';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { currentSite } from '../../../lib/site';
import { siteDateTime } from '../../../lib/site-clock';
import { ErrorList, messagesOf } from '../../../ui/error-list';
import {
  useDepositLimits,
  useSetDepositLimits,
  type DepositLimits,
  type DepositLimitsRequest,
} from '../api/deposit-limits';
import styles from './payments.module.css';

const PERIODS = [
  { period: 'daily', label: 'payDailyLimit' },
  { period: 'weekly', label: 'payWeeklyLimit' },
  { period: 'monthly', label: 'payMonthlyLimit' },
] as const;

type Period = (typeof PERIODS)[number]['period'];
type Draft = Record<Period, string>;

function draftOf(data: DepositLimits | undefined): Draft {
  const value = (p: Period) => {
    const amount = data?.limits.find((l) => l.period === p)?.amount;
    return amount === null || amount === undefined ? '' : String(amount);
  };
  return { daily: value('daily'), weekly: value('weekly'), monthly: value('monthly') };
}

const money = (units: number) => formatMoney(fromUnits(units), currentSite());

/** '22 Nov, 14:05': when a raised limit applies, in the site's clock. */
const when = (iso: string) => siteDateTime(iso, { withYear: false });

/**
 * Deposit limits (responsible gambling): daily, weekly and monthly. Lowering applies at once;
 * raising or removing one waits 24 hours, and the form says from when.
 */
export function DepositLimitsForm() {
  const limits = useDepositLimits();
  const save = useSetDepositLimits();
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown = draft ?? draftOf(limits.data);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: DepositLimitsRequest = {};
    for (const { period } of PERIODS) {
      const before = draftOf(limits.data)[period];
      const now = shown[period].trim();
      if (now !== before) body[period] = now === '' ? null : now;
    }
    save.mutate(body, { onSuccess: () => setDraft(null) });
  }

  return (
    <form className={styles.limits} onSubmit={submit} aria-label={t('payDepositLimits')}>
      <h2>{t('payDepositLimits')}</h2>
      <p className={styles.hint}>{t('payLimitsHint')}</p>
      {limits.isPending && <p className={styles.hint}>{t('loading')}</p>}
      <ErrorList messages={limits.isError ? messagesOf(limits.error) : []} />
      {limits.data &&
        PERIODS.map(({ period, label }) => {
          const row = limits.data.limits.find((l) => l.period === period);
          return (
            <label key={period} className={styles.label}>
              {t(label)} ({currentSite().currencySymbol})
              <input
                className={styles.input}
                name={period}
                inputMode="decimal"
                placeholder={t('payNoLimit')}
                value={shown[period]}
                onChange={(e) => setDraft({ ...shown, [period]: e.target.value })}
              />
              {row?.pendingFrom && (
                <span className={styles.hint}>
                  {row.pendingAmount === null ? t('payNoLimit') : money(row.pendingAmount)}{' '}
                  {t('payFrom')} {when(row.pendingFrom)}
                </span>
              )}
            </label>
          );
        })}
      <ErrorList messages={save.isError ? messagesOf(save.error) : []} />
      {save.isSuccess && !draft && (
        <p role="status" className={styles.hint}>
          {t('payLimitsSaved')}
        </p>
      )}
      {limits.data && (
        <button type="submit" className={styles.secondary} disabled={save.isPending || !draft}>
          {t('paySaveLimits')}
        </button>
      )}
    </form>
  );
}
