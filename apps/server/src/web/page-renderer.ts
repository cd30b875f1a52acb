import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COOKIES } from '@dau/contracts/http';
import type { SiteId } from '@dau/domain/sites';
import { classifyUserAgent } from '@dau/domain/user-agent';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types';

/**
 * Server rendering of the web app's pages (ADR 180). The web build writes its server entry to
 * `apps/web/dist-ssr/entry-server.js` (next to `dist/`); its `render` draws a page with the
 * app's own components, reading the first view's data from this server's own routes
 * (`app.inject`: no network, the same caches and rules as the browser's requests, the
 * request's cookies). The server fills the built `index.html` with the result.
 */
interface RenderRequest {
  url: string;
  siteId: SiteId;
  cookie: string;
  userAgent: string;
  saveData: boolean;
  fetch: typeof fetch;
  budgetMs?: number;
}

type RenderResult =
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      html: string;
      title: string | null;
      handoff: string;
      passes: number;
    };

interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}

export type RenderedPage =
  { kind: 'redirect'; to: string } | { kind: 'page'; html: string; cacheable: boolean };

/** Where the web build puts the server entry, for a given `dist` of the browser build. */
export function serverEntryPath(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
}

export async function loadServerEntry(webDist: string): Promise<ServerEntry | null> {
  const file = serverEntryPath(webDist);
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** `fetch` for the page's `/api/...` requests, answered by this server with the page's cookies. */
export function injectFetch(app: AppInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://dau.local');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    for (const name of ['cookie', 'host', 'user-agent', 'accept-language'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      // The page's own requests count against the visitor's rate limit, not the server's.
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const answer = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        answer.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(
      NULL_BODY.has(response.statusCode) ? null : new Uint8Array(response.rawPayload),
      {
        status: response.statusCode,
        headers: answer,
      },
    );
  };
}

const CACHE_MS = 5_000;
const CACHE_ENTRIES = 500;

/**
 * Anonymous pages are the same for everyone with the same site, language, data-saving hint and
 * browser class: kept for a few seconds, so a burst of visitors costs one render. Odds keep
 * moving after hydration through the socket.
 */
export class PageCache {
  private readonly entries = new Map<string, { at: number; html: string }>();
  constructor(
    private readonly ttlMs = CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return entry.html;
  }

  set(key: string, html: string): void {
    if (this.entries.size >= CACHE_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { at: this.now(), html });
  }
}

/** Readable cookies an anonymous page is drawn differently by (language, the intro splash). */
const RENDER_COOKIES = [COOKIES.locale, COOKIES.splashSeen];

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** Cookies that make a page personal: a page drawn with them is never shared. */
const PERSONAL_COOKIES = [COOKIES.signedIn, COOKIES.auth];

export function isPersonal(cookieHeader: string): boolean {
  return PERSONAL_COOKIES.some((name) => cookieValue(cookieHeader, name) !== null);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** The `<link>` tags React writes ahead of a page it renders outside `<html>` (`preload()`). */
const LEADING_LINKS = /^(?:\s*<link\b[^>]*>)+/;

/** The built index.html with the server's page in it. */
export function fillTemplate(
  template: string,
  page: Extract<RenderResult, { kind: 'page' }>,
  siteId: SiteId,
): string {
  // Preloads (React's `preload()`, e.g. home's first promotion image) go to the head, where
  // the browser finds them before anything else.
  const links = LEADING_LINKS.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(links.length);
  const preloads = links.trim();
  let html = template.replace(
    '<meta name="dau-site" content="2" />',
    `<meta name="dau-site" content="${siteId}" />${preloads}`,
  );
  if (page.title) {
    const title = `<title>${escapeHtml(page.title)}</title>`;
    html = html.replace(/<title>[^<]*<\/title>/, () => title);
  }
  return html.replace(
    /<div id="root">\s*<!--app-->[\s\S]*<!--\/app-->\s*<\/div>/,
    () =>
      `<div id="root" data-ssr>${body}</div><script id="dau-data" type="application/json">${page.handoff}</script>`,
  );
}

export interface PageRenderer {
  render(request: FastifyRequest): Promise<RenderedPage>;
}

export function pageRenderer(
  app: AppInstance,
  entry: ServerEntry,
  template: string,
  /** The page's styles put in (ADR 183): after the fill, so a cached page keeps them. */
  styled: (html: string) => string = (html) => html,
  cache = new PageCache(),
): PageRenderer {
  return {
    async render(request) {
      const cookie = request.headers.cookie ?? '';
      const userAgent = request.headers['user-agent'] ?? '';
      const saveData = request.headers['save-data'] === 'on';
      const siteId = request.site.siteId;
      const personal = isPersonal(cookie);
      const key = [
        siteId,
        ...RENDER_COOKIES.map((name) => cookieValue(cookie, name) ?? ''),
        saveData,
        browserClass(userAgent),
        request.url,
      ].join('|');
      if (!personal) {
        const hit = cache.get(key);
        if (hit) return { kind: 'page', html: hit, cacheable: true };
      }
      const result = await entry.render({
        url: request.url,
        siteId,
        cookie,
        userAgent,
        saveData,
        fetch: injectFetch(app, request),
      });
      if (result.kind === 'redirect') return result;
      const html = styled(fillTemplate(template, result, siteId));
      if (!personal) cache.set(key, html);
      return { kind: 'page', html, cacheable: !personal };
    },
  };
}

/** The user-agent classes the pages differ by (crawlers, lite browsers), not the full string. */
function browserClass(userAgent: string): string {
  const { bot, lite, operaMini } = classifyUserAgent(userAgent);
  return `${bot ? 'b' : ''}${lite ? 'l' : ''}${operaMini ? 'o' : ''}`;
}
