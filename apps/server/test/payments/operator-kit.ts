import { afterAll, expect } from 'vitest';
import { SITES, type SiteId } from '@dau/domain/sites';
import { createSignedInUser } from '../helpers/factories';
import { fundUser } from '../wallet/ledger-assertions';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { recordPlayedRound, recordingSocket, usePaymentsApp } from './payments-test-kit';

/**
 * The test bed for the operators outside Kenya (MTN MoMo, Airtel Money, Vodacom M-Pesa): the
 * payments app with every built-in operator sandbox, fast sandbox answers, no background
 * reconciliation (tests run it), and users on a given site whose number's prefix picks the
 * operator and whose last four digits pick the sandbox outcome.
 */
export function useOperatorsApp(env: Record<string, string> = {}) {
  const bed = usePaymentsApp({
    OPERATOR_SANDBOX_DELAY_MS: '20',
    PAYMENTS_RECONCILE_INTERVAL_MS: '0',
    PAYMENTS_STALE_AFTER_MS: '1',
    ...env,
  });
  const closers: (() => void)[] = [];
  let sequence = Math.floor(Math.random() * 500);
  const kit = {
    bed,
    /** A signed-in user of `siteId` on `+<cc><prefix>…<suffix>`, listening on a socket. */
    async user(siteId: SiteId, prefix: string, suffix: string, cents = 0) {
      const width = SITES[siteId].nationalNumberLength - prefix.length - suffix.length;
      sequence = (sequence + 1) % 10 ** width;
      const middle = String(sequence).padStart(width, '0');
      const phone = `${SITES[siteId].phonePrefix}${prefix}${middle}${suffix}`;
      const signed = await createSignedInUser(bed.t.deps.db, {
        site_id: siteId,
        phone,
        username: `op${phone.slice(-9)}`,
      });
      if (cents > 0) await fundUser(bed.t.deps.db, signed.user.id, cents);
      if (cents > 0) await recordPlayedRound(bed.t, signed.user.id);
      const socket = await recordingSocket(bed.t, signed.token);
      closers.push(socket.close);
      return { ...signed, phone, socket };
    },
    deposit(cookies: { authBB: string }, body: object) {
      return bed.post('/api/payments/deposit/', cookies, body);
    },
    withdraw(cookies: { authBB: string }, body: object) {
      return bed.post('/api/payments/withdrawal/', cookies, body);
    },
    async payments(userId: number) {
      return bed.t.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
    async payment(publicId: string) {
      return bed.t.deps.db
        .selectFrom('payments')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow();
    },
    async callbacks(kind: string, reference: string) {
      const rows = await bed.t.deps.db
        .selectFrom('payment_callbacks')
        .select('outcome')
        .where('kind', '=', kind)
        .where('reference', '=', reference)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.outcome);
    },
    async cash(userId: number) {
      return (await getBalances(bed.t.deps.db, userId)).cash;
    },
    /** The path of an operator's callback URL on this app. */
    callbackPath(provider: string, siteId: SiteId, kind: 'payment' | 'payout') {
      const url = bed.t.app.payments.operatorCallbackUrl(
        { provider: provider as 'mtn-momo', siteId },
        kind,
      );
      return new URL(url).pathname;
    },
    /** The deposit's credit equals the amount less its tax, and the row says so. */
    async expectCredited(userId: number, publicId: string, before = 0) {
      const row = await kit.payment(publicId);
      expect(row.status).toBe('completed');
      expect(await kit.cash(userId)).toBe(before + Number(row.amount) - Number(row.tax));
      return row;
    },
    close() {
      for (const close of closers) close();
    },
  };
  afterAll(() => kit.close());
  return kit;
}
