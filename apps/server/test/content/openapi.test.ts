import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI document', () => {
  it('lists the content, support and connection-test calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const path of [
      '/api/content/v2/cdn/stories/{*}',
      '/api/content/v2/cdn/datasource_entries',
      '/api/content/v2/cdn/spaces/me',
      '/api/storyblok/v2/cdn/spaces/me/',
      '/api/core/Support/GenerateSupportCallBackRequest',
      '/api/core/customer/delete-account-request',
      '/api/connection-test/download',
      '/api/connection-test/upload',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
