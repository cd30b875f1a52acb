/**
 * A round's time in the site's clock (UTC+3 for Kenya), `dd/MM/yyyy HH:mm`: the same text on
 * the server render and in the browser, whatever the device's time zone.
 */
export function roundTime(iso: string, offsetMinutes: number): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const local = new Date(at + offsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return `${date} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}
