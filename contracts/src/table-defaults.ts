/**
 * The table's style defaults (SPEC §9), its named themes and the choices the styles accept. Plain
 * values, no zod: the engine reads them through table.ts, and the documentation page prints them
 * without loading the request schemas.
 */
import type { ResolvedStyles } from './table';

export const FONT_FAMILIES = [
  'Inter',
  'Roboto',
  'Roboto Mono',
  'Merriweather',
  'Arial',
  'Helvetica',
  'Georgia',
  'Times New Roman',
  'Courier New',
] as const;
export const BORDER_STYLES = ['solid', 'dashed', 'dotted', 'none'] as const;
export const THEMES = ['light', 'dark', 'minimal', 'striped', 'ocean', 'forest'] as const;
export type ThemeName = (typeof THEMES)[number];

/** SPEC §9 style defaults (plus the few extra fields the engine needs). */
const DEFAULT_STYLES: ResolvedStyles = {
  headerBg: '#2563eb',
  headerText: '#ffffff',
  rowEvenBg: '#f8fafc',
  rowOddBg: '#ffffff',
  borderColor: '#e2e8f0',
  textColor: '#1e293b',
  backgroundColor: '#ffffff',
  titleColor: '#0f172a',
  fontFamily: 'Inter, sans-serif',
  fontSize: 14,
  headerFontSize: null,
  titleFontSize: null,
  borderStyle: 'solid',
  borderWidth: 1,
  cellPadding: 12,
  imageQuality: 8,
  imageFormat: 'png',
  defaultWidth: 800,
  tableShadow: false,
  zebraStripes: true,
  theme: null,
  columnStyles: null,
  rowStyles: null,
  cellStyles: null,
  conditionalFormats: null,
  spanners: null,
  complexDataDisplay: {
    maxDepth: 3,
    arrayDisplay: 'inline',
    objectDisplay: 'inline',
    nullDisplay: '-',
    undefinedDisplay: '-',
    booleanDisplay: { true: '✓', false: '✗' },
  },
};
export const defaultStyles: Readonly<ResolvedStyles> = Object.freeze(DEFAULT_STYLES);

type ThemeStyles = Partial<
  Omit<
    ResolvedStyles,
    'complexDataDisplay' | 'columnStyles' | 'rowStyles' | 'cellStyles' | 'theme' | 'conditionalFormats' | 'spanners'
  >
>;

/** Named themes: a theme fills the fields its layer leaves unset. */
export const themes: Readonly<Record<ThemeName, ThemeStyles>> = Object.freeze({
  light: {},
  dark: {
    headerBg: '#0f172a',
    headerText: '#f8fafc',
    rowEvenBg: '#1e293b',
    rowOddBg: '#162032',
    borderColor: '#334155',
    textColor: '#e2e8f0',
    backgroundColor: '#0b1220',
    titleColor: '#f8fafc',
  },
  minimal: {
    headerBg: '#ffffff',
    headerText: '#0f172a',
    rowEvenBg: '#ffffff',
    rowOddBg: '#ffffff',
    borderColor: '#e5e7eb',
    textColor: '#334155',
    zebraStripes: false,
  },
  striped: {
    headerBg: '#334155',
    headerText: '#ffffff',
    rowEvenBg: '#eef2f7',
    rowOddBg: '#ffffff',
    borderColor: '#e2e8f0',
  },
  ocean: {
    headerBg: '#0e7490',
    headerText: '#ffffff',
    rowEvenBg: '#ecfeff',
    rowOddBg: '#ffffff',
    borderColor: '#cffafe',
  },
  forest: {
    headerBg: '#166534',
    headerText: '#ffffff',
    rowEvenBg: '#f0fdf4',
    rowOddBg: '#ffffff',
    borderColor: '#dcfce7',
  },
});
