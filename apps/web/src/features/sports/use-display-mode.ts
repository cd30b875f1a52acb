import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../lib/session-store';
import { settingsQuery } from '../accounts/api/settings-query';
import {
  browserSaveData,
  displayModeOf,
  rememberDisplayMode,
  tuningFor,
  type DisplayMode,
  type SportsTuning,
} from './display-mode';

/**
 * The current display mode: the signed-in user's settings (the settings page's query, so a
 * toggle there applies at once), the browser's Save-Data hint for guests.
 */
export function useDisplayMode(): DisplayMode {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const settings = useQuery({ ...settingsQuery(), enabled: isAuthenticated, staleTime: 300_000 });
  const flags = isAuthenticated ? settings.data?.settings : undefined;
  const mode = displayModeOf(flags, browserSaveData());
  const compact = flags?.compactMode;
  const saveData = flags?.saveData;
  useEffect(() => {
    if (!isAuthenticated) rememberDisplayMode(null);
    else if (compact !== undefined && saveData !== undefined)
      rememberDisplayMode({ compact, saveData });
  }, [isAuthenticated, compact, saveData]);
  return mode;
}

export function useSportsTuning(): SportsTuning {
  return tuningFor(useDisplayMode());
}
