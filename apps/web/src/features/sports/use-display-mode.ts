import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../lib/session-store';
import { settingsQuery } from '../accounts/api/settings-query';
import {
  browserSaveData,
  displayModeOf,
  readRememberedMode,
  rememberDisplayMode,
  tuningFor,
  type DisplayMode,
  type SportsTuning,
} from './display-mode';

export interface DisplayState {
  mode: DisplayMode;
  /**
   * False only while a signed-in user's settings are loading and none are remembered on this
   * device: lists wait, so a data-saving user never pays for a full-size first page.
   */
  settled: boolean;
}

/**
 * The current display mode: the signed-in user's settings (the settings page's query, so a
 * toggle there applies at once), else the flags remembered from the last read on this device;
 * the browser's Save-Data hint for guests.
 */
export function useDisplayState(): DisplayState {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const settings = useQuery({ ...settingsQuery(), enabled: isAuthenticated, staleTime: 300_000 });
  const flags = isAuthenticated ? settings.data?.settings : undefined;
  const remembered = isAuthenticated && !flags ? readRememberedMode() : null;
  const mode = flags
    ? displayModeOf(flags, browserSaveData())
    : displayModeOf(
        remembered ? { compactMode: remembered.compact, saveData: remembered.saveData } : undefined,
        browserSaveData(),
      );
  useEffect(() => {
    if (!isAuthenticated) rememberDisplayMode(null);
  }, [isAuthenticated]);
  return {
    mode,
    settled: !isAuthenticated || flags !== undefined || remembered !== null || settings.isError,
  };
}

export function useDisplayMode(): DisplayMode {
  return useDisplayState().mode;
}

/** The tuning and whether it is final (see `DisplayState.settled`). */
export function useSportsTuning(): SportsTuning & { settled: boolean } {
  const { mode, settled } = useDisplayState();
  return settled ? tuningFor(mode) : { ...tuningFor(mode), settled };
}
