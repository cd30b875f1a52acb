import type { UserSettings } from '@dau/contracts/accounts/settings';
import { serverEnvironment } from '../../lib/ssr-environment';

/**
 * Compact mode and data-saving mode (the user's settings, spec doc 2 §3 session values) turned
 * into what the sports pages draw and fetch. Pure, so each rule is a unit test; the hook only
 * reads the settings (`use-display-mode.ts`). Guests follow the browser's Save-Data hint for data
 * saving. The last settings read are remembered on the device, so the first paint of the next
 * visit (home's slideshow) already follows them without loading the query library.
 */
export interface DisplayMode {
  compact: boolean;
  saveData: boolean;
}

export interface SportsTuning {
  /** False while the user's settings are still unknown (see `use-display-mode.ts`). */
  settled: boolean;
  /** Events per list request (`nrOfPre`). */
  pageSize: number;
  /** Event rows drawn on one line: kick-off, teams and prices side by side, no meta line. */
  oneLineRows: boolean;
  /** The '+N markets' count beside each row. */
  showMarketCount: boolean;
  /** Event page: market groups drawn open; the rest are collapsed and drawn when opened. */
  openMarketGroups: number;
  /** Pre-match lists join their sport's live room (live lists always do). */
  preMatchLiveRoom: boolean;
  /** Event details fetched ahead when a row is touched or hovered. */
  prefetch: boolean;
  /** Promotion images and other pictures. */
  images: boolean;
  /** Lists refetch in the background this often (new events, counts) while on screen. */
  refreshMs: number;
  /** Rows in each home slot at most (the content's limit applies below it). */
  homeSlotLimit: number;
}

export const NORMAL_MODE: DisplayMode = { compact: false, saveData: false };

export const DEFAULT_PAGE_SIZE = 30;
export const SAVE_DATA_PAGE_SIZE = 15;
export const REFRESH_MS = 60_000;
export const SAVE_DATA_REFRESH_MS = 180_000;
export const COMPACT_OPEN_MARKET_GROUPS = 3;

export function displayModeOf(
  settings: Pick<UserSettings, 'compactMode' | 'saveData'> | undefined,
  browserSaveData: boolean,
): DisplayMode {
  return {
    compact: settings?.compactMode ?? false,
    saveData: settings ? settings.saveData || browserSaveData : browserSaveData,
  };
}

export function sportsTuning(mode: DisplayMode): SportsTuning {
  return {
    settled: true,
    pageSize: mode.saveData ? SAVE_DATA_PAGE_SIZE : DEFAULT_PAGE_SIZE,
    oneLineRows: mode.compact,
    showMarketCount: !mode.compact,
    openMarketGroups: mode.compact ? COMPACT_OPEN_MARKET_GROUPS : Number.POSITIVE_INFINITY,
    preMatchLiveRoom: !mode.saveData,
    prefetch: !mode.saveData,
    images: !mode.saveData,
    refreshMs: mode.saveData ? SAVE_DATA_REFRESH_MS : REFRESH_MS,
    homeSlotLimit: mode.compact || mode.saveData ? 5 : 10,
  };
}

/** The browser's data-saver hint (Chrome on Android: Lite mode / Data Saver). */
export function browserSaveData(): boolean {
  const env = serverEnvironment();
  if (env) return env.saveData;
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

const MEMORY_KEY = 'dau:display-mode';
const rememberedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the remembered flags change (a settings read or a toggle on the
 * settings page): the home slots, which run without TanStack Query, follow the settings so.
 */
export function onRememberedModeChange(listener: () => void): () => void {
  rememberedListeners.add(listener);
  return () => void rememberedListeners.delete(listener);
}

/** Remembers the signed-in user's flags for the next page load (see `rememberedDisplayMode`). */
export function rememberDisplayMode(mode: DisplayMode | null): void {
  try {
    if (mode) localStorage.setItem(MEMORY_KEY, JSON.stringify(mode));
    else localStorage.removeItem(MEMORY_KEY);
  } catch {
    // Storage full or blocked: the mode is still read from the settings.
  }
  for (const listener of rememberedListeners) listener();
}

/** The flags remembered from the last settings read on this device, if any. */
export function readRememberedMode(): DisplayMode | null {
  if (serverEnvironment()) return null;
  try {
    const remembered = JSON.parse(localStorage.getItem(MEMORY_KEY) ?? 'null') as unknown;
    if (typeof remembered !== 'object' || remembered === null) return null;
    const flags = remembered as Partial<DisplayMode>;
    return { compact: flags.compact === true, saveData: flags.saveData === true };
  } catch {
    return null;
  }
}

/** The mode known without a request: remembered settings when signed in, else the browser hint. */
export function rememberedDisplayMode(isAuthenticated: boolean): DisplayMode {
  const remembered = isAuthenticated ? readRememberedMode() : null;
  return displayModeOf(
    remembered ? { compactMode: remembered.compact, saveData: remembered.saveData } : undefined,
    browserSaveData(),
  );
}

const tunings = new Map<string, SportsTuning>();
/** The same object for the same flags, so memoised rows do not re-render. */
export function tuningFor(mode: DisplayMode): SportsTuning {
  const key = `${mode.compact}|${mode.saveData}`;
  let tuning = tunings.get(key);
  if (!tuning) {
    tuning = sportsTuning(mode);
    tunings.set(key, tuning);
  }
  return tuning;
}
