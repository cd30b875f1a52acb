import type {
  ResponsibleGamblingPeriod,
  ResponsibleGamblingState,
} from '@dau/contracts/accounts/responsible-gambling';
import type { UserSettings } from '@dau/contracts/accounts/settings';
import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import styles from '../account-forms.module.css';
import { useSettings, useUpdateSettings } from '../api/settings';
import { ErrorList, messagesOf } from '../../../ui/error-list';
import type { BreakStartedState } from './break-notice';

const TOGGLES: { key: keyof UserSettings; label: string }[] = [
  { key: 'isAcceptChanges', label: 'Accept odds changes automatically' },
  { key: 'saveData', label: 'Data-saving mode (fewer images and live updates)' },
  { key: 'compactMode', label: 'Compact mode' },
  { key: 'notifyBetSettled', label: 'Tell me when a bet settles' },
  { key: 'notifyDeposits', label: 'Tell me about deposits and withdrawals' },
  { key: 'notifyPromotions', label: 'Promotions and offers' },
];

export function SettingsSection() {
  const settings = useSettings();
  const update = useUpdateSettings();
  return (
    <>
      <section className={styles.section} aria-label="Settings">
        {settings.isPending && <p>Loading…</p>}
        {settings.data &&
          TOGGLES.map(({ key, label }) => (
            <label key={key} className={styles.check}>
              <input
                type="checkbox"
                role="switch"
                name={key}
                checked={settings.data.settings[key]}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ [key]: e.target.checked })}
              />
              {label}
            </label>
          ))}
        <ErrorList
          messages={[
            ...(settings.isError ? messagesOf(settings.error) : []),
            ...(update.isError ? messagesOf(update.error) : []),
          ]}
        />
      </section>
      <ResponsibleGambling />
    </>
  );
}

const PERIODS: { value: ResponsibleGamblingPeriod; label: string }[] = [
  { value: '24h', label: 'A 24-hour break' },
  { value: '7d', label: 'A 7-day break' },
  { value: '30d', label: 'A 30-day break' },
  { value: '6m', label: 'Self-exclusion for 6 months' },
];

/**
 * Take a break or self-exclude; the server ends the session, and until the period ends a login
 * only allows withdrawing and viewing transactions.
 */
function ResponsibleGambling() {
  const navigate = useNavigate();
  const [period, setPeriod] = useState<ResponsibleGamblingPeriod>('24h');
  const [confirm, setConfirm] = useState(false);
  const start = useMutation({
    mutationFn: () =>
      apiFetch<ResponsibleGamblingState>({
        base: 'core',
        path: ACCOUNT_CORE_PATHS.responsibleGambling,
        body: { period, confirm: true },
      }),
    onSuccess: (answer) => {
      // The server ended every session: say so on the login page, with the limit's end.
      useSessionStore.getState().clearSession();
      const state: BreakStartedState | null = answer.active
        ? { limitStarted: answer.active }
        : null;
      navigate('/login', { replace: true, state });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm) start.mutate();
  }
  return (
    <form className={styles.section} onSubmit={submit} aria-label="Take a break">
      <h2>Take a break</h2>
      <p>
        During a break or self-exclusion you cannot deposit or bet; you can still log in to withdraw
        your balance and see your transactions. It cannot be shortened or lifted early.
      </p>
      <label className={styles.label}>
        Period
        <select
          className={styles.input}
          name="period"
          value={period}
          onChange={(e) => setPeriod(e.target.value as ResponsibleGamblingPeriod)}
        >
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="confirm"
          checked={confirm}
          onChange={(e) => setConfirm(e.target.checked)}
        />
        I understand that this cannot be undone early
      </label>
      <ErrorList messages={start.isError ? messagesOf(start.error) : []} />
      <button type="submit" className={styles.secondary} disabled={!confirm || start.isPending}>
        Start
      </button>
    </form>
  );
}
