import type { DbOrTx } from '../../db/database';
import type { SmsProvider, SmsPurpose } from './sms-provider';

/** Keeps every message in the `sms_outbox` table instead of sending it (development, tests). */
export class SandboxSmsProvider implements SmsProvider {
  constructor(private readonly db: DbOrTx) {}

  async send(message: { phone: string; body: string; purpose: SmsPurpose }): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ phone: message.phone, body: message.body, purpose: message.purpose })
      .execute();
  }
}

export async function readOutbox(db: DbOrTx, phone: string | undefined, limit: number) {
  let query = db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (phone) query = query.where('phone', '=', phone);
  return query.execute();
}
