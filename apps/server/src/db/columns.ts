import type { ColumnType } from 'kysely';

/**
 * Column types every module's tables share. A leaf: it imports nothing of Dau, so a module's
 * `*.tables.ts` can use it without the database layer knowing that module.
 */

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
