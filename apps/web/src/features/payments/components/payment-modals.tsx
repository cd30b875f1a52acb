import { usePaymentsStore } from '../store';
import { DepositModal } from './deposit-modal';
import { WithdrawalModal } from './withdrawal-modal';

/** The deposit or withdrawal modal the store has open (rendered once, by the app's overlays). */
export function PaymentModals() {
  const modal = usePaymentsStore((s) => s.modal);
  const close = usePaymentsStore((s) => s.closeModal);
  if (modal === 'deposit') return <DepositModal onClose={close} />;
  if (modal === 'withdrawal') return <WithdrawalModal onClose={close} />;
  return null;
}
