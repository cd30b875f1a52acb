import { t, type AccountKey } from '../account-strings';
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
import { Form } from '../../../ui/form';

const TOGGLES: { key: keyof UserSettings; label: AccountKey }[] = [
  { key: 'isAcceptChanges', label: 'settingAcceptChanges' },
  { key: 'saveData', label: 'settingSaveData' },
  { key: 'compactMode', label: 'settingCompactMode' },
  { key: 'notifyBetSettled', label: 'settingNotifyBetSettled' },
  { key: 'notifyDeposits', label: 'settingNotifyDeposits' },
  { key: 'notifyPromotions', label: 'settingNotifyPromotions' },
];

export function SettingsSection() {
  const settings = useSettings();
  const update = useUpdateSettings();
  return (
    <>
      <section className={styles.section} aria-label={t('settingsTitle')}>
        {settings.isPending && <p>{t('loading')}</p>}
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
              {t(label)}
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

const PERIODS: { value: ResponsibleGamblingPeriod; label: Parameters<typeof t>[0] }[] = [
  { value: '24h', label: 'break24h' },
  { value: '7d', label: 'break7d' },
  { value: '30d', label: 'break30d' },
  { value: '6m', label: 'exclusion6m' },
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
    <Form className={styles.section} onSubmit={submit} aria-label={t('takeABreak')}>
      <h2>{t('takeABreak')}</h2>
      <p>{t('breakExplained')}</p>
      <label className={styles.label}>
        {t('period')}
        <select
          className={styles.input}
          name="period"
          value={period}
          onChange={(e) => setPeriod(e.target.value as ResponsibleGamblingPeriod)}
        >
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {t(p.label)}
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
        {t('understandNoUndo')}
      </label>
      <ErrorList messages={start.isError ? messagesOf(start.error) : []} />
      <button type="submit" className={styles.secondary} disabled={!confirm || start.isPending}>
        {t('start')}
      </button>
    </Form>
  );
}
