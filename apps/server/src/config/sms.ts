import { z } from 'zod';
import { invalid, type ConfigContext } from './area';

/** Africa's Talking's live API; its own sandbox is https://api.sandbox.africastalking.com. */
export const AFRICASTALKING_LIVE_URL = 'https://api.africastalking.com';

/** Text messages (registration codes, password-reset links): the gateway and its account. */
export const smsEnv = {
  /**
   * `sandbox` keeps messages in the outbox (`GET /api/sandbox/sms/outbox`); `africastalking`
   * sends them through Africa's Talking. Default: `sandbox` while sandboxes are on, otherwise
   * none (sending then answers 503).
   */
  SMS_PROVIDER: z.enum(['sandbox', 'africastalking']).optional(),
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  /** Registered alphanumeric sender id or short code; unset: the account's default sender. */
  AFRICASTALKING_SENDER_ID: z.string().min(1).max(16).optional(),
  /**
   * Unset: the built-in Africa's Talking sandbox of this server while sandboxes are on,
   * otherwise the live API.
   */
  AFRICASTALKING_BASE_URL: z.string().url().optional(),
};

export interface AfricasTalkingConfig {
  username: string;
  apiKey: string;
  senderId: string | undefined;
  /** Undefined: this server's built-in sandbox (only while sandboxes are on). */
  baseUrl: string | undefined;
}

export interface SmsConfig {
  provider: 'sandbox' | 'africastalking' | 'none';
  africasTalking: AfricasTalkingConfig;
}

/** Credentials the built-in sandbox accepts when none are configured. */
const SANDBOX_CREDENTIALS = { username: 'sandbox', apiKey: 'dau-sandbox-sms-key' };

type SmsEnv = z.output<z.ZodObject<typeof smsEnv>>;

export function smsConfig(e: SmsEnv, context: ConfigContext): SmsConfig {
  const provider = e.SMS_PROVIDER ?? (context.sandbox ? 'sandbox' : 'none');
  if (provider === 'sandbox' && context.isProduction) {
    throw invalid('SMS_PROVIDER', 'the SMS sandbox is refused in production');
  }
  if (provider === 'sandbox' && !context.sandbox) {
    throw invalid('SMS_PROVIDER', 'the SMS sandbox needs SANDBOX on');
  }
  const baseUrl =
    e.AFRICASTALKING_BASE_URL?.replace(/\/+$/, '') ??
    (context.sandbox ? undefined : AFRICASTALKING_LIVE_URL);
  if (provider === 'africastalking' && baseUrl !== undefined) {
    // A real gateway: no made-up credentials.
    if (!e.AFRICASTALKING_USERNAME || !e.AFRICASTALKING_API_KEY) {
      throw invalid(
        'AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY',
        "both are needed to send through Africa's Talking",
      );
    }
  }
  return {
    provider,
    africasTalking: {
      username: e.AFRICASTALKING_USERNAME ?? SANDBOX_CREDENTIALS.username,
      apiKey: e.AFRICASTALKING_API_KEY ?? SANDBOX_CREDENTIALS.apiKey,
      senderId: e.AFRICASTALKING_SENDER_ID,
      baseUrl,
    },
  };
}
