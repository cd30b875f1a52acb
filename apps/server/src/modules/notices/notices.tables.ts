import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns';

/** Migration 0850: site-wide critical notices (issue #15 item 14); withdrawn ones stay as history. */
export interface SiteNoticesTable {
  id: Generated<number>;
  site_id: number;
  kind: string;
  message: string;
  raised_at: Timestamp;
  withdrawn_at: Timestamp | null;
}
