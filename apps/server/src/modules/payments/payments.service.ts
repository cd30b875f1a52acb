/**
 * The payments module's entry points, one import for routes, the accounts module and tests.
 * The module is split by concern (ADR 131):
 *
 * | file                        | what                                                        |
 * | --------------------------- | ----------------------------------------------------------- |
 * | `payments.context.ts`       | the context (providers, operators, callback URLs), helpers  |
 * | `deposits.service.ts`       | amount and phone checks, provider routing, deposit requests |
 * | `withdrawals.service.ts`    | withdrawal checks and limits, reservation, payouts          |
 * | `payments.settlement.ts`    | the provider-neutral ledger flow: credit, pay out, release  |
 * | `reconciliation.service.ts` | lost callbacks, status queries, deposit expiry              |
 * | `daraja.provider.ts`        | Kenya's M-Pesa adapter (Daraja HTTP)                        |
 * | `daraja.callbacks.ts`       | Daraja's callbacks (STK, C2B, B2C, status results)          |
 * | `daraja.reversals.ts`       | reversing a payout M-Pesa made after Dau refunded it        |
 * | `operator-callbacks.ts`     | the other operators' callbacks through their adapters       |
 * | `*.operator.ts`             | MTN MoMo, Airtel Money, Vodacom M-Pesa adapters             |
 */
export {
  allowAllGamblingGuard,
  type CallbackKind,
  type GamblingGuard,
  type PaymentsContext,
} from './payments.context';
export { parseDepositAmount, requestDeposit } from './deposits.service';
export {
  checkWithdrawalAmount,
  requestWithdrawal,
  withdrawEligibility,
  withdrawalNumberData,
} from './withdrawals.service';
export {
  handleB2cResult,
  handleB2cStatusResult,
  handleC2bConfirmation,
  handleC2bValidation,
  handleStkCallback,
} from './daraja.callbacks';
export { handleReversalResult } from './daraja.reversals';
export { reconcilePayments, type ReconcileSummary } from './reconciliation.service';
