import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, siteId: 2, sandbox: true, seedDemo: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads ports, sites and host mappings', () => {
    const config = loadConfig({
      PORT: '8080',
      SITE_ID: '4',
      SITE_HOSTS: 'ug.dau.test=1, tz.dau.test=4',
    });
    expect(config.port).toBe(8080);
    expect(config.siteId).toBe(4);
    expect(config.siteHosts).toEqual({ 'ug.dau.test': 1, 'tz.dau.test': 4 });
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ SITE_ID: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE_HOSTS: 'x=7' })).toThrow(/SITE_HOSTS/);
  });

  it('refuses sandboxes in production and turns them off by default there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' })).toThrow(/production/);
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      sandbox: false,
      seedDemo: false,
    });
  });
});
