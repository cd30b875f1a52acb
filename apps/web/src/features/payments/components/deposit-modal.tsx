import { useState, type FormEvent } from 'react';
import type { ErrorEntry } from '@dau/contracts/errors';
import {
  DEPOSIT_MINIMUM,
  NOTIFICATION_TIMEOUT_MS,
  PRESET_DEPOSIT_AMOUNTS,
} from '@dau/domain/constants';
import { depositInProgressMessage } from '@dau/domain/messages';
import { parseMoney } from '@dau/domain/money';
import { validateDepositPhone } from '@dau/domain/validation';
import { ApiError } from '../../../lib/api-client';
import { currentSite } from '../../../lib/site';
import { useDeposit } from '../api/deposit';
import { usePaymentsStore } from '../store';
import styles from './payments.module.css';
import { PaymentErrors, PhoneField } from './payment-fields';
import { SideModal } from '../../../ui/side-modal';

/** Deposit modal (doc 1 §2, §4): phone, decimal amount, presets, minimum, paybill on site 2. */
export function DepositModal({ onClose }: { onClose: () => void }) {
  const site = currentSite();
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<ErrorEntry[]>([]);
  const deposit = useDeposit();
  const notify = usePaymentsStore((s) => s.notify);

  const cents = parseMoney(amount);
  const belowMinimum = cents === null || cents < DEPOSIT_MINIMUM;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const phoneCheck = validateDepositPhone(phone);
    if (!phoneCheck.ok) {
      setErrors([
        {
          error_triggered: true,
          value: 'PHONE_REQUIRED',
          dimension_value: phoneCheck.message ?? '',
        },
      ]);
      return;
    }
    setErrors([]);
    try {
      const result = await deposit.mutateAsync({ phone: phoneCheck.value, amount });
      notify(
        'success',
        depositInProgressMessage(result.bbPaymentTransactionId),
        NOTIFICATION_TIMEOUT_MS.deposit,
      );
      setAmount('');
      onClose();
    } catch (error) {
      // Failed payment calls are logged by the API client; the envelope lists what to fix.
      if (error instanceof ApiError) setErrors(error.envelope.datasource_entries);
      else throw error;
    }
  };

  return (
    <SideModal title="Deposit" onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <PaymentErrors errors={errors} />
        <PhoneField value={phone} onChange={setPhone} />
        <label className={styles.label}>
          Amount ({site.currencySymbol})
          <input
            className={styles.input}
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <div className={styles.presets}>
          {PRESET_DEPOSIT_AMOUNTS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={styles.preset}
              onClick={() => setAmount(String(preset))}
            >
              {preset}
            </button>
          ))}
        </div>
        <button
          type="submit"
          className={styles.submit}
          disabled={belowMinimum || deposit.isPending}
        >
          {deposit.isPending ? 'Please wait…' : 'Deposit'}
        </button>
        {site.features.paybillNumber && (
          <p className={styles.paybill}>
            Or pay with M-Pesa paybill <strong>{site.features.paybillNumber}</strong>, using your
            phone number or username as the account number.
          </p>
        )}
      </form>
    </SideModal>
  );
}
