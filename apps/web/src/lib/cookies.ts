/** Minimal cookie access for the readable cookies (the session token itself is httpOnly). */
import { serverEnvironment } from './ssr-environment';

/** The readable cookies: the request's cookie header while rendering on the server. */
function cookieSource(): string {
  return serverEnvironment()?.cookie ?? (typeof document === 'undefined' ? '' : document.cookie);
}

export function readCookie(name: string, source: string = cookieSource()): string | null {
  for (const part of source.split(';')) {
    const index = part.indexOf('=');
    const key = (index === -1 ? part : part.slice(0, index)).trim();
    if (key === name) return decodeURIComponent(index === -1 ? '' : part.slice(index + 1).trim());
  }
  return null;
}

export function hasCookie(name: string): boolean {
  return readCookie(name) !== null;
}
