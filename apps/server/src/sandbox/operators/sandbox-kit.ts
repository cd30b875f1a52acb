import type { AppInstance } from '../../app-types';

/**
 * What the built-in operator sandboxes (MTN MoMo, Airtel Money, Vodacom M-Pesa) share: the
 * outcome a phone number's last four digits choose, and timers that die with the app. Vodacom
 * sends no callbacks: there 3333 answers the blocking call late (a status query sees the
 * success first) and 4040 completes but drops the connection (only a status query tells);
 * 1032 on a payout succeeds (no prompt to reject).
 *
 * | suffix | outcome                                                                          |
 * | ------ | -------------------------------------------------------------------------------- |
 * | 1032   | the customer rejects the prompt (MoMo APPROVAL_REJECTED, Airtel TF, INS-5)       |
 * | 1001   | not enough money: the customer's (deposit) or the business account's (payout)    |
 * | 1037   | nobody answers: stays pending, no callback ever comes (expiry, reconciliation)   |
 * | 4044   | no mobile-money account on this number (MoMo PAYER_NOT_FOUND, INS-2051)          |
 * | 3333   | success, the callback delivered three times                                      |
 * | 4040   | success, the callback lost: only a status query tells                            |
 * | other  | success after OPERATOR_SANDBOX_DELAY_MS                                          |
 */
export const OPERATOR_OUTCOME_SUFFIX = {
  cancelled: '1032',
  insufficientFunds: '1001',
  neverAnswered: '1037',
  notRegistered: '4044',
  duplicateCallback: '3333',
  callbackLost: '4040',
} as const;

export type OperatorSandboxOutcome = keyof typeof OPERATOR_OUTCOME_SUFFIX | 'success';

export function operatorOutcome(phone: string): OperatorSandboxOutcome {
  for (const [outcome, suffix] of Object.entries(OPERATOR_OUTCOME_SUFFIX)) {
    if (phone.endsWith(suffix)) return outcome as OperatorSandboxOutcome;
  }
  return 'success';
}

/** Delayed work that is cancelled when the app closes. */
export function sandboxTimers(app: AppInstance, label: string) {
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  return (fn: () => Promise<void>, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn().catch((err: unknown) => app.log.warn({ err }, `${label} sandbox callback failed`));
    }, delayMs);
    timers.add(timer);
  };
}

/** A wait inside a sandbox's answer that ends early when the app closes. */
export function sandboxDelay(app: AppInstance) {
  const waiting = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const done of waiting) done();
    waiting.clear();
  });
  return (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });
}

/** Sends a callback the way operators do: JSON, no retry, the answer ignored. */
export async function sendCallback(
  url: string,
  body: unknown,
  options: { method?: 'POST' | 'PUT'; headers?: Record<string, string>; times?: number } = {},
): Promise<void> {
  for (let i = 0; i < (options.times ?? 1); i++) {
    await fetch(url, {
      method: options.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).then((res) => res.text());
  }
}

export function randomDigits(length: number): string {
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
}
