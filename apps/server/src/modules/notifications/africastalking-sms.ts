import type { AfricasTalkingConfig } from '../../config';
import { AppError } from '../../errors/app-error';
import type { SmsMessage, SmsProvider } from './sms.provider';

/** Recipient status codes that mean the gateway took the message: Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

/** What Africa's Talking answers to `POST /version1/messaging`. */
interface MessagingAnswer {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { statusCode?: number; status?: string; number?: string; messageId?: string }[];
  };
}

function unavailable(reason: string, cause?: unknown): AppError {
  return new AppError('UNAVAILABLE', 'Text messages cannot be sent right now. Please try later.', {
    cause: new Error(`Africa's Talking: ${reason}`, { cause }),
  });
}

/**
 * Africa's Talking's bulk SMS API: `POST {base}/version1/messaging`, form-encoded `username`,
 * `to`, `message` and `from`, the account's key in the `apiKey` header, a JSON answer with one
 * status per recipient. `baseUrl` is the live API, Africa's Talking's own sandbox, or this
 * server's built-in sandbox (which speaks the same protocol); nothing else differs.
 *
 * A message is sent once: a timeout is not retried, because the gateway may have taken it and
 * a second code would confuse the user more than a "try again".
 */
export class AfricasTalkingSms implements SmsProvider {
  readonly name = 'africastalking';

  constructor(
    private readonly config: Omit<AfricasTalkingConfig, 'baseUrl'>,
    private readonly baseUrl: () => string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const form = new URLSearchParams({
      username: this.config.username,
      to: message.phone,
      message: message.body,
    });
    if (this.config.senderId) form.set('from', this.config.senderId);
    let res: Response;
    try {
      // Inside the try: the built-in sandbox's address is unknown until the server listens.
      res = await fetch(`${this.baseUrl()}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: this.config.apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw unavailable('not reachable', error);
    }
    const text = await res.text();
    if (!res.ok) throw unavailable(`HTTP ${res.status} ${text.slice(0, 200)}`);
    let answer: MessagingAnswer;
    try {
      answer = JSON.parse(text) as MessagingAnswer;
    } catch {
      throw unavailable(`not JSON: ${text.slice(0, 200)}`);
    }
    const recipient = answer.SMSMessageData?.Recipients?.[0];
    if (!recipient || recipient.statusCode === undefined || !ACCEPTED.has(recipient.statusCode)) {
      const why = recipient
        ? `${recipient.statusCode ?? '?'} ${recipient.status ?? ''}`
        : (answer.SMSMessageData?.Message ?? 'no recipient in the answer');
      throw unavailable(`refused the message (${why})`);
    }
  }
}
