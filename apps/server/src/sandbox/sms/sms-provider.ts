import type { AppDeps } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { SandboxSmsProvider } from './sandbox-sms-provider';

export type SmsPurpose = 'registration-otp' | 'registration-notice' | 'password-reset';

/** Sends text messages to mobile numbers (E.164). */
export interface SmsProvider {
  send(message: { phone: string; body: string; purpose: SmsPurpose }): Promise<void>;
}

/**
 * The SMS provider of this deployment. Only the sandbox outbox exists so far; without
 * SANDBOX no gateway is configured and sending is refused rather than silently dropped.
 */
export function smsProviderFor(deps: AppDeps): SmsProvider {
  if (deps.config.sandbox) return new SandboxSmsProvider(deps.db);
  return {
    async send() {
      throw new AppError(
        'UNAVAILABLE',
        'Text messages cannot be sent right now. Please try later.',
      );
    },
  };
}
