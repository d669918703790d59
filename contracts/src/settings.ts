/**
 * The create-image screen's Table Style Settings (SPEC §5): what the settings tab edits, keeps in
 * local storage under `table-png-settings` and saves with POST /api/settings. One schema for the
 * form, its stored copy and the server, so the server never keeps a value the form would refuse.
 */
import { z } from 'zod';
import { IMAGE_FORMATS } from './formats';
import { HEX_COLOUR } from './hex-colour';

export const settingsFonts = ['Inter', 'Roboto', 'Roboto Mono', 'Merriweather'] as const;
export const settingsFontSizes = ['12px', '14px', '16px'] as const;
export const settingsBorderStyles = ['solid', 'dashed', 'dotted', 'none'] as const;
export const settingsImageFormats = IMAGE_FORMATS;

export { HEX_COLOUR } from './hex-colour';
const colour = z.string().regex(HEX_COLOUR, 'Use a hex colour such as #2563eb');

export const tableSettingsSchema = z
  .object({
    headerBg: colour,
    headerText: colour,
    rowEvenBg: colour,
    rowOddBg: colour,
    borderColor: colour,
    fontFamily: z.enum(settingsFonts),
    fontSize: z.enum(settingsFontSizes),
    borderStyle: z.enum(settingsBorderStyles),
    cellPadding: z.number().int().min(0).max(24),
    imageQuality: z.number().int().min(1).max(10),
    imageFormat: z.enum(settingsImageFormats),
    defaultWidth: z.number().int().min(100).max(4000),
  })
  .strict();
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
