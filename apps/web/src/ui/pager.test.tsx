import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { pageCount, Pager } from './pager';

const words = { label: 'Pages', newer: 'Newer', older: 'Older' };

it('draws nothing for one page, and newer/older with the position otherwise', () => {
  expect(pageCount(0, 20)).toBe(1);
  expect(pageCount(41, 20)).toBe(3);
  const { container, rerender } = render(
    <Pager page={1} pages={1} onPage={() => {}} position="1 / 1" {...words} />,
  );
  expect(container.innerHTML).toBe('');

  const onPage = vi.fn();
  rerender(<Pager page={1} pages={3} onPage={onPage} position="Page 1 of 3" {...words} />);
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  expect(nav.textContent).toContain('Page 1 of 3');
  expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Older' }));
  expect(onPage).toHaveBeenCalledWith(2);

  rerender(<Pager page={3} pages={3} onPage={onPage} position="Page 3 of 3" {...words} />);
  expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
  expect(onPage).toHaveBeenLastCalledWith(2);
});
