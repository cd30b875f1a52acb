import { DepositModal } from './components/deposit-modal';
import { PaymentNotices } from './components/payment-notices';
import { WithdrawalModal } from './components/withdrawal-modal';
import { usePaymentPushes } from './hooks/use-payment-pushes';
import { usePaymentsStore } from './store';

/**
 * The deposit and withdrawal modals, payment notices, coin animation and payment pushes for a
 * signed-in user on every page (doc 1 §2: the modals render only when signed in). Any feature
 * opens a modal with `usePaymentsStore.getState().openModal('deposit' | 'withdrawal')`.
 */
export function PaymentModalsHost() {
  const modal = usePaymentsStore((s) => s.modal);
  const close = usePaymentsStore((s) => s.closeModal);
  usePaymentPushes(true);
  return (
    <>
      {modal === 'deposit' && <DepositModal onClose={close} />}
      {modal === 'withdrawal' && <WithdrawalModal onClose={close} />}
      <PaymentNotices />
    </>
  );
}
