/**
 * Daraja's two clock formats, both in East Africa Time (UTC+3, no daylight saving):
 * `20261123203000` in requests, STK and C2B bodies; `23.11.2026 20:30:00` in B2C results'
 * `TransactionCompletedDateTime`.
 */
const EAT_OFFSET_MS = 3 * 60 * 60_000;

export function darajaTimestamp(now: Date): string {
  return new Date(now.getTime() + EAT_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

export function darajaDateTime(now: Date): string {
  const t = darajaTimestamp(now);
  return `${t.slice(6, 8)}.${t.slice(4, 6)}.${t.slice(0, 4)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}
