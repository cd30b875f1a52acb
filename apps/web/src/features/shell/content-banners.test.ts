import { describe, expect, it } from 'vitest';
import { contentBanners } from './content-banners';

describe('content banners', () => {
  it('shows the alert only when the content has one', () => {
    expect(contentBanners({ alert_message: '' }, '').alert).toBeNull();
    expect(contentBanners({ alert_message: ' M-Pesa is slow ' }, '').alert).toBe('M-Pesa is slow');
  });

  it('offers the app update only inside an older app', () => {
    const labels = { android_app_version: '1.2.0' };
    expect(contentBanners(labels, '').appUpdate).toBe(false);
    expect(contentBanners(labels, '?versionName=1.2.0').appUpdate).toBe(false);
    expect(contentBanners(labels, '?versionName=1.1.0').appUpdate).toBe(true);
    expect(contentBanners({}, '?versionName=1.1.0').appUpdate).toBe(false);
  });
});
