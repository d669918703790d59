/**
 * The create-image screen's Table Style Settings (SPEC §5): what the settings tab edits, how it is
 * kept in local storage under `table-png-settings`, and how a stored copy is re-validated on load.
 * A stored copy that no longer parses (edited by hand, written by an older build) is discarded
 * and removed, so a bad value can never reach a render request.
 */
import { z } from 'zod';

export const SETTINGS_STORAGE_KEY = 'table-png-settings';

export const settingsFonts = ['Inter', 'Roboto', 'Roboto Mono', 'Merriweather'] as const;
export const settingsFontSizes = ['12px', '14px', '16px'] as const;
export const borderStyles = ['solid', 'dashed', 'dotted', 'none'] as const;
export const imageFormats = ['png', 'jpeg', 'svg', 'pdf'] as const;

export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const colour = z.string().regex(HEX_COLOUR, 'Use a hex colour such as #2563eb');

export const tableSettingsSchema = z.object({
  headerBg: colour,
  headerText: colour,
  rowEvenBg: colour,
  rowOddBg: colour,
  borderColor: colour,
  fontFamily: z.enum(settingsFonts),
  fontSize: z.enum(settingsFontSizes),
  borderStyle: z.enum(borderStyles),
  cellPadding: z.number().int().min(0).max(24),
  imageQuality: z.number().int().min(1).max(10),
  imageFormat: z.enum(imageFormats),
  defaultWidth: z.number().int().min(100),
}).strict();
export type TableSettings = z.infer<typeof tableSettingsSchema>;

/** SPEC §9 style defaults. */
export const defaultTableSettings: TableSettings = {
  headerBg: '#2563eb',
  headerText: '#ffffff',
  rowEvenBg: '#f8fafc',
  rowOddBg: '#ffffff',
  borderColor: '#e2e8f0',
  fontFamily: 'Inter',
  fontSize: '14px',
  borderStyle: 'solid',
  cellPadding: 12,
  imageQuality: 8,
  imageFormat: 'png',
  defaultWidth: 800,
};

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
