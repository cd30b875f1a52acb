/**
 * How the app asks for a login after a 401 (spec doc 1 §4). Its own small module, so the shell
 * and the header use it without loading the API client.
 */

/** Login redirect target that keeps the page the user was on. */
export function loginUrlFor(pathWithQuery: string): string {
  return `/login?redirectUrl=${encodeURIComponent(pathWithQuery).replace(/%2F/g, '/')}`;
}

type LoginPrompt = (redirectUrl: string) => void;
let prompt: LoginPrompt | null = null;

/** The shell plugs in its choice: the login modal on public pages, the login page otherwise. */
export function setLoginPrompt(fn: LoginPrompt | null): void {
  prompt = fn;
}

/** Asks for a login; false when nothing is plugged in, so the caller goes to the login page. */
export function promptLogin(redirectUrl: string): boolean {
  if (!prompt) return false;
  prompt(redirectUrl);
  return true;
}
