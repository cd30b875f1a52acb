import { useState, type FormEvent } from 'react';
import type { LeakyBucketPush } from '@dau/contracts/realtime';
import type { ErrorEntry } from '@dau/contracts/errors';
import { NOTIFICATION_TIMEOUT_MS, WITHDRAWAL_PENDING_WAIT_MS } from '@dau/domain/constants';
import {
  PROCESSING_TRANSACTION,
  WITHDRAWAL_DAILY_LIMIT_REACHED,
  WITHDRAWAL_FREQUENCY_LIMIT,
  WITHDRAWAL_WHOLE_NUMBERS_HINT,
  withdrawalInProgressMessage,
} from '@dau/domain/messages';
import { validateWithdrawalAmount } from '@dau/domain/validation';
import { ApiError } from '../../../lib/api-client';
import { checkWithdrawal, postWithdrawal } from '../api/withdrawal';
import { usePaymentsStore } from '../store';
import styles from './payments.module.css';
import { PaymentErrors, PhoneField } from './payment-fields';
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

const entry = (text: string): ErrorEntry => ({
  error_triggered: true,
  value: 'MESSAGE',
  dimension_value: text,
});

/**
 * Withdrawal modal (doc 1 §2, §4): step 1 asks amount and phone and runs the checks in the
 * spec's order; an empty answer waits up to 10 s for the pushed `LeakyBucket` result; step 2
 * confirms.
 */
export function WithdrawalModal({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [errors, setErrors] = useState<ErrorEntry[]>([]);
  const [paymentId, setPaymentId] = useState('');
  const notify = usePaymentsStore((s) => s.notify);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateWithdrawalAmount(amount);
    if (!check.ok) {
      setErrors([entry(check.message ?? 'Please enter a valid amount.')]);
      return;
    }
    setErrors([]);
    setPhase('submitting');
    const verdict = await checkWithdrawal(phone, amount);
    if (!verdict.ok) {
      setPhase('idle');
      if (verdict.reason === 'daily-limit') {
        notify('danger', WITHDRAWAL_DAILY_LIMIT_REACHED, NOTIFICATION_TIMEOUT_MS.withdrawalLimit);
      } else if (verdict.reason === 'not-eligible') setErrors([entry(verdict.message)]);
      else setErrors(verdict.entries);
      return;
    }
    usePaymentsStore.setState({ lastWithdrawalResult: null });
    try {
      await postWithdrawal({ phone, amount });
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError) setErrors(error.envelope.datasource_entries);
      else throw error;
      return;
    }
    setPhase('processing');
    const pushed = await pushedResult();
    setPhase('idle');
    if (!pushed) {
      setErrors([entry(WITHDRAWAL_FREQUENCY_LIMIT)]);
      return;
    }
    const status = pushed.Value.CMSStatusMsg;
    if (status.hasErrors) {
      setErrors(status.datasource_entries.map((e) => ({ ...e, error_triggered: true as const })));
      return;
    }
    setPaymentId(pushed.Value.BBPaymentTransactionId);
    notify(
      'success',
      withdrawalInProgressMessage(pushed.Value.BBPaymentTransactionId),
      NOTIFICATION_TIMEOUT_MS.withdrawal,
    );
    setStep(2);
  };

  return (
    <SideModal title="Withdrawal" onClose={onClose}>
      {step === 1 ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <PaymentErrors errors={errors} />
          <PhoneField value={phone} onChange={setPhone} />
          <label className={styles.label}>
            Amount
            <input
              className={styles.input}
              name="amount"
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <span className={styles.hint}>{WITHDRAWAL_WHOLE_NUMBERS_HINT}</span>
          </label>
          {phase === 'processing' && <p role="status">{PROCESSING_TRANSACTION}</p>}
          <button
            type="submit"
            className={styles.submit}
            disabled={phase !== 'idle' || amount === ''}
          >
            {phase === 'idle' ? 'Withdraw' : 'Please wait…'}
          </button>
        </form>
      ) : (
        <div className={styles.form} data-step="2">
          <p role="status">{withdrawalInProgressMessage(paymentId)}</p>
          <button type="button" className={styles.submit} onClick={onClose}>
            Done
          </button>
        </div>
      )}
    </SideModal>
  );
}
