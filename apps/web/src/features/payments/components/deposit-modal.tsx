import { t } from '../payment-strings';
import { useState, type FormEvent } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from '@dau/domain/constants';
import { currency } from '@dau/domain/currency';
import { parseAmount } from '@dau/domain/amount-input';
import { validateDepositPhone } from '@dau/domain/validation';
import { COOKIES } from '@dau/contracts/http';
import { trackEvent } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { useSessionStore } from '../../../lib/session-store';
import { currentSite } from '../../../lib/site';
import { ErrorList, entryMessages } from '../../../ui/error-list';
import { useDeposit } from '../api/deposit';
import { usePaymentLabels } from '../api/payment-content';
import { depositSettings } from '../deposit-settings';
import { usePaymentsStore } from '../store';
import { DepositInstructionsBlock } from './deposit-instructions';
import { PhoneField, usePrimaryPhone } from './payment-fields';
import { ProviderChoice, useProviderChoice } from './provider-choice';
import type { MobileMoneyProviderId } from '@dau/domain/mobile-money';
import styles from './payments.module.css';
import { SideModal } from '../../../ui/side-modal';
import { TextField } from '../../../ui/form-field';

/**
 * Deposit modal (doc 1 §2, §4, §5): phone prefilled with the primary mobile, decimal amount,
 * presets and minimum from the content labels, the instructions story and, on site 2, the
 * paybill number.
 */
export function DepositModal({ onClose }: { onClose: () => void }) {
  const site = currentSite();
  const primaryPhone = usePrimaryPhone();
  const labels = usePaymentLabels().data;
  const { minimum, presets } = depositSettings(labels, site);
  // null until the user edits it: the primary mobile shows once the profile is in.
  const [typedPhone, setPhone] = useState<string | null>(null);
  const phone = typedPhone ?? primaryPhone;
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [picked, setPicked] = useState<MobileMoneyProviderId | null>(null);
  const { provider } = useProviderChoice(phone, site, picked);
  const deposit = useDeposit();
  const notify = usePaymentsStore((s) => s.notify);

  const parsed = parseAmount(amount, site.currencyCode);
  const cents = parsed.ok ? parsed.cents : null;
  const belowMinimum = cents === null || cents < minimum;
  // Too many decimals for the currency is said at once, under the field (no decimals in UGX/TZS).
  const wholeUnits = currency(site.currencyCode).exponent === 0;
  const amountError =
    !parsed.ok && parsed.code === 'too-many-decimals'
      ? t(wholeUnits ? 'payWholeAmount' : 'payTwoDecimals')
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const phoneCheck = validateDepositPhone(phone);
    setErrors([]);
    // The phone's own error shows under the phone field, tied to it.
    setPhoneError(phoneCheck.ok ? null : (phoneCheck.message ?? ''));
    if (!phoneCheck.ok) return;
    try {
      const result = await deposit.mutateAsync({ phone: phoneCheck.value, amount, provider });
      notify(
        'success',
        t('payDepositInProgress').replace('{id}', result.bbPaymentTransactionId),
        NOTIFICATION_TIMEOUT_MS.deposit,
        result.bbPaymentTransactionId,
      );
      trackEvent({
        event: 'deposit_initiated',
        user_id: useSessionStore.getState().extId ?? '',
        value: Number(amount),
        click_id: readCookie(COOKIES.clickId),
      });
      setAmount('');
      onClose();
    } catch (error) {
      // Failed payment calls are logged by the API client; the envelope lists what to fix.
      if (error instanceof ApiError) setErrors(entryMessages(error.envelope.datasource_entries));
      else throw error;
    }
  };

  return (
    <SideModal title={labels?.deposit_title || t('deposit')} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <ErrorList messages={errors} />
        <PhoneField
          label={labels?.deposit_phone_label || t('phoneNumber')}
          value={phone}
          onChange={setPhone}
          error={phoneError}
        />
        <ProviderChoice
          phone={phone}
          site={site}
          picked={picked}
          onPick={setPicked}
          direction="deposit"
        />
        <TextField
          label={`${labels?.deposit_amount_label || t('payAmount')} (${site.currencySymbol})`}
          name="amount"
          inputMode={wholeUnits ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError}
        />
        <div className={styles.presets}>
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className={styles.preset}
              aria-pressed={cents === preset * 100}
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
          aria-busy={deposit.isPending}
        >
          {deposit.isPending ? (
            <span className={styles.loader} aria-label={t('payPleaseWait')} />
          ) : (
            labels?.deposit_button || t('deposit')
          )}
        </button>
      </form>
      <DepositInstructionsBlock site={site} provider={provider} />
    </SideModal>
  );
}
