import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let dist: string;
const STYLES = '.page{color:red}.x::after{content:"</style>"}\n';
const BIG_ASSET = Array.from({ length: 200 }, (_, i) => `console.log(${i});`).join('\n');
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<html><head><meta name="dau-site" content="2" /><title>Dau</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/style-abc123.css"></head><body>Dau</body></html>',
  );
  await fs.writeFile(path.join(dist, 'assets', 'style-abc123.css'), STYLES);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await fs.writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_ASSET);
  await fs.writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_ASSET));
  await fs.writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_ASSET));
  t = await createTestApp({
    WEB_DIST: dist,
    SITE_HOSTS: 'tz.dau.test=4,ug.dau.test=1,zm.dau.test=3',
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers page paths with index.html carrying the site id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sports/football-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<meta name="dau-site" content="2" />');
  });

  it("carries the build's stylesheet inline, not as a render-blocking link (ADR 183)", async () => {
    for (const url of ['/sports/football-1', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(
        '<style>.page{color:red}.x::after{content:"<\\/style>"}</style>',
      );
      expect(res.body, url).not.toContain('rel="stylesheet"');
    }
    // The file is still served, for anything that links it.
    const css = await t.app.inject({ method: 'GET', url: '/assets/style-abc123.css' });
    expect(css.statusCode).toBe(200);
  });

  it('answers unknown routes with the 404 page and status 404', async () => {
    for (const url of ['/no-such-page', '/sports/1/2/3/4/5', '/company/about-us/more']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      // The same app document: the client router shows the 404 page.
      expect(res.body).toContain('<meta name="dau-site" content="2" />');
      expect(res.body).toContain('<title>Page not found | Dau</title>');
    }
  });

  it('answers 404 for unknown slugs of company, customer-support and promotions pages', async () => {
    for (const url of [
      '/company/no-such-page',
      '/customer-support/no-such-topic',
      '/promotions/no-such-promo',
      '/company/..%2F..%2Fetc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of [
      '/company/about-us',
      '/customer-support/contact-us',
      '/customer-support/delete-account',
      '/promotions/multibet-bonus',
      '/promotions',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('answers 404 for pages a site does not have: SMS betting and site-hidden promotions', async () => {
    const kenya = await t.app.inject({ method: 'GET', url: '/how-to-place-bets-via-sms' });
    expect(kenya.statusCode).toBe(200);
    for (const host of ['ug.dau.test', 'zm.dau.test', 'tz.dau.test']) {
      const sms = await t.app.inject({
        method: 'GET',
        url: '/how-to-place-bets-via-sms',
        headers: { host },
      });
      expect(sms.statusCode, host).toBe(404);
      // The SMS promotion is hidden for sites without SMS betting.
      const promo = await t.app.inject({
        method: 'GET',
        url: '/promotions/bet-via-sms',
        headers: { host },
      });
      expect(promo.statusCode, host).toBe(404);
    }
    const promo = await t.app.inject({ method: 'GET', url: '/promotions/bet-via-sms' });
    expect(promo.statusCode).toBe(200);
  });

  it('chooses the site from the host mapping', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'tz.dau.test' } });
    expect(res.body).toContain('<meta name="dau-site" content="4" />');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's precompressed .br/.gz files as they are", async () => {
    const url = '/assets/big-abc123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(
      gz.rawPayload.equals(await fs.readFile(path.join(dist, 'assets', 'big-abc123.js.gz'))),
    ).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
  });

  it('sends pages compressed: Brotli, else gzip, else plain (a 404 page too)', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/sports/football-1',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Dau</title>');
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Page not found | Dau</title>');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/sports/football-1',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Dau</title>');
  });

  it('redirects a trailing slash to the slash-less path, keeping the query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sports/?filter=18&specifier=total%3D2.5',
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/sports?filter=18&specifier=total%3D2.5');
  });

  it('never redirects to another host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '//evil.example/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/evil.example');
  });

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json().status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/client-log']).toBeDefined();
  });
});
