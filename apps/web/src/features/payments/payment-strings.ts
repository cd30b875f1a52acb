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
  payProviderPrompts: '{provider} will send the payment prompt to this number.',
  payProviderPays: '{provider} will pay the money to this number.',
  payProviderPick: 'Pay with',
  payNetworkNotSupported:
    '{network} numbers cannot pay on Dau yet. Use a number of another network.',
  payNumberNotSupported: 'This number cannot pay on Dau. Use a mobile number of this country.',
  payAmountInvalid: 'Please enter a valid amount.',
  payWholeNumbersHint: 'Whole numbers only, no decimals',
  payProcessing: 'Processing transaction...',
  payDailyLimitReached: 'You have reached maximum number of withdrawals for 24 hours.',
  payFrequencyLimit: 'Only one withdrawal is allowed within a 15 minute period.',
  payWithdrawalInProgress:
    'Your withdrawal {id} is in progress. The funds should be in your account shortly!',
  payDepositInProgress:
    'Your deposit {id} is in progress. Your balance will update automatically when finished.',
  payHowToDeposit: 'How to deposit',
  payPayments: 'Payments',
  payLogInToPay: 'Log in to deposit and withdraw.',
  payPending: 'Pending',
  payCompleted: 'Completed',
  payFailed: 'Failed',
  payTypeDeposit: 'Deposit',
  payTypeWithdrawal: 'Withdrawal',
  payTypeBet: 'Bet placed',
  payTypeWin: 'Winnings',
  payTypeBonus: 'Bonus',
  payTypeTax: 'Tax',
  payTypeOther: 'Adjustment',
  payType: 'Type',
  payStatus: 'Status',
  payAll: 'All',
  payNoTransactions: 'No transactions yet.',
  payBalanceAfter: 'Balance after',
  payPrevious: 'Previous',
  payNext: 'Next',
  payPageOf: 'Page {page} of {pages}',
  payWithdrawalFailed: 'Withdrawal failed',
  payWithdrawalNotPaid:
    'Your withdrawal could not be paid out. The amount is back in your balance.',
  payCash: 'Cash',
  payFreeBet: 'Free bet',
  payBonus: 'Bonus',
  payReserved: 'Reserved',
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
  payProviderPrompts: '{provider} itatuma ujumbe wa malipo kwenye namba hii.',
  payProviderPays: '{provider} italipa pesa kwenye namba hii.',
  payProviderPick: 'Lipa kwa',
  payNetworkNotSupported:
    'Namba za {network} bado haziwezi kulipa kwenye Dau. Tumia namba ya mtandao mwingine.',
  payNumberNotSupported: 'Namba hii haiwezi kulipa kwenye Dau. Tumia namba ya simu ya nchi hii.',
  payAmountInvalid: 'Tafadhali weka kiasi sahihi.',
  payWholeNumbersHint: 'Namba kamili tu, bila desimali',
  payProcessing: 'Muamala unashughulikiwa...',
  payDailyLimitReached: 'Umefikia idadi ya juu ya utoaji kwa saa 24.',
  payFrequencyLimit: 'Utoaji mmoja tu unaruhusiwa ndani ya dakika 15.',
  payWithdrawalInProgress:
    'Utoaji wako {id} unaendelea. Pesa itaingia kwenye akaunti yako hivi punde.',
  payDepositInProgress:
    'Uwekaji wako {id} unaendelea. Salio lako litabadilika lenyewe ukikamilika.',
  payHowToDeposit: 'Jinsi ya kuweka pesa',
  payPayments: 'Malipo',
  payLogInToPay: 'Ingia ili kuweka na kutoa pesa.',
  payPending: 'Inasubiri',
  payCompleted: 'Imekamilika',
  payFailed: 'Imeshindikana',
  payTypeDeposit: 'Kuweka pesa',
  payTypeWithdrawal: 'Kutoa pesa',
  payTypeBet: 'Beti imewekwa',
  payTypeWin: 'Ushindi',
  payTypeBonus: 'Bonasi',
  payTypeTax: 'Kodi',
  payTypeOther: 'Marekebisho',
  payType: 'Aina',
  payStatus: 'Hali',
  payAll: 'Zote',
  payNoTransactions: 'Bado hakuna miamala.',
  payBalanceAfter: 'Salio baada',
  payPrevious: 'Iliyotangulia',
  payNext: 'Inayofuata',
  payPageOf: 'Ukurasa {page} kati ya {pages}',
  payWithdrawalFailed: 'Utoaji umeshindikana',
  payWithdrawalNotPaid: 'Utoaji wako haukuweza kulipwa. Kiasi kimerudi kwenye salio lako.',
  payCash: 'Pesa taslimu',
  payFreeBet: 'Beti ya bure',
  payBonus: 'Bonasi',
  payReserved: 'Iliyohifadhiwa',
};

const own = featureStrings(EN, SW);

function isPaymentKey(key: string): key is PaymentKey {
  return Object.hasOwn(EN, key);
}

/** A payment string, or one of the app's shared ones (`deposit`, `phoneNumber`, `close`…). */
export function t(key: PaymentKey | StringKey): string {
  return isPaymentKey(key) ? own.t(key) : coreT(key);
}

/** A payment string with `{name}` placeholders filled in. */
export function tf(key: PaymentKey, values: Record<string, string | number>): string {
  return own.tf(key, values);
}
