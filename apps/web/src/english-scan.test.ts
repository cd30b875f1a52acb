import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanSource, scanWebApp } from '../scripts/english-scan';

/**
 * No English written into the UI (ADR 142): words go through a strings file with a Swahili
 * twin. The baseline lists, per file, the hits that predate the scan; it may only shrink — a
 * new hit anywhere fails, and so does a baseline larger than what is left (lower it).
 */
const root = path.resolve(import.meta.dirname);
const baseline = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../scripts/english-scan-baseline.json'), 'utf8'),
) as Record<string, number>;

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

  it(
    'has no hit beyond the shrinking baseline, and the baseline is no larger than needed',
    { timeout: 30_000 },
    () => {
      const counts: Record<string, number> = {};
      for (const hit of scanWebApp(root)) counts[hit.file] = (counts[hit.file] ?? 0) + 1;
      const over = Object.entries(counts)
        .filter(([file, n]) => n > (baseline[file] ?? 0))
        .map(([file, n]) => `${file}: ${n} (baseline ${baseline[file] ?? 0})`);
      expect(over, 'new English in the UI: put it in a strings file with Swahili').toEqual([]);
      const stale = Object.entries(baseline)
        .filter(([file, n]) => (counts[file] ?? 0) < n)
        .map(([file, n]) => `${file}: baseline ${n}, now ${counts[file] ?? 0}`);
      expect(stale, 'fixed hits: lower english-scan-baseline.json').toEqual([]);
    },
  );
});
