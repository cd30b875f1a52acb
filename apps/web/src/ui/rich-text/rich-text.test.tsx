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
