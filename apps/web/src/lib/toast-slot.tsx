import { useEffect, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';

/**
 * Where toasts (notifications, payment notices) show: never on top of a title, tab or form
 * field (issue #16). The page has a slot in the flow under its header (sticky, so it stays in
 * view, pushing the page down instead of covering it); an open modal has one under its title,
 * and the newest modal's slot wins while it is open.
 */
interface ToastSlots {
  page: HTMLElement | null;
  modals: HTMLElement[];
}

const useToastSlots = create<ToastSlots>(() => ({ page: null, modals: [] }));

/** Ref callback of the page's slot (the layout frame). */
export function pageToastSlot(element: HTMLElement | null): void {
  useToastSlots.setState({ page: element });
}

/** Makes `ref` (an element under a modal's title) the toasts' place while the modal is open. */
export function useModalToastSlot(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    useToastSlots.setState((s) => ({ modals: [...s.modals, element] }));
    return () => useToastSlots.setState((s) => ({ modals: s.modals.filter((m) => m !== element) }));
  }, [ref]);
}

/** Renders toasts into the current slot (none yet: nothing, e.g. on the server). */
export function ToastPortal({ children }: { children: ReactNode }) {
  const target = useToastSlots((s) => s.modals.at(-1) ?? s.page);
  return target ? createPortal(children, target) : null;
}
