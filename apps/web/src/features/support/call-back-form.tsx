import { useEffect, useState } from 'react';
import { CALL_BACK_SUCCESS_VIEW_MS, DEFAULT_CALL_BACK_PREFIX } from '@dau/domain/constants';
import { ApiError, apiFetch } from '../../lib/api-client';
import { currentSite } from '../../lib/site';
import styles from './support-widget.module.css';
import { t } from '../../lib/i18n';

interface CallBackAnswer {
  hasErrors: boolean;
  datasource_entries: { dimension_value: string }[];
}

type FormState =
  { kind: 'idle'; error: string | null } | { kind: 'sending' } | { kind: 'sent'; message: string };

/**
 * The call-back request (spec doc 1 §3, §5): the server validates the number; the form shows
 * the first `dimension_value` of an error. The success view resets after 5 minutes or on Close.
 */
export function CallBackForm({
  successViewMs = CALL_BACK_SUCCESS_VIEW_MS,
}: {
  /** How long the success view stays; tests shorten it. */
  successViewMs?: number;
}) {
  const site = currentSite();
  const prefix = site.phonePrefix || DEFAULT_CALL_BACK_PREFIX;
  const [phone, setPhone] = useState(prefix);
  const [state, setState] = useState<FormState>({ kind: 'idle', error: null });

  const sent = state.kind === 'sent';
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      setPhone(prefix);
      setState({ kind: 'idle', error: null });
    }, successViewMs);
    return () => clearTimeout(timer);
  }, [sent, prefix, successViewMs]);

  function reset() {
    setPhone(prefix);
    setState({ kind: 'idle', error: null });
  }

  async function submit() {
    setState({ kind: 'sending' });
    try {
      const answer = await apiFetch<CallBackAnswer>({
        base: 'core',
        path: '/Support/GenerateSupportCallBackRequest',
        body: {
          countryCode: site.countryCode.toUpperCase(),
          siteId: site.siteId,
          phoneNumber: phone,
        },
      });
      setState({
        kind: 'sent',
        message: answer.datasource_entries[0]?.dimension_value ?? t('callBackThanks'),
      });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.envelope.datasource_entries[0]?.dimension_value ?? error.message)
          : t('requestFailed');
      setState({ kind: 'idle', error: message });
    }
  }

  if (state.kind === 'sent') {
    return (
      <div className={styles.sent} role="status">
        <p>{state.message}</p>
        <button type="button" className={styles.submit} onClick={reset}>
          {t('close')}
        </button>
      </div>
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="call-back-phone">{t('phoneNumber')}</label>
      <input
        id="call-back-phone"
        className={styles.input}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {state.kind === 'idle' && state.error && (
        <p className={styles.error} role="alert">
          {state.error}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? t('sending') : t('callMeBack')}
      </button>
    </form>
  );
}
