import type { TestApp } from '../helpers/test-app';

/** The newest text the SMS sandbox kept for a number, read through the sandbox endpoint. */
export async function lastSms(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/sms/outbox?phone=${encodeURIComponent(phone)}`,
  });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  const body = res.json() as { messages: { body: string }[] };
  const message = body.messages[0];
  if (!message) throw new Error(`no SMS for ${phone}`);
  return message.body;
}

export function codeIn(sms: string): string {
  const match = /\b(\d{6})\b/.exec(sms);
  if (!match?.[1]) throw new Error(`no code in "${sms}"`);
  return match[1];
}

/** The `authBB` cookie a response set, for the next requests. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'authBB');
  if (!cookie) throw new Error('no authBB cookie');
  return cookie.value;
}

let ipCounter = 1;
/** A distinct client address per test, so per-IP login limits of one test do not leak. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}
