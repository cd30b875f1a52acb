import type { DbOrTx } from '../../db/database';
import type { SmsMessage, SmsProvider } from '../../modules/notifications/sms.provider';

/** Keeps a message in the `sms_outbox` table instead of sending it (development, tests). */
export async function keepInOutbox(
  db: DbOrTx,
  message: { phone: string; body: string; purpose: string },
): Promise<number> {
  const row = await db
    .insertInto('sms_outbox')
    .values({ phone: message.phone, body: message.body, purpose: message.purpose })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** SMS_PROVIDER=sandbox: every message goes to the outbox, read at `/api/sandbox/sms/outbox`. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';

  constructor(private readonly db: DbOrTx) {}

  async send(message: SmsMessage): Promise<void> {
    await keepInOutbox(this.db, message);
  }
}

export async function readOutbox(db: DbOrTx, phone: string | undefined, limit: number) {
  let query = db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (phone) query = query.where('phone', '=', phone);
  return query.execute();
}
