import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setViewport } from '../../test/viewport';
import { toggleSelection, useBetslipStore } from '../../lib/betslip-store';
import { BetslipDock } from './betslip-dock';
import { resetBetslipStore, testPick } from './slip-test-kit';

beforeEach(resetBetslipStore);

function dock(dockable = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sports/football-1']}>
        <BetslipDock dockable={dockable} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const setScreen = (width: number, height: number) => act(() => setViewport(width, height));

describe('betslip on larger screens (issue #15 item 16, ADR 151)', () => {
  it('at 1280×800 the slip is a docked column and there is no floating button', () => {
    setScreen(1280, 800);
    render(dock());
    const column = screen.getByRole('complementary', { name: 'Betslip' });
    expect(within(column).getByRole('heading', { name: 'Betslip' })).toBeTruthy();
    expect(within(column).getByText('Tap any odds to add a selection.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Betslip/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    // A pick shows in the column at once; Escape and the open flag change nothing.
    act(() => toggleSelection(testPick(1, 2)));
    expect(within(column).getByRole('heading', { name: 'Betslip (1)' })).toBeTruthy();
    expect(within(column).getAllByRole('listitem')).toHaveLength(1);
    expect(within(column).getByRole('button', { name: 'Log in to place bets' })).toBeTruthy();
    act(() => useBetslipStore.setState({ sheetOpen: true }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(column).getByRole('heading', { name: 'Betslip (1)' })).toBeTruthy();
    expect(within(column).queryByRole('button', { name: 'Close betslip' })).toBeNull();
  });

  it('home keeps the floating button on larger screens and opens the slip as a dialog', () => {
    setScreen(1280, 800);
    render(dock(false));
    expect(screen.queryByRole('complementary')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Betslip' }).click());
    expect(screen.getByRole('dialog', { name: 'Betslip' })).toBeTruthy();
  });

  it('on a phone the column stays empty and the button opens the sheet; turning wide docks it', () => {
    setScreen(360, 740);
    act(() => toggleSelection(testPick(1, 2)));
    const { container } = render(dock());
    const column = container.querySelector('[data-betslip-column="normal"]');
    expect(column?.childElementCount).toBe(0);
    act(() => screen.getByRole('button', { name: 'Betslip, 1 selections' }).click());
    expect(screen.getByRole('dialog', { name: 'Betslip' })).toBeTruthy();

    setScreen(1024, 768);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Betslip/ })).toBeNull();
    expect(column?.querySelector('h2')?.textContent).toBe('Betslip (1)');
  });

  it('the server draws the button and an empty column whatever the screen: CSS lays them out', () => {
    setScreen(1280, 800);
    const html = renderToString(dock());
    expect(html).toContain('data-betslip-fab="normal"');
    expect(html).toMatch(/<aside[^>]*data-betslip-column="normal"[^>]*><\/aside>/);
  });
});
