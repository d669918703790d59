/**
 * The create-image screen's Table Style Settings (SPEC §5): what the settings tab edits, how it is
 * kept in local storage under `table-png-settings`, and how a stored copy is re-validated on load.
 * A stored copy that no longer parses (edited by hand, written by an older build) is discarded
 * and removed, so a bad value can never reach a render request.
 */
import {
  defaultTableSettings,
  HEX_COLOUR,
  settingsBorderStyles,
  settingsFonts,
  settingsFontSizes,
  settingsImageFormats,
  tableSettingsSchema,
  type TableSettings,
} from '@jsonable/contracts/settings';

export const SETTINGS_STORAGE_KEY = 'table-png-settings';

export { defaultTableSettings, HEX_COLOUR, settingsFonts, settingsFontSizes, tableSettingsSchema, type TableSettings };
export const borderStyles = settingsBorderStyles;
export const imageFormats = settingsImageFormats;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored settings when they are valid; otherwise removes them and returns null. */
export function loadStoredSettings(storage: StorageLike): TableSettings | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): behave as if nothing was saved
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = tableSettingsSchema.safeParse(parsed);
  if (result.success) return result.data;
  try {
    storage.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // nothing more to do: the invalid copy is ignored either way
  }
  return null;
}

export function storeSettings(storage: StorageLike, settings: TableSettings): void {
  storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(tableSettingsSchema.parse(settings)));
}

/** Field-level problems, keyed by setting name, for the form to show. */
export function settingsErrors(settings: TableSettings): Partial<Record<keyof TableSettings, string>> {
  const result = tableSettingsSchema.safeParse(settings);
  if (result.success) return {};
  const errors: Partial<Record<keyof TableSettings, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in defaultTableSettings) {
      errors[key as keyof TableSettings] ??= issue.message;
    }
  }
  return errors;
}
