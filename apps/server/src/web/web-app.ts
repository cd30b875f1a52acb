import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types';
import { AppError } from '../errors/app-error';
import type { PageLookup } from '../modules/content/page-lookup';
import { compressPage, pageEncoding } from './compress-page';
import { pageStyles } from './inline-css';
import { isPersonal, loadServerEntry, pageRenderer } from './page-renderer';

/** Not pages: the API, socket.io, and the providers' sandboxes (their protocols' own paths). */
function isApiPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/socket.io') ||
    url.startsWith('/sandbox/')
  );
}

/**
 * Page paths ending in a slash answer 301 to the slash-less path, keeping the query
 * (spec doc 1 §2). API paths are left alone.
 */
export function trailingSlashRedirect(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return done();
  const [pathname = '', query] = splitOnce(request.url, '?');
  if (pathname.length > 1 && pathname.endsWith('/') && !isApiPath(pathname)) {
    const target = pathname.replace(/\/+$/, '') || '/';
    // A leading double slash would make the Location protocol-relative; keep it a plain path.
    const safeTarget = target.replace(/^\/+/, '/');
    reply.redirect(query === undefined ? safeTarget : `${safeTarget}?${query}`, 301);
    return;
  }
  done();
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator);
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}

const NOT_FOUND_TITLE = '<title>Page not found | Dau</title>';

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the site id
 * injected) for every page path so the client router can answer it. A path that is no page of
 * this site (`lookup`: the shared page table, and the story behind a content slug) gets the same
 * document with status 404, so the app shows its 404 page and crawlers and monitors see 404.
 */
export async function webApp(app: AppInstance, options: { lookup: PageLookup }): Promise<void> {
  const dist = app.deps.config.webDist;
  const indexPath = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const template = hasBuild ? fs.readFileSync(indexPath, 'utf8') : null;
  // The stylesheet goes into the page (ADR 183): a server-rendered page gets its critical CSS.
  const styles = template ? pageStyles(template, dist) : null;
  // The server renderer of the same build (ADR 180); without it, pages are the bare shell.
  const entry = template ? await loadServerEntry(dist) : null;
  const renderer =
    entry && template && styles ? pageRenderer(app, entry, template, styles.critical) : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each asset (apps/web/scripts/precompress-plugin.ts):
      // sent as they are, smaller than on-the-fly compression and without its CPU (ADR 004).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  // Unknown paths count against the rate limit too, so scanning is throttled.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}.`);
    }
    if (!template) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    const status = await options.lookup(pathname, request.site);
    let html: string;
    if (renderer) {
      const page = await renderer.render(request);
      if (page.kind === 'redirect') return reply.redirect(page.to, 302);
      html = page.html;
    } else {
      html = template.replace(
        '<meta name="dau-site" content="2" />',
        `<meta name="dau-site" content="${request.site.siteId}" />`,
      );
      if (styles) html = styles.inline(html);
    }
    reply
      .type('text/html; charset=utf-8')
      // A signed-in page is `private`: the service worker keeps no copy of it (ADR 181).
      .header(
        'cache-control',
        isPersonal(request.headers.cookie ?? '') ? 'private, no-cache' : 'no-cache',
      )
      .header('vary', 'cookie, save-data, accept-encoding');
    if (status === 'not-found') {
      reply.status(404);
      html = html.replace(/<title>[^<]*<\/title>/, NOT_FOUND_TITLE);
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressPage(html, encoding));
  });
}
