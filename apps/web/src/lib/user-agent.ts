import { classifyUserAgent, type BrowserClass } from '@dau/domain/user-agent';

export {
  classifyUserAgent,
  isCrawler,
  isOldAndroid,
  isOperaMini,
  type BrowserClass,
} from '@dau/domain/user-agent';
import { serverEnvironment } from './ssr-environment';

/** The browser's class; while rendering on the server, the request's (ADR 180). */
export function currentBrowser(): BrowserClass {
  const env = serverEnvironment();
  if (env) return classifyUserAgent(env.userAgent);
  return classifyUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
