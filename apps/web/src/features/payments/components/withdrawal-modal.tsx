import { t } from '../payment-strings';
import { useEffect, useState, type FormEvent } from 'react';
import type { LeakyBucketPush } from '@dau/contracts/realtime';
import { NOTIFICATION_TIMEOUT_MS, WITHDRAWAL_PENDING_WAIT_MS } from '@dau/domain/constants';
import type { MobileMoneyProviderId } from '@dau/domain/mobile-money';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { validateWithdrawalAmount } from '@dau/domain/validation';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile-api';
import { currentSite } from '../../../lib/site';
import { ComplianceSection } from '../../../ui/compliance-section';
import { ErrorList, entryMessages, messagesOf } from '../../../ui/error-list';
import { TextField } from '../../../ui/form-field';
import { RichText } from '../../../ui/rich-text/rich-text';
import { useCountryStory, usePaymentLabels, type ComplianceInfo } from '../api/payment-content';
import { checkWithdrawal, fetchWithdrawalCount, postWithdrawal } from '../api/withdrawal';
import { usePaymentsStore } from '../store';
import { PhoneField, usePrimaryPhone } from './payment-fields';
import { ProviderChoice, useProviderChoice } from './provider-choice';
import styles from './payments.module.css';
import { SideModal } from '../../../ui/side-modal';

type Phase = 'idle' | 'submitting' | 'processing';

/** The pushed `LeakyBucket` result, or null after the 10 s the spec waits for it. */
function pushedResult(): Promise<LeakyBucketPush | null> {
  return new Promise((resolve) => {
    const existing = usePaymentsStore.getState().lastWithdrawalResult;
    if (existing) return resolve(existing);
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(null);
    }, WITHDRAWAL_PENDING_WAIT_MS);
    const unsubscribe = usePaymentsStore.subscribe((state) => {
      if (!state.lastWithdrawalResult) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(state.lastWithdrawalResult);
    });
  });
}

/** The country's compliance story (doc 1 §7: `{country}/compliance`), shown above the form. */
export function ComplianceInformation() {
  const story = useCountryStory<ComplianceInfo>('compliance');
  const c = story.data?.content;
  if (story.isPending) return <p className={styles.hint}>{t('loading')}</p>;
  if (!c) return null;
  return (
    <div className={styles.compliance}>
      {c.title && (
        <h3>
          <RichText inline value={c.title} />
        </h3>
      )}
      {c.intro && (
        <p>
          <RichText inline value={c.intro} />
        </p>
      )}
      <RichText value={c.body} />
      {c.fields_note && (
        <p className={styles.hint}>
          <RichText inline value={c.fields_note} />
        </p>
      )}
      {c.regulator_text && (
        <p className={styles.hint}>
          <RichText inline value={c.regulator_text} />
        </p>
      )}
    </div>
  );
}

/**
 * Withdrawal modal (doc 1 §2, §4, §6). On site 4 the compliance flag gates the form: a user who
 * is not compliant sees the compliance information and fields instead, and the form once the
 * profile is complete (the server refuses the payout too).
 */
export function WithdrawalModal({ onClose }: { onClose: () => void }) {
  const site = currentSite();
  const gated = site.features.complianceGatesWithdrawal;
  const profile = useProfile();
  let body;
  if (!gated || profile.data?.isCompliant) body = <WithdrawalSteps onClose={onClose} />;
  else if (profile.data) {
    body = (
      <ComplianceSection site={site} profile={profile.data} info={<ComplianceInformation />} />
    );
  } else if (profile.isError) body = <ErrorList messages={messagesOf(profile.error)} />;
  else body = <p className={styles.hint}>{t('loading')}</p>;
  return (
    <SideModal title={t('payWithdrawal')} onClose={onClose}>
      {body}
    </SideModal>
  );
}

/**
 * Step 1 asks amount and phone (prefilled with the primary mobile, where payouts go) and runs
 * the checks in the spec's order; an empty answer waits up to 10 s for the pushed `LeakyBucket`
 * result; step 2 confirms.
 */
