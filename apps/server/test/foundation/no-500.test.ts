import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-web-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<meta name="dau-site" content="2" />');
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const contentTypes = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
  undefined,
];

/** Every route of the app, plus odd variants of them. */
function knownPaths(): string[] {
  const routes = t.app.printRoutes({ commonPrefix: false });
  const paths = new Set<string>(['/', '/api', '/api/', '/sports/', '//evil.example/', '/%']);
  for (const line of routes.split('\n')) {
    const match = line.match(/(\/\S*)/);
    if (match?.[1]) paths.add(match[1].replace(/\s.*$/, ''));
  }
  return [...paths];
}

it('never answers client input with a 500', async () => {
  const paths = knownPaths();
  const request = fc.record({
    method: fc.constantFrom(...methods),
    path: fc.oneof(fc.constantFrom(...paths), fc.webPath(), fc.string()),
    query: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 16 }), { maxKeys: 3 }),
    contentType: fc.constantFrom(...contentTypes),
    body: fc.oneof(
      fc.json(),
      fc.string(),
      fc.constant('{'),
      fc.constant(''),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    ),
    header: fc.string({ maxLength: 40 }),
  });
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const search = new URLSearchParams(r.query).toString();
      let url = r.path.startsWith('/') ? r.path : `/${r.path}`;
      url = encodeURI(url).replace(/%25/g, '%');
      const res = await t.app.inject({
        method: r.method,
        url: search ? `${url}?${search}` : url,
        headers: {
          ...(r.contentType ? { 'content-type': r.contentType } : {}),
          'x-site-id': r.header,
          authorization: `Bearer ${r.header}`,
          cookie: `authBB=${encodeURIComponent(r.header)}`,
        },
        ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: r.body }),
      });
      expect(res.statusCode, `${r.method} ${url}`).toBeLessThan(500);
    }),
    { numRuns: 400 },
  );
});
