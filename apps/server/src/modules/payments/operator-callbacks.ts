import { SITES, type SiteConfig } from '@dau/domain/sites';
import { isMobileMoneyProviderId } from '@dau/domain/mobile-money';
import { AppError } from '../../errors/app-error';
import { settleOperatorDeposit } from './deposits.service';
import { CallbackRejected, type MobileMoneyOperator } from './mobile-money.operator';
import type { PaymentsContext } from './payments.context';
import { findPaymentByPublicId, lockPayment, logCallback } from './payments.repository';
import { settleOperatorPayout } from './withdrawals.service';

/** The operator a callback URL names (`/callbacks/<token>/mtn-momo/ug/payment`). */
export function operatorFromPath(
  ctx: PaymentsContext,
  provider: string,
  countryCode: string,
): MobileMoneyOperator | null {
  if (!isMobileMoneyProviderId(provider) || provider === 'mpesa') return null;
  const site = (Object.values(SITES) as SiteConfig[]).find((s) => s.countryCode === countryCode);
  return site ? ctx.operators.get(provider, site.siteId) : null;
}

/**
 * An operator's callback, as it sends it: read (and its signature checked) by the adapter,
 * then settled by the provider-neutral flow. A callback that is not authentic is a 401, one
 * that names no payment of ours a 404, a malformed one a 400; a duplicate or late one is
 * acknowledged and changes nothing. Every callback is logged with its outcome.
 */
export async function handleOperatorCallback(
  ctx: PaymentsContext,
  operator: MobileMoneyOperator,
  kind: 'payment' | 'payout',
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
): Promise<string> {
  const logKind = `${operator.provider}-${kind}`;
  const log = (reference: string | null, outcome: string) =>
    logCallback(ctx.deps.db, { kind: logKind, reference, body: request.body, outcome });
  let parsed;
  try {
    parsed = operator.parseCallback(kind, request);
  } catch (error) {
    if (!(error instanceof CallbackRejected)) throw error;
    await log(null, 'rejected');
    throw new AppError('UNAUTHENTICATED', [{ code: 'CALLBACK_REJECTED', message: error.message }]);
  }
  if (!parsed) {
    await log(null, 'malformed');
    throw new AppError('VALIDATION_FAILED', [
      { code: 'CALLBACK_MALFORMED', message: `This is not a ${operator.name} callback.` },
    ]);
  }
  const payment =
    (parsed.providerReference
      ? await lockPayment(ctx.deps.db, {
          provider: operator.provider,
          providerReference: parsed.providerReference,
        })
      : undefined) ??
    (parsed.reference ? await findPaymentByPublicId(ctx.deps.db, parsed.reference) : undefined);
  const reference = parsed.providerReference ?? parsed.reference;
  const direction = kind === 'payment' ? 'deposit' : 'withdrawal';
  if (
    !payment ||
    payment.provider !== operator.provider ||
    payment.site_id !== operator.siteId ||
    payment.direction !== direction
  ) {
    await log(reference, 'unknown');
    throw new AppError('NOT_FOUND', [
      { code: 'UNKNOWN_REFERENCE', message: `No ${direction} has the reference ${reference}.` },
    ]);
  }
  const providerReference = payment.provider_reference ?? payment.public_id;
  let told = parsed.outcome;
  if (operator.confirmCallbacksByStatus && told.state === 'succeeded') {
    // An unsigned success: what the operator itself answers decides.
    const ref = { reference: payment.public_id, providerReference };
    told =
      kind === 'payment' ? await operator.paymentStatus(ref) : await operator.payoutStatus(ref);
    if (told.state !== 'succeeded') {
      await log(payment.public_id, `unconfirmed:${told.state}`);
      throw new AppError('CONFLICT', [
        {
          code: 'CALLBACK_NOT_CONFIRMED',
          message: `${operator.name} does not confirm this callback (status: ${told.state}).`,
        },
      ]);
    }
  }
  const outcome =
    kind === 'payment'
      ? await settleOperatorDeposit(ctx, operator, providerReference, told)
      : await settleOperatorPayout(ctx, operator, payment, told);
  await log(payment.public_id, outcome);
  return outcome;
}
