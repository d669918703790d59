/**
 * The table request payload (SPEC §3): cells, styles, options, and the style defaults and themes.
 * Shared by the render engine and the web app (settings validation, styles editor), so this file
 * depends on zod only and runs in a browser as well as in Node.
 */
import { z } from 'zod';
import { isPlainObject, jsonObjectIn } from './json';
import { IMAGE_FORMATS, type ImageFormat } from './formats';
import { MAX_SPLIT_IMAGES, PRESET_NAMES, PRESETS } from './presets';

// ---------------------------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------------------------

export { NAMED_COLOURS, parseColour, colourSchema } from './colour';
import { colourSchema } from './colour';
import {
  conditionalFormatsSchema,
  spannersSchema,
  tableFeatureFields,
  type ConditionalFormat,
  type SpannerInput,
} from './table-features';

/** 14, "14" or "14px" → 14. */
const pixelsSchema = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d{1,5}(?:\.\d+)?\s*(?:px)?\s*$/, 'Expected a number of pixels')])
    .transform((v) => (typeof v === 'number' ? v : Number.parseFloat(v)))
    .pipe(z.number().finite().min(min).max(max));

const intSchema = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d{1,6}\s*$/, 'Expected a whole number')])
    .transform((v) => (typeof v === 'number' ? v : Number.parseInt(v, 10)))
    .pipe(z.number().int().min(min).max(max));

const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

import { BORDER_STYLES, THEMES, defaultStyles, themes, type ThemeName } from './table-defaults';
export { FONT_FAMILIES, BORDER_STYLES, THEMES, type ThemeName, defaultStyles, themes } from './table-defaults';
export { IMAGE_FORMATS, type ImageFormat } from './formats';

const formatSchema = z
  .string()
  .transform((s) => (s.toLowerCase() === 'jpg' ? 'jpeg' : s.toLowerCase()))
  .pipe(z.enum(IMAGE_FORMATS));

/** Any family name is accepted (CSS-like stacks too); the engine maps it to a bundled font. */
const fontFamilySchema = z.string().max(200);

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

export const cellStyleSchema = z.object({
  backgroundColor: colourSchema.optional(),
  textColor: colourSchema.optional(),
  color: colourSchema.optional(),
  fontWeight: z.union([z.enum(['normal', 'bold', 'lighter', 'bolder']), z.number().int().min(100).max(900)]).optional(),
  fontStyle: z.enum(['normal', 'italic']).optional(),
  textAlign: z.enum(['left', 'center', 'right']).optional(),
  fontSize: pixelsSchema(6, 72).optional(),
  colspan: intSchema(1, 1000).optional(),
  rowspan: intSchema(1, 100000).optional(),
});
export type CellStyle = z.infer<typeof cellStyleSchema>;

export const CELL_TYPES = [
  'text',
  'number',
  'currency',
  'percentage',
  'date',
  'datetime',
  'boolean',
  'link',
  'image',
  'sparkline',
] as const;
export type CellType = (typeof CELL_TYPES)[number];

/** `format` of a typed cell: Intl options plus a few shorthands. */
export const cellFormatSchema = z.union([
  z.string().max(100),
  z.object({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .optional(),
    decimals: z.number().int().min(0).max(20).optional(),
    minimumFractionDigits: z.number().int().min(0).max(20).optional(),
    maximumFractionDigits: z.number().int().min(0).max(20).optional(),
    notation: z.enum(['standard', 'scientific', 'engineering', 'compact']).optional(),
    dateStyle: z.enum(['full', 'long', 'medium', 'short']).optional(),
    timeStyle: z.enum(['full', 'long', 'medium', 'short']).optional(),
    timeZone: z.string().max(64).optional(),
    locale: z.string().max(35).optional(),
    width: pixelsSchema(1, 4000).optional(),
    height: pixelsSchema(1, 4000).optional(),
    trueText: z.string().max(50).optional(),
    falseText: z.string().max(50).optional(),
  }),
]);
export type CellFormat = z.infer<typeof cellFormatSchema>;

