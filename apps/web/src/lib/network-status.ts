import { createStore } from 'zustand';
import { withServerSnapshot } from './hydration';

/** Online or offline, following the browser (spec doc 1 §4). */
const networkStore = createStore<{ online: boolean }>()(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

// The server renders online; an offline browser shows its banner right after hydrating.
export const useNetworkStore = withServerSnapshot(
  'network',
  networkStore,
  () => ({ online: true }),
  {
    browser: true,
  },
);

export function watchNetworkStatus(target: Window = window): () => void {
  const update = () => useNetworkStore.setState({ online: target.navigator.onLine });
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  update();
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
  };
}
