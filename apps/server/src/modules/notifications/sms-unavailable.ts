import { AppError } from '../../errors/app-error';
import type { SmsProvider } from './sms.provider';

/**
 * The provider of a deployment with no SMS gateway configured (SANDBOX off, no SMS_PROVIDER):
 * sending is refused with a 503 rather than a code silently lost.
 */
export const smsUnavailable: SmsProvider = {
  name: 'none',
  async send() {
    throw new AppError('UNAVAILABLE', 'Text messages cannot be sent right now. Please try later.');
  },
};
