import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * After a deploy, an open tab may ask for chunks that no longer exist. Reload once to pick up
 * the new build, but at most once per 60 s so a broken deploy cannot loop (spec doc 1 §4).
 */
export const RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'dau:chunk-reload-at';

export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|importing a module script failed|loading (css )?chunk|ChunkLoadError|preload css|unable to preload/i.test(
    message,
  );
}

/** Reloads the page when allowed; returns whether it did. */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY));
  if (!shouldReload(now, Number.isFinite(last) && last > 0 ? last : null)) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

/** A lazy page whose chunk can be asked for before React renders it. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** `React.lazy` for a named export, with the chunk-load reload guard. */
export function lazyPage<M, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyPage {
  const page = lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] as ComponentType };
    } catch (error) {
      // Pending forever while the page reloads; otherwise the error boundary shows 'Sorry!'.
      if (isChunkLoadError(error) && reloadForChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
  // Starting the import early is harmless: the module loads once and `lazy` reuses it.
  return Object.assign(page, { preload: () => load().catch(() => undefined) });
}

export function watchPreloadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
