import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function html(text: string): HTMLElement {
  const { container } = render(
    <MemoryRouter>
      <Markdown text={text} />
    </MemoryRouter>,
  );
  return container;
}

describe('markdown subset', () => {
  it('renders a bold heading line straight above its list', () => {
    const root = html('**What we offer**\n- Sports\n- Casino');
    expect(root.querySelector('p strong')?.textContent).toBe('What we offer');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Sports',
      'Casino',
    ]);
  });

  it('renders tables, numbered lists, code and links, and never raw HTML', () => {
    const root = html(
      '| A | B |\n|---|---|\n| 1 | 2 |\n\n1. One\n2. Two\n\nSend `1234#1#50` to [us](/customer-support) <b>x</b>',
    );
    expect(root.querySelectorAll('td')).toHaveLength(2);
    expect(root.querySelectorAll('ol li')).toHaveLength(2);
    expect(root.querySelector('code')?.textContent).toBe('1234#1#50');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/customer-support');
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toContain('<b>x</b>');
  });
});
