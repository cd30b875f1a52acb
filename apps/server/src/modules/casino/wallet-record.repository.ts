import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database';
import { preparePosting, type LedgerEntryInput } from '../wallet/ledger.service';
import { ledgerPostCall } from '../wallet/wallet.repository';
import type { WalletProvider } from './game-wallet.types';
import type { WalletTransactionKind } from './wallet.tables';

/** A money call's ledger posting, keyed by the provider's transaction id (posted once). */
export function casinoPosting(
  provider: WalletProvider,
  player: { id: number },
  call: { roundId: string; transactionId: string },
  kind: string,
  game: string | null,
  entries: LedgerEntryInput[],
): RawBuilder<unknown> {
  return ledgerPostCall(
    preparePosting({
      kind,
      idempotencyKey: `casino:${provider.id}:${call.transactionId}`,
      userId: player.id,
      entries,
      meta: {
        provider: provider.slug,
        ...(game ? { game } : {}),
        roundId: call.roundId,
        transactionId: call.transactionId,
      },
    }),
  );
}

/**
 * A money call's last statement: its ledger posting (`ledger_post`; none when nothing moves), its
 * round's update (credit), and its stored answer — the response with the player's cash after the
 * posting and the ledger transaction's id — in one round trip. Answers the response and the
 * player's account balances after it (for the push after the commit).
 */
export async function recordCall(
  db: DbOrTx,
  values: {
    posting: RawBuilder<unknown> | null;
    roundUpdate: RawBuilder<unknown> | null;
    providerId: number;
    transactionId: string;
    roundPk: number;
    userId: number;
    kind: WalletTransactionKind;
    amount: number;
    referenceTransactionId: string | null;
    fingerprint: string;
    /** The response without `balance` and `walletTransactionId`, which the statement adds. */
    response: Record<string, unknown>;
    now: Date;
  },
): Promise<{ response: Record<string, unknown>; balances: Record<string, number> }> {
  const posted = values.posting
    ? sql`select transaction_id, account_user_id, account_kind, account_balance
          from ${values.posting}`
    : sql`select null::bigint as transaction_id, null::bigint as account_user_id,
            null::text as account_kind, null::bigint as account_balance where false`;
  const round = values.roundUpdate ? sql`, round as (${values.roundUpdate})` : sql``;
  const { rows } = await sql<{
    response: Record<string, unknown>;
    balances: Record<string, number>;
  }>`
    with posted as materialized (${posted})${round},
    mine as (
      select coalesce((select jsonb_object_agg(a.kind, a.balance) from ledger_accounts a
                       where a.user_id = ${values.userId}), '{}'::jsonb)
          || coalesce((select jsonb_object_agg(p.account_kind, p.account_balance) from posted p
                       where p.account_user_id = ${values.userId}), '{}'::jsonb) as balances,
        (select p.transaction_id from posted p limit 1) as ledger_id),
    answer as (
      select m.balances, m.ledger_id,
        ${JSON.stringify(values.response)}::jsonb || jsonb_build_object(
          'balance', coalesce((m.balances->>'cash')::bigint, 0),
          'walletTransactionId', coalesce(m.ledger_id::text, ${`round-${values.roundPk}`}::text)
        ) as response
      from mine m),
    stored as (
      insert into casino_transactions (provider_id, transaction_id, round_pk, user_id, kind, amount,
        reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at)
      select ${values.providerId}, ${values.transactionId}, ${values.roundPk}, ${values.userId},
        ${values.kind}, ${values.amount}, ${values.referenceTransactionId}::text, a.ledger_id,
        ${values.fingerprint}, a.response, ${values.now}
      from answer a
      returning response)
    select s.response, a.balances from stored s cross join answer a`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('recordCall answered nothing');
  return row;
}

/** A credit's change to its round, for `recordCall`. */
export function creditRoundUpdate(
  roundPk: number,
  set: {
    win: number;
    details: Record<string, unknown> | undefined;
    settle: { contribution: number; jackpotWin: number } | null;
    now: Date;
  },
): RawBuilder<unknown> {
  const settle = set.settle;
  return sql`update casino_rounds set
      win = win + ${set.win},
      details = details || ${JSON.stringify(set.details ?? {})}::jsonb,
      status = case when ${settle !== null}::boolean then 'settled' else status end,
      closed_at = case when ${settle !== null}::boolean then ${set.now}::timestamptz else closed_at end,
      jackpot_contribution = coalesce(${settle?.contribution ?? null}::bigint, jackpot_contribution),
      jackpot_win = coalesce(${settle?.jackpotWin ?? null}::bigint, jackpot_win),
      updated_at = ${set.now}
    where id = ${roundPk}`;
}