function WithdrawalSteps({ onClose }: { onClose: () => void }) {
  const primaryPhone = usePrimaryPhone();
  const labels = usePaymentLabels().data;
  const [step, setStep] = useState<1 | 2>(1);
  const [typedPhone, setPhone] = useState<string | null>(null);
  const phone = typedPhone ?? primaryPhone;
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  // The amount's own error takes the hint's place under the field, instead of repeating it.
  const [amountError, setAmountError] = useState<string | null>(null);
  const [paymentId, setPaymentId] = useState('');
  const site = currentSite();
  const [picked, setPicked] = useState<MobileMoneyProviderId | null>(null);
  const { provider } = useProviderChoice(phone, site, picked);
  // The 24-hour count is asked as soon as the number is known: once it is reached, Withdraw is
  // disabled and says why, instead of refusing only after the user has filled the form in.
  const [dailyLimitReached, setDailyLimitReached] = useState(false);
  useEffect(() => {
    if (phone === '') return;
    let current = true;
    fetchWithdrawalCount(phone).then(
      (count) => current && setDailyLimitReached(count.isDisableWithdrawButton),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [phone]);
  const notify = usePaymentsStore((s) => s.notify);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateWithdrawalAmount(amount, currentSite().currencyCode);
    setErrors([]);
    if (!check.ok) {
      setAmountError(
        check.code === 'not-whole-number' ? t('payWholeNumbersHint') : t('payAmountInvalid'),
      );
      return;
    }
    setAmountError(null);
    setPhase('submitting');
    const verdict = await checkWithdrawal(phone, amount);
    if (!verdict.ok) {
      setPhase('idle');
      if (verdict.reason === 'daily-limit') {
        setDailyLimitReached(true);
        notify('danger', t('payDailyLimitReached'), NOTIFICATION_TIMEOUT_MS.withdrawalLimit);
      } else if (verdict.reason === 'not-eligible') setErrors([verdict.message]);
      else setErrors(entryMessages(verdict.entries));
      return;
    }
    usePaymentsStore.setState({ lastWithdrawalResult: null });
    try {
      await postWithdrawal({ phone, amount, provider });
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError) setErrors(entryMessages(error.envelope.datasource_entries));
      else throw error;
      return;
    }
    setPhase('processing');
    const pushed = await pushedResult();
    setPhase('idle');
    if (!pushed) {
      setErrors([t('payFrequencyLimit')]);
      return;
    }
    const status = pushed.Value.CMSStatusMsg;
    if (status.hasErrors) {
      setErrors(entryMessages(status.datasource_entries));
      return;
    }
    setPaymentId(pushed.Value.BBPaymentTransactionId);
    notify(
      'success',
      t('payWithdrawalInProgress').replace('{id}', pushed.Value.BBPaymentTransactionId),
      NOTIFICATION_TIMEOUT_MS.withdrawal,
      pushed.Value.BBPaymentTransactionId,
    );
    setStep(2);
  };

  // A payout that fails after the request (provider refused, money returned) replaces the
  // green confirmation: the user must not read "funds should be in your account shortly".
  const failure = usePaymentsStore((state) => {
    if (step !== 2 || paymentId === '') return null;
    const pushed = state.lastWithdrawalResult;
    if (pushed?.Value.BBPaymentTransactionId === paymentId && pushed.Value.CMSStatusMsg.hasErrors) {
      return entryMessages(pushed.Value.CMSStatusMsg.datasource_entries).join(' ');
    }
    return state.failedPayments[paymentId] ?? null;
  });

  if (failure !== null) {
    return (
      <div className={styles.failed} data-step="failed" role="alert">
        <h3>{t('payWithdrawalFailed')}</h3>
        <p>{failure || t('payWithdrawalNotPaid')}</p>
        <button type="button" className={styles.submit} onClick={onClose}>
          {t('close')}
        </button>
      </div>
    );
  }

  return step === 1 ? (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ErrorList messages={errors} />
      {labels?.withdraw_info && <p className={styles.hint}>{labels.withdraw_info}</p>}
      <PhoneField label={t('phoneNumber')} value={phone} onChange={setPhone} />
      <ProviderChoice
        phone={phone}
        site={site}
        picked={picked}
        onPick={setPicked}
        direction="withdrawal"
      />
      <TextField
        label={t('payAmount')}
        name="amount"
        inputMode="numeric"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        hint={t('payWholeNumbersHint')}
        error={amountError}
      />
      {phase === 'processing' && <p role="status">{t('payProcessing')}</p>}
      {dailyLimitReached && (
        <p className={styles.hint} id="withdraw-disabled-reason" data-testid="withdraw-disabled">
          {t('payDailyLimitReached')}
        </p>
      )}
      <button
        type="submit"
        className={styles.submit}
        disabled={phase !== 'idle' || amount === '' || dailyLimitReached}
        aria-describedby={dailyLimitReached ? 'withdraw-disabled-reason' : undefined}
      >
        {phase === 'idle' ? t('payWithdraw') : t('payPleaseWait')}
      </button>
    </form>
  ) : (
    <div className={styles.done} data-step="2">
      <span className={styles.tick} aria-hidden="true">
        ✓
      </span>
      <h3>{t('payWithdrawalRequested')}</h3>
      <dl className={styles.receipt}>
        <dt>{t('payAmount')}</dt>
        <dd>{formatMoney(fromUnits(Number(amount)), currentSite())}</dd>
        <dt>{t('payTo')}</dt>
        <dd>{phone}</dd>
        <dt>{t('payReference')}</dt>
        <dd>{paymentId}</dd>
      </dl>
      <p role="status">{t('payWithdrawalInProgress').replace('{id}', paymentId)}</p>
      <button type="button" className={styles.submit} onClick={onClose}>
        {t('payDone')}
      </button>
    </div>
  );
}
