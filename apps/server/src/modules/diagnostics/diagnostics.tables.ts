import type { ColumnType, Generated } from 'kysely';

/** Migration 0001: what browsers report through `POST /api/client-log`. */
export interface ClientLogsTable {
  id: Generated<number>;
  created_at: Generated<Date>;
  site_id: number;
  kind: string;
  message: string;
  details: ColumnType<unknown, string, string>;
  url: string | null;
  user_agent: string | null;
  ip: string | null;
}
