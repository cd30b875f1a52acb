/**
 * The SMS seam: what Dau needs from a text-message gateway. Registration and password reset
 * take an `SmsProvider` from their dependencies; the composition (`src/composition.ts`) picks
 * the gateway from SMS_PROVIDER: the sandbox outbox, Africa's Talking, or none.
 */

export type SmsPurpose = 'registration-otp' | 'registration-notice' | 'password-reset';

export interface SmsMessage {
  /** E.164, e.g. `+254712345678`. */
  phone: string;
  body: string;
  /** Why the message is sent; the sandbox outbox keeps it, real gateways ignore it. */
  purpose: SmsPurpose;
}

/**
 * Sends text messages to mobile numbers. `send` resolves once the gateway accepted the message
 * and throws an `AppError` (503 UNAVAILABLE) when it could not: never silently drops one.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
