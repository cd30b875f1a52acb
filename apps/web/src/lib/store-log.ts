import { create } from 'zustand';

/** The debug console's log: the last 20 store changes (spec doc 2 §9). */
export const STORE_LOG_LIMIT = 20;

export interface StoreChange {
  id: number;
  at: string;
  store: string;
  keys: string[];
}

export const useStoreLog = create<{ changes: StoreChange[] }>()(() => ({ changes: [] }));

let nextId = 1;

export function appendChange(
  changes: readonly StoreChange[],
  change: StoreChange,
  limit = STORE_LOG_LIMIT,
): StoreChange[] {
  return [...changes, change].slice(-limit);
}

interface Subscribable<S> {
  subscribe: (listener: (state: S, previous: S) => void) => () => void;
}

/** Records which keys of a store changed; returns the unsubscribe function. */
export function recordStoreChanges<S extends object>(
  name: string,
  store: Subscribable<S>,
): () => void {
  return store.subscribe((state, previous) => {
    const keys = Object.keys(state).filter(
      (key) =>
        state[key as keyof S] !== previous[key as keyof S] &&
        typeof state[key as keyof S] !== 'function',
    );
    if (keys.length === 0) return;
    const change = { id: nextId++, at: new Date().toISOString().slice(11, 23), store: name, keys };
    useStoreLog.setState({ changes: appendChange(useStoreLog.getState().changes, change) });
  });
}
