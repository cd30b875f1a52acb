import { create } from 'zustand';

/** Online or offline, following the browser (spec doc 1 §4). */
export const useNetworkStore = create<{ online: boolean }>()(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

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
