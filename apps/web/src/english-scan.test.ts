import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource, scanWebApp } from '../scripts/english-scan';

/**
 * No English written into the UI (ADR 142): words go through a strings file with a Swahili
 * twin. Strict: any hit anywhere in `src` fails (there is no baseline any more).
 */
const root = path.resolve(import.meta.dirname);

describe('English written into the UI', () => {
  it('finds text, visible props, rendered literals and English fallbacks', () => {
    const hits = scanSource(
      'x.tsx',
      `export const A = ({ m }) => (
        <div aria-label="Close menu" className="menu-row" data-testid="row-1">
          Hello there
          {m ?? 'Something went wrong'}
          {m ? 'Yes please' : t('no')}
          <span title={t('ok')}>{'Dau'}</span>
        </div>
      );`,
    );
    expect(hits.map((h) => [h.kind, h.text])).toEqual([
      ['prop', 'Close menu'],
      ['jsx-text', 'Hello there'],
      ['rendered', 'Something went wrong'],
      ['rendered', 'Yes please'],
    ]);
  });

  it('finds templates and one-word visible props, visible object fields, variables and domain messages', () => {
    const hits = scanSource(
      'x.tsx',
      `import { MARKET_EXPIRED } from '@dau/domain/messages';
      const expired = (sm) => sm === MARKET_EXPIRED;
      const ITEMS = [{ label: 'Customer Support', key: 'support' }, { label: 'all' }];
      const ERR = { error: 'save', message: 'truncated' };
      const title = live ? \`Live \${name}\`.trim() : name ?? nameFromSlug(slug, 'Matches');
      const doc = \`\${title} | Dau\`;
      export const B = ({ s }) => (
        <section aria-roledescription="carousel" role="region" aria-label={t('promotions')}>
          <button type="button" aria-label={\`Show \${s.title}\`} />
          <nav aria-label={\`\${s.title}\`} />
          <p>{MARKET_EXPIRED}</p>
        </section>
      );`,
    );
    expect(hits.map((h) => [h.kind, h.text])).toEqual([
      ['prop', 'Customer Support'],
      ['variable', 'Live'],
      ['call', 'Matches'],
      ['prop', 'carousel'],
      ['prop', 'Show'],
      ['constant', 'MARKET_EXPIRED'],
    ]);
  });

  it('has no English anywhere in the web app', { timeout: 30_000 }, () => {
    const hits = scanWebApp(root).map((h) => `${h.file}:${h.line} [${h.kind}] ${h.text}`);
    expect(hits, 'English in the UI: put it in a strings file with its Swahili').toEqual([]);
  });
});