const cellCommon = {
  style: cellStyleSchema.optional(),
  link: z.string().max(2048).optional(),
  tooltip: z.string().max(1000).optional(),
  colspan: intSchema(1, 1000).optional(),
  rowspan: intSchema(1, 100000).optional(),
};

export const typedCellSchema = z.object({
  type: z.enum(CELL_TYPES),
  value: z.unknown(),
  format: cellFormatSchema.optional(),
  display: z.string().max(10000).optional(),
  alt: z.string().max(500).optional(),
  ...cellCommon,
});
export type TypedCell = z.infer<typeof typedCellSchema>;

export const richCellSchema = z.object({
  value: z.unknown(),
  display: z.union([z.string(), z.number()]).optional(),
  ...cellCommon,
});
export type RichCell = z.infer<typeof richCellSchema>;

const primitiveSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Any JSON value is a cell; typed and rich cells are recognised by their keys. */
export const cellSchema = z.union([
  primitiveSchema,
  typedCellSchema,
  richCellSchema,
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
export type Cell = z.infer<typeof cellSchema>;

// ---------------------------------------------------------------------------------------------
// Styles
// ---------------------------------------------------------------------------------------------

export const columnStyleSchema = z.object({
  width: pixelsSchema(20, 4000).optional(),
  minWidth: pixelsSchema(0, 4000).optional(),
  maxWidth: pixelsSchema(20, 4000).optional(),
  /** 'decimal' lines numbers up at their decimal separator (right-aligned otherwise). */
  textAlign: z.enum(['left', 'center', 'right', 'decimal']).optional(),
  /** The same as textAlign (the name tables and great_tables use); textAlign wins when both are given. */
  align: z.enum(['left', 'center', 'right', 'decimal']).optional(),
  backgroundColor: colourSchema.optional(),
  textColor: colourSchema.optional(),
  fontWeight: z.enum(['normal', 'bold', 'lighter', 'bolder']).optional(),
});
export type ColumnStyle = z.infer<typeof columnStyleSchema>;

export const rowStyleSchema = z.object({
  backgroundColor: colourSchema.optional(),
  textColor: colourSchema.optional(),
  height: pixelsSchema(8, 2000).optional(),
  fontWeight: z.enum(['normal', 'bold', 'lighter', 'bolder']).optional(),
});
export type RowStyle = z.infer<typeof rowStyleSchema>;

export const complexDataDisplaySchema = z.object({
  maxDepth: intSchema(1, 5).optional(),
  arrayDisplay: z.enum(['inline', 'list', 'table']).optional(),
  objectDisplay: z.enum(['inline', 'table']).optional(),
  nullDisplay: z.string().max(50).optional(),
  undefinedDisplay: z.string().max(50).optional(),
  booleanDisplay: z.object({ true: z.string().max(50).optional(), false: z.string().max(50).optional() }).optional(),
});
export type ComplexDataDisplay = z.infer<typeof complexDataDisplaySchema>;

/** Keyed by column name or 0-based index; an array is read by index. */
const keyedSchema = <T extends z.ZodType>(item: T) =>
  z.union([z.record(z.string().max(200), item), z.array(z.union([item, z.null()])).max(1000)]);

export const stylesSchema = z.object({
  headerBg: colourSchema.optional(),
  headerText: colourSchema.optional(),
  rowEvenBg: colourSchema.optional(),
  rowOddBg: colourSchema.optional(),
  borderColor: colourSchema.optional(),
  /** Body text and canvas colours (not in SPEC; themes need them, e.g. dark). */
  textColor: colourSchema.optional(),
  backgroundColor: colourSchema.optional(),
  titleColor: colourSchema.optional(),
  fontFamily: fontFamilySchema.optional(),
  fontSize: pixelsSchema(8, 48).optional(),
  headerFontSize: pixelsSchema(8, 48).optional(),
  titleFontSize: pixelsSchema(8, 72).optional(),
  borderStyle: z.enum(BORDER_STYLES).optional(),
  borderWidth: pixelsSchema(0, 10).optional(),
  cellPadding: pixelsSchema(0, 50).optional(),
  imageQuality: intSchema(1, 10).optional(),
  imageFormat: formatSchema.optional(),
  defaultWidth: pixelsSchema(100, 4000).optional(),
  tableShadow: boolish.optional(),
  zebraStripes: boolish.optional(),
  theme: z.enum(THEMES).optional(),
  // Aliases used by the docs, samples and the demo (folded into the canonical fields on merge).
  headerBgColor: colourSchema.optional(),
  headerTextColor: colourSchema.optional(),
  headerColor: colourSchema.optional(),
  rowEvenBgColor: colourSchema.optional(),
  rowOddBgColor: colourSchema.optional(),
  rowAlternateColors: z.union([z.array(colourSchema).min(1).max(2), boolish]).optional(),
  columnStyles: keyedSchema(columnStyleSchema).optional(),
  rowStyles: keyedSchema(rowStyleSchema).optional(),
  cellStyles: z
    .array(z.union([z.array(z.union([cellStyleSchema, z.null()])).max(1000), z.null()]))
    .max(10000)
    .optional(),
  complexDataDisplay: complexDataDisplaySchema.optional(),
  /** Saved with project styles (the styles editor); a request's top-level lists win. */
  conditionalFormats: conditionalFormatsSchema.optional(),
  spanners: spannersSchema.optional(),
});
export type StylesInput = z.infer<typeof stylesSchema>;

/** Styles after the merge: every canonical field set, aliases folded in. */
export interface ResolvedStyles {
  headerBg: string;
  headerText: string;
  rowEvenBg: string;
  rowOddBg: string;
  borderColor: string;
  textColor: string;
  backgroundColor: string;
  titleColor: string;
  fontFamily: string;
  fontSize: number;
  headerFontSize: number | null;
  titleFontSize: number | null;
  borderStyle: (typeof BORDER_STYLES)[number];
  borderWidth: number;
  cellPadding: number;
  imageQuality: number;
  imageFormat: ImageFormat;
  defaultWidth: number;
  tableShadow: boolean;
  zebraStripes: boolean;
  theme: ThemeName | null;
  columnStyles: Record<string, ColumnStyle> | (ColumnStyle | null)[] | null;
  rowStyles: Record<string, RowStyle> | (RowStyle | null)[] | null;
  cellStyles: ((CellStyle | null)[] | null)[] | null;
  complexDataDisplay: Required<Omit<ComplexDataDisplay, 'booleanDisplay'>> & {
    booleanDisplay: { true: string; false: string };
  };
  conditionalFormats: ConditionalFormat[] | null;
  spanners: SpannerInput[] | null;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A plain copy of a JSON-ish value without prototype-polluting keys (records become null-prototype-free plain objects). */
export function safeClone<T>(value: T, depth = 0): T {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => safeClone(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    Object.defineProperty(out, key, {
      value: safeClone((value as Record<string, unknown>)[key], depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}

/**
 * One layer of styles in canonical fields only: aliases (headerBgColor, headerColor, rowAlternateColors …)
 * and the theme folded in. What a canonical table request carries (table-request.ts).
 */
export type StyleLayer = Partial<ResolvedStyles>;

/** Folds one layer's aliases and theme into canonical fields (explicit field > alias > theme). */
export function canonicalStyles(layer: StylesInput | null | undefined): StyleLayer {
  if (!layer) return {};
  const out: StyleLayer = {};
  const theme = layer.theme ? themes[layer.theme] : undefined;
  if (theme) Object.assign(out, theme);
  if (layer.theme) out.theme = layer.theme;
  const alt = layer.rowAlternateColors;
  if (Array.isArray(alt)) {
    // The demo sends [first, second]: the first data row (odd) and the second (even).
    out.rowOddBg = alt[0];
    out.rowEvenBg = alt[1] ?? alt[0];
    out.zebraStripes = true;
  } else if (typeof alt === 'boolean') {
    out.zebraStripes = alt;
  }
  const pick = <K extends keyof ResolvedStyles>(key: K, ...values: (ResolvedStyles[K] | undefined)[]) => {
    for (const v of values)
      if (v !== undefined) {
        out[key] = v;
        return;
      }
  };
  pick('headerBg', layer.headerBg, layer.headerBgColor, layer.headerColor);
  pick('headerText', layer.headerText, layer.headerTextColor);
  pick('rowEvenBg', layer.rowEvenBg, layer.rowEvenBgColor);
  pick('rowOddBg', layer.rowOddBg, layer.rowOddBgColor);
  pick('borderColor', layer.borderColor);
  pick('textColor', layer.textColor);
  pick('backgroundColor', layer.backgroundColor);
  pick('titleColor', layer.titleColor);
  pick('fontFamily', layer.fontFamily);
  pick('fontSize', layer.fontSize);
  pick('headerFontSize', layer.headerFontSize);
  pick('titleFontSize', layer.titleFontSize);
  pick('borderStyle', layer.borderStyle);
  pick('borderWidth', layer.borderWidth);
  pick('cellPadding', layer.cellPadding);
  pick('imageQuality', layer.imageQuality);
  pick('imageFormat', layer.imageFormat);
  pick('defaultWidth', layer.defaultWidth);
  pick('tableShadow', layer.tableShadow);
  pick('zebraStripes', layer.zebraStripes);
  if (layer.columnStyles) out.columnStyles = safeClone(layer.columnStyles);
  if (layer.rowStyles) out.rowStyles = safeClone(layer.rowStyles);
  if (layer.cellStyles) out.cellStyles = safeClone(layer.cellStyles);
  if (layer.conditionalFormats) out.conditionalFormats = safeClone(layer.conditionalFormats);
  if (layer.spanners) out.spanners = safeClone(layer.spanners);
  if (layer.complexDataDisplay) {
    const c = layer.complexDataDisplay;
    // Partial on purpose: merged field by field below.
    out.complexDataDisplay = {
      ...(c.maxDepth !== undefined ? { maxDepth: c.maxDepth } : {}),
      ...(c.arrayDisplay !== undefined ? { arrayDisplay: c.arrayDisplay } : {}),
      ...(c.objectDisplay !== undefined ? { objectDisplay: c.objectDisplay } : {}),
      ...(c.nullDisplay !== undefined ? { nullDisplay: c.nullDisplay } : {}),
      ...(c.undefinedDisplay !== undefined ? { undefinedDisplay: c.undefinedDisplay } : {}),
      booleanDisplay: { ...(c.booleanDisplay ?? {}) },
    } as ResolvedStyles['complexDataDisplay'];
  }
  return out;
}

/**
 * Style priority (SPEC §9): request, then project defaults, then system. Each layer is parsed
 * leniently: a layer that fails validation throws (the caller decides: 400 for the request,
 * ignore for stored project defaults). Keys `__proto__`, `constructor` and `prototype` never
 * reach the result.
 */
export function mergeStyles(
  request: StylesInput | null | undefined,
  projectDefaults?: StylesInput | null,
  system: Readonly<ResolvedStyles> = defaultStyles,
): ResolvedStyles {
  return mergeStyleLayers(canonicalStyles(request), projectDefaults, system);
}

/** The same, for a request layer already canonical (CanonicalTableRequest.styles). */
export function mergeStyleLayers(
  request: StyleLayer,
  projectDefaults?: StylesInput | null,
  system: Readonly<ResolvedStyles> = defaultStyles,
): ResolvedStyles {
  const layers = [canonicalStyles(projectDefaults), request];
  const out: ResolvedStyles = {
    ...system,
    complexDataDisplay: {
      ...system.complexDataDisplay,
      booleanDisplay: { ...system.complexDataDisplay.booleanDisplay },
    },
  };
  for (const layer of layers) {
    for (const key of Object.keys(layer) as (keyof ResolvedStyles)[]) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      if (key === 'complexDataDisplay') {
        const c = layer.complexDataDisplay!;
        out.complexDataDisplay = {
          ...out.complexDataDisplay,
          ...c,
          booleanDisplay: { ...out.complexDataDisplay.booleanDisplay, ...c.booleanDisplay },
        };
        continue;
      }
      (out as unknown as Record<string, unknown>)[key] = layer[key];
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

const aggregateFnSchema = z.enum(['sum', 'avg', 'min', 'max', 'count']);
export type AggregateFn = z.infer<typeof aggregateFnSchema>;

export const dataProcessingSchema = z.object({
  sortBy: z.union([z.string().max(200), z.array(z.string().max(200)).max(20)]).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  filter: z.record(z.string().max(200), z.unknown()).optional(),
  groupBy: z.union([z.string().max(200), z.array(z.string().max(200)).max(5)]).optional(),
  aggregate: z.record(z.string().max(200), z.union([aggregateFnSchema, z.array(aggregateFnSchema).max(5)])).optional(),
});
export type DataProcessing = z.infer<typeof dataProcessingSchema>;

export const paginationSchema = z.object({
  enabled: boolish.optional(),
  pageSize: intSchema(1, 100000).optional(),
  currentPage: intSchema(1, 100000).optional(),
});

/**
 * One of `values`, matched without regard to case ("letter" is Letter), or a 400 naming them.
 * The values are carried into the OpenAPI document (its input side is a plain string).
 */
const caselessEnum = <const T extends readonly [string, ...string[]]>(values: T, description: string) => {
  const list = `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
  return z
    .string({ error: `Expected ${list}` })
    .transform((s) => values.find((v) => v.toLowerCase() === s.trim().toLowerCase()) ?? s)
    .pipe(z.enum(values, { error: `Expected ${list}` }))
    .optional()
    .meta({ description: `${description} One of ${list} (any case); default ${values[0]}.`, enum: [...values] });
};

const PDF_PAGE_SIZES = ['A4', 'Letter', 'Legal'] as const;
const PDF_ORIENTATIONS = ['auto', 'portrait', 'landscape'] as const;
const PDF_ALIGNS = ['center', 'left', 'right'] as const;
const PDF_FITS = ['none', 'width'] as const;

/**
 * Page setup of a PDF (issue #29): paper size, orientation (`auto` turns the page when the table
 * is wider than tall, or too wide for an upright page), where the table sits across the page, and
 * whether it is scaled to the page's width. Unknown keys are refused so a misspelt one is named.
 */
const pdfOptionsSchema = z
  .strictObject(
    {
      pageSize: caselessEnum(PDF_PAGE_SIZES, 'Paper size.'),
      orientation: caselessEnum(
        PDF_ORIENTATIONS,
        'auto turns the page when the table is wider than tall, or too wide for an upright page.',
      ),
      align: caselessEnum(PDF_ALIGNS, 'Where the table (with its title and notes) sits between the page margins.'),
      fit: caselessEnum(
        PDF_FITS,
        'width scales the table to the width between the margins (up or down); with none a table wider than the page widens the page.',
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown PDF option ${issue.keys.map((k) => `"${k}"`).join(', ')} (expected pageSize, orientation, align or fit)`
          : 'Expected an object with pageSize, orientation, align or fit',
    },
  )
  .meta({
    description:
      'PDF page setup (format pdf only): pageSize, orientation, align, fit. Every page carries "Page i of n" and, after the first, the title.',
  });
export type PdfOptions = z.infer<typeof pdfOptionsSchema>;

/** How an SVG carries its text (options.svgText). */
export const SVG_TEXT_MODES = ['fonts', 'paths'] as const;
export type SvgText = (typeof SVG_TEXT_MODES)[number];

const presetList = `${PRESET_NAMES.slice(0, -1).join(', ')} or ${PRESET_NAMES[PRESET_NAMES.length - 1]}`;
/** A channel preset (presets.ts); explicit options win over it. */
const presetSchema = z
  .string({ error: `Expected ${presetList}` })
  .transform((s) => PRESET_NAMES.find((v) => v === s.trim().toLowerCase()) ?? s)
  .pipe(z.enum(PRESET_NAMES, { error: `Expected ${presetList}` }))
  .meta({
    description:
      `Sets the width, device scale, format and margin that suit a channel; anything the request sets itself wins. ` +
      PRESET_NAMES.map((n) => {
        const p = PRESETS[n];
        return `${n}: ${p.width} px × ${p.scale}, ${p.format}, margin ${p.margin} px${p.pageHeight ? `, pages up to ${p.pageHeight} px tall` : p.pdf ? `, ${p.pdf.pageSize} pages fitted to the width` : ''}`;
      }).join('; ') +
      '.',
    enum: [...PRESET_NAMES],
  });

/** The most rows one image of a split may hold (a whole table's row limit). */
export const MAX_SPLIT_ROWS = 10_000;
const SPLIT_MESSAGE = `Expected "auto" or { "maxRows": n } with n a whole number from 1 to ${MAX_SPLIT_ROWS}`;
/**
 * A long table as several images (issue #25): `{ maxRows: n }` puts at most n rows under the
 * header of each image; "auto" as many as fit the preset's page height (so it needs a preset).
 */
export const splitSchema = z
  .union(
    [
      z.literal('auto'),
      z.strictObject(
        {
          maxRows: z
            .number({ error: SPLIT_MESSAGE })
            .int(SPLIT_MESSAGE)
            .min(1, SPLIT_MESSAGE)
            .max(MAX_SPLIT_ROWS, SPLIT_MESSAGE),
        },
        { error: SPLIT_MESSAGE },
      ),
    ],
    { error: SPLIT_MESSAGE },
  )
  .meta({
    description:
      'Several images of one long table, each with the header repeated and "Page i of n" under it, listed in the ' +
      `response's images (at most ${MAX_SPLIT_IMAGES}; each counts as a table). { "maxRows": n }: at most n rows ` +
      '(data, group and summary rows) per image. "auto": as many rows as fit the preset\'s page height (needs ' +
      'options.preset). A PDF stays one document, counted as one table: with maxRows each group of at most n rows ' +
      'starts a new page (header repeated, "Page i of n" in the footer); "auto" changes nothing, as a PDF already ' +
      'breaks where the paper ends.',
  });
export type SplitOption = z.infer<typeof splitSchema>;

export const tableOptionsSchema = z.object({
  title: z.string().max(500).optional(),
  styles: stylesSchema.optional(),
  customFilename: z.string().max(200).optional(),
  fileName: z.string().max(200).optional(),
  projectId: z.union([z.string().max(100), z.number()]).optional(),
  showRowNumbers: boolish.optional(),
  showColumnHeaders: boolish.optional(),
  headers: boolish.optional(),
  autoFitColumns: boolish.optional(),
  freezeHeader: boolish.optional(),
  freezeFirstColumn: boolish.optional(),
  showGridLines: boolish.optional(),
  showAlternatingRows: boolish.optional(),
  showBorder: boolish.optional(),
  dataProcessing: dataProcessingSchema.optional(),
  pagination: paginationSchema.optional(),
  format: formatSchema.optional(),
  width: z.union([z.literal('auto'), pixelsSchema(100, 4000)]).optional(),
  quality: intSchema(1, 100).optional(),
  imageQuality: intSchema(1, 10).optional(),
  deviceScaleFactor: z.number().min(1).max(3).optional(),
  direction: z.enum(['ltr', 'rtl']).optional(),
  /**
   * SVG text: "fonts" (default) keeps real text and embeds the glyphs it uses as subset fonts;
   * "paths" draws the glyphs as outlines, with no text and no fonts, for tools that ignore @font-face.
   */
  svgText: caselessEnum(
    SVG_TEXT_MODES,
    'SVG only. fonts: real, selectable text with the glyphs it uses embedded as subset fonts (@font-face). paths: glyph outlines, no text and no fonts, for tools that ignore @font-face.',
  ),
  locale: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'Expected a locale such as en-US')
    .optional(),
  theme: z.enum(THEMES).optional(),
  pdf: pdfOptionsSchema.optional(),
  preset: presetSchema.optional(),
  /** Space around the table, its title and notes (CSS pixels); a preset sets one. */
  margin: pixelsSchema(0, 200).optional(),
  split: splitSchema.optional(),
});
export type TableOptions = z.infer<typeof tableOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Payload
// ---------------------------------------------------------------------------------------------

export const EMPTY_PAYLOAD_MESSAGE = 'Must provide either data array or headers';

const headerSchema = z
  .union([z.string().max(1000), z.number()], { error: 'Each header must be a string or a number' })
  .transform((h) => String(h));

/**
 * Forms (SPEC §3): (a) `data` rows (objects, or arrays with `headers` or a header first row);
 * (b) `headers` + `rows`; (c) either, with at least non-empty data or headers. The alternative
 * sample format (title, headers, rows, styles with headerBg/headerText) is form (b).
 */
export const tableRequestFields = {
  data: z.array(z.unknown()).optional(),
  headers: z.array(headerSchema).optional(),
  rows: z.array(z.unknown()).optional(),
  title: z.string().max(500).optional(),
  styles: stylesSchema.optional(),
  options: tableOptionsSchema.optional(),
  customFilename: z.string().max(200).optional(),
  format: formatSchema.optional(),
  ...tableFeatureFields,
};
export const hasTableContent = (p: { data?: unknown[] | undefined; headers?: unknown[] | undefined }): boolean =>
  (p.data?.length ?? 0) > 0 || (p.headers?.length ?? 0) > 0;
export const tableRequestSchema = z
  .object(tableRequestFields)
  .refine(hasTableContent, { message: EMPTY_PAYLOAD_MESSAGE });
export type TableRequest = z.infer<typeof tableRequestSchema>;

/** A data array whose rows are neither objects nor arrays: nothing names the columns. */
export const DATA_ROWS_MESSAGE = 'Each data row must be an object (its keys become the headers) or an array of cells';
/** Data rows that are all empty objects. */
export const NO_KEYS_MESSAGE = 'The data rows have no keys to use as column headers';

/** JSON text of the expected kind (object or array) parsed; anything else as it was. */
function unwrapJsonText(value: unknown, want: 'object' | 'array'): unknown {
  if (typeof value !== 'string') return value;
  const parsed = jsonObjectIn(value);
  return (want === 'array' ? Array.isArray(parsed) : isPlainObject(parsed)) ? parsed : value;
}

/** A copy without the keys whose value is null (an unmapped field of a no-code tool). */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  // fromEntries defines own properties, so a "__proto__" key stays a plain key here too.
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/**
 * What automation tools (Make, n8n, Zapier, Gumloop) send for a table, read as what they mean,
 * before validation: `null` for an optional field they left unmapped means "not given"; `data`
 * holding one object (a single bundle) is one row; `data`, `rows` or `headers` holding JSON
 * text of an array, and `styles` or `options` holding JSON text of an object, are that array or
 * object. Anything else is returned as it is, for the schema to judge. Never mutates `body`.
 */
export function coerceTablePayload(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const out = withoutNulls(body);
  for (const key of ['data', 'rows', 'headers'] as const) {
    if (key in out) out[key] = unwrapJsonText(out[key], 'array');
  }
  if (isPlainObject(out.data)) out.data = [out.data];
  for (const key of ['styles', 'options'] as const) {
    if (key in out) out[key] = unwrapJsonText(out[key], 'object');
  }
  if (isPlainObject(out.styles)) out.styles = withoutNulls(out.styles);
  if (isPlainObject(out.options)) {
    const options = withoutNulls(out.options);
    if ('styles' in options) options.styles = unwrapJsonText(options.styles, 'object');
    if (isPlainObject(options.styles)) options.styles = withoutNulls(options.styles);
    out.options = options;
  }
  return out;
}
