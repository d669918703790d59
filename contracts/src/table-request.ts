/**
 * The canonical table request (issue #27 item 2): the one place where the payload's aliases are
 * folded. The routes accept a table in many spellings (SPEC §3, §7 and the docs' samples); this
 * schema parses any of them into one shape, so the API parses once and the domain and the engine
 * read one field for each thing:
 *
 * | canonical      | also sent as                                                                 |
 * |----------------|------------------------------------------------------------------------------|
 * | `title`        | `options.title` (`title` wins)                                               |
 * | `format`       | `options.format` (wins), `format`; `jpg` is `jpeg`                           |
 * | `filename`     | `customFilename`, `options.customFilename`, `options.fileName` (in this order) |
 * | `projectId`    | `projectId`, `options.projectId` (a number becomes its digits); the query's `projectId` wins (withQueryProjectId) |
 * | `styles`       | `options.styles` under `styles` (field by field, `styles` wins), `options.theme`, `options.imageQuality` (wins); inside, every style alias (`headerBgColor`, `headerColor`, `rowAlternateColors` …) and the theme folded into canonical fields (canonicalStyles) |
 * | `options.quality` | `options.imageQuality` × 10 (`quality` wins); a styles layer's imageQuality stays a style (8, the default, means 90) |
 * | `options.showColumnHeaders` | `options.headers` (`showColumnHeaders` wins)                     |
 *
 * What automation tools send (nulls for unmapped fields, JSON text in a field, one bundle as one
 * row) is read first (coerceTablePayload). A refusal is a zod error whose first issue becomes the
 * caller's 400 through the one formatter (issues.ts, `namePath`).
 */
import { z } from 'zod';
import type { ImageFormat } from './formats';
import {
  canonicalStyles,
  coerceTablePayload,
  EMPTY_PAYLOAD_MESSAGE,
  hasTableContent,
  tableRequestFields,
  type StyleLayer,
  type StylesInput,
  type TableOptions,
  type TableRequest,
} from './table';

/** The options that are folded elsewhere in the canonical request. */
type FoldedOptions =
  'title' | 'styles' | 'customFilename' | 'fileName' | 'projectId' | 'format' | 'theme' | 'imageQuality' | 'headers';
export type CanonicalOptions = Omit<TableOptions, FoldedOptions>;

export interface CanonicalTableRequest extends Omit<
  TableRequest,
  'title' | 'styles' | 'options' | 'customFilename' | 'format'
> {
  title?: string;
  /** The format the request asks for; a styles layer's imageFormat merges with the project's instead. */
  format?: ImageFormat;
  /** The custom file name asked for, as sent (the file-name helper makes it safe). */
  filename?: string;
  /** The project the body names, trimmed (the query's wins: withQueryProjectId). */
  projectId?: string;
  /** The request's style layer, canonical fields only (merged with the project's defaults by the engine). */
  styles: StyleLayer;
  options: CanonicalOptions;
}

/** A project id as a route reads one: a non-blank string (trimmed) or a finite number; else none. */
export function projectIdFrom(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function toCanonical(request: TableRequest & { projectId?: unknown }): CanonicalTableRequest {
  const { title, styles, options = {}, customFilename, format, projectId, ...table } = request;
  const {
    title: optionsTitle,
    styles: optionsStyles,
    customFilename: optionsCustomFilename,
    fileName,
    projectId: optionsProjectId,
    format: optionsFormat,
    theme,
    imageQuality,
    headers: headersFlag,
    ...rest
  } = options;

  // options.styles under styles (a field in styles wins), then the theme and quality options.
  const layer: StylesInput = { ...optionsStyles, ...styles };
  if (!layer.theme && theme) layer.theme = theme;
  if (imageQuality !== undefined) layer.imageQuality = imageQuality;

  const folded: CanonicalOptions = { ...rest };
  const showColumnHeaders = rest.showColumnHeaders ?? headersFlag;
  if (showColumnHeaders !== undefined) folded.showColumnHeaders = showColumnHeaders;
  // options.imageQuality (1–10) is the output's quality as well; options.quality (1–100) wins.
  const quality = rest.quality ?? (imageQuality === undefined ? undefined : imageQuality * 10);
  if (quality !== undefined) folded.quality = quality;
  const out: CanonicalTableRequest = { ...table, styles: canonicalStyles(layer), options: folded };
  const chosenTitle = title ?? optionsTitle;
  if (chosenTitle !== undefined) out.title = chosenTitle;
  const chosenFormat = optionsFormat ?? format;
  if (chosenFormat !== undefined) out.format = chosenFormat;
  const filename = customFilename ?? optionsCustomFilename ?? fileName;
  if (filename !== undefined) out.filename = filename;
  const project = projectIdFrom(projectId) ?? projectIdFrom(optionsProjectId);
  if (project !== undefined) out.projectId = project;
  return out;
}

/**
 * Any accepted spelling of a table request → the canonical request. The top-level `projectId`
 * is read as the routes always read it: a value that names no project is ignored, not refused.
 */
export const canonicalTableRequestSchema = z.preprocess(
  coerceTablePayload,
  z
    .object({ ...tableRequestFields, projectId: z.unknown().optional() })
    .refine(hasTableContent, { message: EMPTY_PAYLOAD_MESSAGE })
    .transform(toCanonical),
);

/** The query's `projectId` wins over the body's (SPEC §7: "query projectId optional"). */
export function withQueryProjectId(request: CanonicalTableRequest, query: unknown): CanonicalTableRequest {
  const fromQuery = projectIdFrom((query as { projectId?: unknown } | null | undefined)?.projectId);
  return fromQuery === undefined ? request : { ...request, projectId: fromQuery };
}
