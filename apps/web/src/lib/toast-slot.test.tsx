import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SideModal } from '../ui/side-modal';
import { pageToastSlot, ToastPortal } from './toast-slot';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <header>Header</header>
      <div data-testid="page-slot" ref={pageToastSlot} />
      <main>
        <h1>Title</h1>
        <button type="button" onClick={() => setOpen(!open)}>
          toggle
        </button>
      </main>
      {open && (
        <SideModal title="Deposit" onClose={() => setOpen(false)}>
          <input aria-label="Amount" />
        </SideModal>
      )}
      <ToastPortal>
        <p role="status">Your deposit is in progress.</p>
      </ToastPortal>
    </>
  );
}

describe('toast slots', () => {
  it('puts toasts in the flow under the header, and under the title of an open modal', () => {
    render(<Page />);
    const toast = () => screen.getByRole('status');
    const pageSlot = screen.getByTestId('page-slot');
    expect(pageSlot.contains(toast())).toBe(true);
    // Before the page's title in document order: it pushes the page down, covers nothing.
    expect(
      pageSlot.compareDocumentPosition(screen.getByRole('heading', { name: 'Title' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    expect(dialog.contains(toast())).toBe(true);
    const title = screen.getByRole('heading', { name: 'Deposit' });
    const field = screen.getByLabelText('Amount');
    expect(title.compareDocumentPosition(toast()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toast().compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Back' }).click());
    expect(pageSlot.contains(toast())).toBe(true);
  });
});
