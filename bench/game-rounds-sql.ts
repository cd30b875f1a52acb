/**
 * The database's part of a game round alone, for `game-rounds.bench.ts`: a pgbench script whose
 * transaction is one round as the server sends it to PostgreSQL — `casino_debit_credit`
 * (migration 0876; `calls: 2`: `casino_debit` then `casino_credit`, migration 0885) with a fresh
 * round id, a request id per call, a random shard and a win half the time — run by pgbench's C
 * clients. Its rate is what the database does for rounds on this machine with no HTTP and no
 * Node in the way: a ceiling of the HTTP figure.
 */
import {
  JACKPOT_POOLS,
  JACKPOT_SHARE_BPS,
} from '../apps/server/src/modules/casino/jackpot.service';

export interface SqlRoundsSetup {
  providerId: number;
  gameId: number;
  siteId: number;
  /** The players' user ids; pgbench client i plays as userIds[i % n]. */
  userIds: number[];
  /** Statements per round: 1, `casino_debit_credit`; 2, `casino_debit` then `casino_credit`. */
  calls: 1 | 2;
}

/** The pgbench script (`-f`); pgbench substitutes `:client_id`, `:r`, `:shard`, `:won`. */
export function sqlRoundsScript(s: SqlRoundsSetup): string {
  const user = `(array[${s.userIds.join(',')}]::bigint[])[1 + :client_id % ${s.userIds.length}]`;
  const round = `'sql-' || :client_id || '-' || :r`;
  const ok = `jsonb_build_object('status', 'OK')`;
  const debit = [
    `${s.providerId}, 'rq-d-' || :client_id || '-' || :r, ${round} || ':stake', 'fp'`,
    `${user}, ${s.gameId}, true, 1000, 1000000, ${round}, 1000, false, null, '{}'::jsonb`,
    `${ok}, now(), 'bet_casino', 'casino:${s.providerId}:' || ${round} || ':stake', '{}'::jsonb`,
    `array[${user}, null]::bigint[], array['cash', 'bets_in_play']`,
    `array[0, :shard]::smallint[], array[-1000, 1000]::bigint[]`,
  ].join(', ');
  const credit = [
    `${s.providerId}, 'rq-c-' || :client_id || '-' || :r, ${round} || ':win', 'fp'`,
    `${user}, ${s.siteId}, ${s.gameId}, ${round}, 1960 * :won, true, '{}'::jsonb`,
    `${JACKPOT_SHARE_BPS}, ${JACKPOT_POOLS.Major.split}, ${JACKPOT_POOLS.Mega.split}`,
    `${ok}, now(), 'win_casino', 'casino:${s.providerId}:' || ${round} || ':win', '{}'::jsonb`,
    `:shard::smallint`,
  ].join(', ');
  const both = [
    `${s.providerId}, 'rq-' || :client_id || '-' || :r`,
    `${round} || ':stake', 'fp-d', ${round} || ':win', 'fp-c'`,
    `${user}, ${s.siteId}, ${s.gameId}, true, 1000, 1000000, ${round}, 1000, 1960 * :won`,
    `'{}'::jsonb, ${JACKPOT_SHARE_BPS}, ${JACKPOT_POOLS.Major.split}, ${JACKPOT_POOLS.Mega.split}`,
    `${ok}, ${ok}, now()`,
    `'casino:${s.providerId}:' || ${round} || ':stake', '{}'::jsonb`,
    `'casino:${s.providerId}:' || ${round} || ':win', '{}'::jsonb, :shard::smallint`,
  ].join(', ');
  return [
    '\\set r random(1, 999999999999)',
    '\\set shard random(0, 15)',
    '\\set won random(0, 1)',
    ...(s.calls === 1
      ? [`select duplicate from casino_debit_credit(${both});`]
      : [
          `select duplicate from casino_debit(${debit});`,
          `select duplicate from casino_credit(${credit});`,
        ]),
    '',
  ].join('\n');
}
