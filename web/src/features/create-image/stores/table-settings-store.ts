/** The settings tab's values, shared with the preview tab (UI state; persisted on Save Settings). */
import { create } from 'zustand';
import { defaultTableSettings, loadStoredSettings, type TableSettings } from '../../../lib/table-settings';

interface SettingsState {
  settings: TableSettings;
  /** True when the values came from local storage or the server, or were saved. */
  fromStorage: boolean;
  set: <K extends keyof TableSettings>(key: K, value: TableSettings[K]) => void;
  replace: (settings: TableSettings, fromStorage: boolean) => void;
}

function initial(): { settings: TableSettings; fromStorage: boolean } {
  const stored = typeof window === 'undefined' ? null : loadStoredSettings(window.localStorage);
  return { settings: stored ?? defaultTableSettings, fromStorage: stored !== null };
}

export const useTableSettings = create<SettingsState>((set) => ({
  ...initial(),
  set: (key, value) => set((s) => ({ settings: { ...s.settings, [key]: value } })),
  replace: (settings, fromStorage) => set({ settings, fromStorage }),
}));
