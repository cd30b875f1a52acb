import { featureStrings, t as coreT, type StringKey } from '../../lib/i18n';

/**
 * The payment screens' own words (issues #9, #16), English and Swahili. They load with the
 * payments chunk, not with the first load of `/`; `t` also answers the app's shared words.
 */
const EN = {
  payAmount: 'Amount',
  payWithdrawal: 'Withdrawal',
  payWithdraw: 'Withdraw',
  payPleaseWait: 'Please wait…',
  payDone: 'Done',
  payWithdrawalRequested: 'Withdrawal requested',
  payTo: 'To',
  payReference: 'Reference',
  payPaybill: 'M-Pesa Paybill',
  payAccountNumberHint: 'Account number: your phone number',
  payInstructionsLoading: 'Loading instructions…',
  payInstructionsFailed: 'The deposit instructions could not be loaded.',
  payDepositLimits: 'Deposit limits',
  payLimitsHint:
    'A lower limit applies at once. A higher limit, or removing one, applies after 24 hours.',
  payDailyLimit: 'Daily limit',
  payWeeklyLimit: 'Weekly limit',
  payMonthlyLimit: 'Monthly limit',
  payNoLimit: 'No limit',
  payFrom: 'from',
  paySaveLimits: 'Save limits',
  payLimitsSaved: 'Your deposit limits are saved.',
  payWholeAmount: 'Enter a whole amount, without decimals.',
  payTwoDecimals: 'Enter an amount with at most two decimals.',
};

type PaymentKey = keyof typeof EN;

const SW: Record<PaymentKey, string> = {
  payAmount: 'Kiasi',
  payWithdrawal: 'Utoaji',
  payWithdraw: 'Toa Pesa',
  payPleaseWait: 'Tafadhali subiri…',
  payDone: 'Sawa',
  payWithdrawalRequested: 'Ombi la kutoa pesa limetumwa',
  payTo: 'Kwa',
  payReference: 'Kumbukumbu',
  payPaybill: 'M-Pesa Paybill',
  payAccountNumberHint: 'Namba ya akaunti: namba yako ya simu',
  payInstructionsLoading: 'Inapakia maelekezo…',
  payInstructionsFailed: 'Maelekezo ya kuweka pesa hayakuweza kupakiwa.',
  payDepositLimits: 'Vikomo vya kuweka pesa',
  payLimitsHint:
    'Kikomo cha chini kinaanza mara moja. Kikomo cha juu, au kuondoa kikomo, kinaanza baada ya saa 24.',
  payDailyLimit: 'Kikomo cha siku',
  payWeeklyLimit: 'Kikomo cha wiki',
  payMonthlyLimit: 'Kikomo cha mwezi',
  payNoLimit: 'Hakuna kikomo',
  payFrom: 'kuanzia',
  paySaveLimits: 'Hifadhi vikomo',
  payLimitsSaved: 'Vikomo vyako vimehifadhiwa.',
  payWholeAmount: 'Weka kiasi kamili, bila desimali.',
  payTwoDecimals: 'Weka kiasi chenye desimali zisizozidi mbili.',
};

const own = featureStrings(EN, SW);

function isPaymentKey(key: string): key is PaymentKey {
  return Object.hasOwn(EN, key);
}

/** A payment string, or one of the app's shared ones (`deposit`, `phoneNumber`, `close`…). */
export function t(key: PaymentKey | StringKey): string {
  return isPaymentKey(key) ? own.t(key) : coreT(key);
}
