import { useSyncExternalStore } from 'react';

/**
 * Installing Dau (issue #18 item 5, ADR 181): the service worker the build writes (`sw.js`) and
 * the browser's install offer. Loaded after the first paint (main.tsx), so none of it is in the
 * first load; the `/android-app` page reads the offer through `useInstall`.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The browser offers to install now (Chrome, Edge, Samsung Internet): a button can ask. */
  canPrompt: boolean;
  /** Running as the installed app, or installed during this visit. */
  installed: boolean;
}

declare global {
  interface Window {
    /** The offer that came before this module (main.tsx keeps it). */
    dauInstallOffer?: Event;
  }
}

let offer: InstallPromptEvent | null = null;
let installedNow = false;
let state: InstallState = { canPrompt: false, installed: false };
const SERVER_STATE: InstallState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();

function update(): void {
  const standalone =
    typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  state = { canPrompt: offer !== null, installed: installedNow || standalone };
  for (const listener of listeners) listener();
}

/** Registers the service worker and keeps the browser's install offer for the page's button. */
export function watchInstall(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    offer = event as InstallPromptEvent;
    update();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installedNow = true;
    update();
  });
  offer = (window.dauInstallOffer as InstallPromptEvent | undefined) ?? null;
  update();
  if (import.meta.env.PROD) void navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
}

/** Shows the browser's install dialog; false when there is no offer or the person declined. */
export async function promptInstall(): Promise<boolean> {
  const event = offer;
  if (!event) return false;
  offer = null;
  update();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The install offer; the server and hydration draw "no offer" (the instructions). */
export function useInstall(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}
