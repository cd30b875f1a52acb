import type { ColumnType, Generated, Selectable } from 'kysely';

export type CallBackStatus = 'pending' | 'called' | 'unreachable';

export interface SupportCallBackRequestsTable {
  id: Generated<number>;
  site_id: number;
  /** E.164, normalised for the site. */
  phone: string;
  /** The signed-in user who asked, when there was one. */
  user_id: number | null;
  status: ColumnType<CallBackStatus, CallBackStatus | undefined, CallBackStatus>;
  /** Asked while support was open; otherwise the call is due when it opens. */
  within_hours: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type SupportCallBackRequest = Selectable<SupportCallBackRequestsTable>;

export type DeletionStatus = 'pending' | 'completed' | 'withdrawn';

export interface AccountDeletionRequestsTable {
  id: Generated<number>;
  user_id: number;
  site_id: number;
  reason: string | null;
  status: ColumnType<DeletionStatus, DeletionStatus | undefined, DeletionStatus>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type AccountDeletionRequest = Selectable<AccountDeletionRequestsTable>;
