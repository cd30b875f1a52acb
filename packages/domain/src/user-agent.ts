/**
 * Browser classes that get special handling (spec doc 1 §6): crawlers skip the splash and the
 * realtime connection; old Android WebViews and Opera Mini get the lite experience (no
 * animations, no realtime on Opera Mini, whose proxy cannot hold a socket open).
 */
const CRAWLER =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|prerender|google-inspectiontool|mediapartners-google|adsbot/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

export function isOperaMini(userAgent: string): boolean {
  return /opera mini|opios/i.test(userAgent);
}

/** Android before 5 ships a WebKit without the features the app relies on smoothly. */
export function isOldAndroid(userAgent: string): boolean {
  const match = /android (\d+)(?:\.(\d+))?/i.exec(userAgent);
  if (!match) return false;
  return Number(match[1]) < 5;
}

export interface BrowserClass {
  bot: boolean;
  lite: boolean;
  operaMini: boolean;
}

export function classifyUserAgent(userAgent: string): BrowserClass {
  const operaMini = isOperaMini(userAgent);
  return { bot: isCrawler(userAgent), lite: operaMini || isOldAndroid(userAgent), operaMini };
}
