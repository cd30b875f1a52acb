import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RichDocument } from './document';
import { plainText, RICH_TEXT_FORMATS, RichText } from './rich-text';

function html(value: unknown, inline = false): HTMLElement {
  const { container } = render(
    <MemoryRouter>
      <RichText value={value} inline={inline} />
    </MemoryRouter>,
  );
  return container;
}

describe('the content renderer', () => {
  it('renders a bold heading line straight above its list', () => {
    const root = html('**What we offer**\n- Sports\n- Casino');
    expect(root.querySelector('p strong')?.textContent).toBe('What we offer');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Sports',
      'Casino',
    ]);
  });

  it('renders tables, numbered lists, headings, code and links, and never raw HTML', () => {
    const root = html(
      '## Limits\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n1. One\n2. Two\n\nSend `1234#1#50` to [us](/customer-support) <b>x</b> *now*',
    );
    expect(root.querySelector('h3')?.textContent).toBe('Limits');
    expect(root.querySelectorAll('td')).toHaveLength(2);
    expect(root.querySelectorAll('ol li')).toHaveLength(2);
    expect(root.querySelector('code')?.textContent).toBe('1234#1#50');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/customer-support');
    expect(root.querySelector('em')?.textContent).toBe('now');
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toContain('<b>x</b>');
  });

  it('renders a short field inline: marks, no paragraphs', () => {
    const root = html('Dial *165#, open **My Approvals** and approve', true);
    expect(root.querySelector('p')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('My Approvals');
    expect(root.textContent).toBe('Dial *165#, open My Approvals and approve');
  });

  it('keeps snake_case words and lone asterisks as text', () => {
    expect(plainText('Use first_name here, 5 * 3 = 15')).toBe('Use first_name here, 5 * 3 = 15');
  });

  it('gives the words without markup for attributes and search', () => {
    expect(plainText('Open **My Approvals** or [call us](/customer-support)')).toBe(
      'Open My Approvals or call us',
    );
    expect(plainText(undefined)).toBe('');
  });

  it('takes a second input format through the same renderer', () => {
    const doc: RichDocument = {
      blocks: [
        {
          type: 'paragraph',
          children: [{ type: 'strong', children: [{ type: 'text', text: 'Hi' }] }],
        },
      ],
    };
    RICH_TEXT_FORMATS.push({
      name: 'test-json',
      accepts: (value) => typeof value === 'object' && value !== null && 'testDoc' in value,
      parse: () => doc,
    });
    try {
      expect(html({ testDoc: true }).querySelector('p strong')?.textContent).toBe('Hi');
      expect(plainText({ testDoc: true })).toBe('Hi');
    } finally {
      RICH_TEXT_FORMATS.pop();
    }
  });

  it('renders nothing for an unknown value', () => {
    expect(html({ unknown: 1 }).innerHTML).toBe('');
  });
});

describe("Storyblok's rich-text field", () => {
  const text = (value: string, marks?: object[]) => ({
    type: 'text',
    text: value,
    ...(marks ? { marks } : {}),
  });
  const doc = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [text('Limits')] },
      {
        type: 'paragraph',
        content: [
          text('Bold', [{ type: 'bold' }]),
          text(' and '),
          text('gone', [{ type: 'strike' }, { type: 'italic' }]),
          { type: 'hard_break' },
          text('Dial '),
          text('*165#', [{ type: 'code' }]),
          text(' or '),
          text('ask us', [
            {
              type: 'link',
              attrs: { href: '/customer-support/contact-us', linktype: 'story', uuid: 'u-1' },
            },
          ]),
          text(', '),
          text('mail', [{ type: 'link', attrs: { href: 'help@dau.test', linktype: 'email' } }]),
          text(', '),
          text('docs', [
            { type: 'link', attrs: { href: 'https://example.org', linktype: 'url', anchor: 'a' } },
          ]),
          text(', '),
          text('bad', [{ type: 'link', attrs: { href: 'javascript:alert(1)', linktype: 'url' } }]),
        ],
      },
      {
        type: 'bullet_list',
        content: [
          { type: 'list_item', content: [{ type: 'paragraph', content: [text('One')] }] },
          {
            type: 'list_item',
            content: [
              { type: 'paragraph', content: [text('Two')] },
              {
                type: 'ordered_list',
                content: [
                  { type: 'list_item', content: [{ type: 'paragraph', content: [text('Inner')] }] },
                ],
              },
            ],
          },
        ],
      },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [text('Quoted')] }] },
      { type: 'code_block', content: [text('*144#')] },
      { type: 'horizontal_rule' },
      {
        type: 'image',
        attrs: { src: 'https://a.storyblok.com/f/77/640x360/abc/promo.png', alt: 'Promo' },
      },
      { type: 'image', attrs: { src: 'javascript:x', alt: 'never' } },
      { type: 'blok', attrs: { body: [{ component: 'button' }] } },
      { type: 'paragraph', content: [{ type: 'emoji', attrs: { emoji: '⚽', name: 'soccer' } }] },
      { type: 'paragraph' },
    ],
  };

  it('renders headings, marks, links by type, lists, quotes, code, rules and sized images', () => {
    const root = html(doc);
    expect(root.querySelector('h3')?.textContent).toBe('Limits');
    expect(root.querySelector('p strong')?.textContent).toBe('Bold');
    expect(root.querySelector('em s')?.textContent).toBe('gone');
    expect(root.querySelector('p br')).not.toBeNull();
    expect(root.querySelector('p code')?.textContent).toBe('*165#');
    const links = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/customer-support/contact-us',
      'mailto:help@dau.test',
      'https://example.org#a',
    ]);
    expect(root.textContent).toContain('bad');
    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'One',
      'Two• Inner',
    ]);
    expect(root.querySelector('blockquote p')?.textContent).toBe('Quoted');
    expect(root.querySelector('pre code')?.textContent).toBe('*144#');
    expect(root.querySelector('hr')).not.toBeNull();
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ alt: 'Promo', width: 640, height: 360 });
    expect(root.textContent).toContain('⚽');
    expect(root.textContent).not.toContain('button');
  });

  it('resolves story links to the full slug the published client fills in, with anchors', () => {
    const linked = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            text('terms', [
              {
                type: 'link',
                attrs: {
                  href: 'old-slug',
                  linktype: 'story',
                  anchor: 'bonus',
                  story: { full_slug: 'company/terms-and-conditions' },
                },
              },
            ]),
          ],
        },
      ],
    };
    expect(html(linked).querySelector('a')?.getAttribute('href')).toBe(
      '/company/terms-and-conditions#bonus',
    );
  });

  it('gives plain words and inline renderings like the Markdown fields', () => {
    expect(plainText(doc)).toContain('Bold and gone');
    expect(plainText({ type: 'doc', content: [] })).toBe('');
    const inline = html(doc, true);
    expect(inline.querySelector('p')).toBeNull();
    expect(inline.textContent).toContain('Limits');
    expect(RICH_TEXT_FORMATS.map((f) => f.name)).toContain('storyblok-richtext');
  });
});
