/**
 * How the API client navigates on a 401: the router plugs in its navigate function (app shell)
 * so a redirect to login does not reload the page. Its own module so the shell sets it without
 * loading the API client.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setApiNavigate(fn: Navigate): void {
  navigate = fn;
}

export function apiNavigate(to: string): void {
  navigate(to);
}
