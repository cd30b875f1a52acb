import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { criticalCss, htmlClasses, parseStyleSheet } from './critical-css';
import { pageStyles } from './inline-css';

const CSS = [
  'html{color:#fff}',
  '._header_1_1{display:flex}',
  '._menu_2_1 a{color:red}',
  '._header_1_1 ._menu_2_1:hover{color:blue}',
  'a[href$=".pdf"]{color:green}',
  'li:not(._active_3_1){opacity:.5}',
  '@media (min-width:600px){._header_1_1{gap:8px}._menu_2_1{gap:4px}}',
  '@keyframes _spin_4_1{to{transform:rotate(1turn)}}',
  '._quote_5_1::before{content:"}{"}',
].join('');

describe('critical CSS (ADR 183)', () => {
  it('keeps the rules whose classes the page carries, the class-free ones, in the same order', () => {
    const sheet = parseStyleSheet(CSS);
    const html = '<header class="_header_1_1 x"><ul><li>one</li></ul></header>';
    expect(criticalCss(sheet, html)).toBe(
      [
        'html{color:#fff}',
        '._header_1_1{display:flex}',
        '._header_1_1 ._menu_2_1:hover{color:blue}',
        'a[href$=".pdf"]{color:green}',
        'li:not(._active_3_1){opacity:.5}',
        '@media (min-width:600px){._header_1_1{gap:8px}}',
        '@keyframes _spin_4_1{to{transform:rotate(1turn)}}',
      ].join(''),
    );
  });

  it('gives back the whole sheet when every class is on the page (braces in strings too)', () => {
    const all = ['_header_1_1', '_menu_2_1', '_active_3_1', '_quote_5_1'];
    expect(criticalCss(parseStyleSheet(CSS), `<i class="${all.join(' ')}"></i>`)).toBe(CSS);
  });

  it('reads the classes of class attributes only', () => {
    expect([...htmlClasses('<p class="a  b">.c class</p><i data-class="d" class="e">')]).toEqual([
      'a',
      'b',
      'e',
    ]);
  });

  it('puts a page its rules inline and leaves the whole sheet for the loader', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-css-'));
    try {
      await fs.mkdir(path.join(dist, 'assets'));
      await fs.writeFile(path.join(dist, 'assets', 'style-x1.css'), CSS);
      const link = '<link rel="stylesheet" crossorigin href="/assets/style-x1.css">';
      const styles = pageStyles(`<head>${link}</head>`, dist);
      const page = `<head>${link}</head><body><b class="_menu_2_1"></b></body>`;
      const critical = styles.critical(page);
      expect(critical).toContain('<style>html{color:#fff}._menu_2_1 a{color:red}');
      expect(critical).not.toContain('._header_1_1{display:flex}');
      expect(critical).toContain(
        '<link rel="stylesheet" data-href="/assets/style-x1.css" media="print" data-dau-css>',
      );
      expect(styles.inline(`<head>${link}</head>`)).toBe(`<head><style>${CSS}</style></head>`);
    } finally {
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
