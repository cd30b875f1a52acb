/**
 * How the Daraja sandbox decides what happens to a request: by the last four digits of the
 * customer's phone number. Every other number succeeds after the configured delay.
 */
export const SANDBOX_OUTCOME_SUFFIX = {
  /** STK: the user pressed Cancel (ResultCode 1032). */
  cancelled: '1032',
  /** STK: the phone cannot be reached (1037), and no callback ever comes. B2C: queue timeout. */
  unreachable: '1037',
  /** STK: wrong PIN (2001). B2C: the initiator information is invalid (2001). */
  wrongPin: '2001',
  /** Insufficient funds (ResultCode 1), on the customer's (STK) or the business' (B2C) side. */
  insufficientFunds: '1001',
  /** Success, but the callback is delivered three times. */
  duplicateCallback: '3333',
  /**
   * Success, but the callback is lost on the way (STK and B2C): only a status query (STK query,
   * TransactionStatusQuery) tells Dau what happened.
   */
  callbackLost: '4040',
  /**
   * B2C: the queue gives up on the payout (QueueTimeOutURL), then M-Pesa pays it out after all
   * and posts the result: a payout Dau already gave back, which Dau must reverse.
   */
  timeoutThenPaid: '1038',
  /**
   * STK: the customer is prompted and pays (the callback comes as usual), but the answer to the
   * push itself never comes: the request is held until Dau gives up (DARAJA_TIMEOUT_MS). Dau
   * must keep the deposit pending and credit it from the callback (ADR 126).
   */
  pushTimeout: '0504',
} as const;

export type SandboxOutcome = keyof typeof SANDBOX_OUTCOME_SUFFIX | 'success';

export function sandboxOutcome(phone: string): SandboxOutcome {
  for (const [outcome, suffix] of Object.entries(SANDBOX_OUTCOME_SUFFIX)) {
    if (phone.endsWith(suffix)) return outcome as SandboxOutcome;
  }
  return 'success';
}
