/**
 * The create-image screen's channel preset and split (issue #25 item 3): what the form adds to a
 * request's options, what a preset sets and which of the user's own choices win over it, and the
 * split's checks. The numbers and limits are the contract's (presets.ts, table.ts); the order of
 * who wins is the API's: the request's own options and format beat the preset, the preset beats
 * the project's default format, and a preset's width replaces the Default width setting.
 */
import { FORMAT_LABELS, type ImageFormat } from '@jsonable/contracts/formats';
import { MAX_SPLIT_IMAGES, PRESETS, type PresetName } from '@jsonable/contracts/presets';
import { tableLimits } from '@jsonable/contracts/render-api';
import { MAX_SPLIT_ROWS, splitSchema, type SplitOption } from '@jsonable/contracts/table';
import { changedSettings, isRecord } from './request-body';
import { isPresetName } from '../../../lib/channel-presets';
import type { TableSettings } from '../../../lib/table-settings';

export type SplitMode = 'off' | 'rows' | 'auto';

export interface RenderOptionsDraft {
  /** '' for no preset. */
  preset: PresetName | '';
  split: SplitMode;
  /** The rows-per-image box as typed. */
  maxRows: string;
}

export const emptyRenderOptions: RenderOptionsDraft = { preset: '', split: 'off', maxRows: '10' };

export { MAX_SPLIT_IMAGES, MAX_SPLIT_ROWS };

/** The options the form adds to the request; the JSON's own options win over them (buildRequestBody). */
export function renderOptions(draft: RenderOptionsDraft): { preset?: PresetName; split?: SplitOption } {
  const out: { preset?: PresetName; split?: SplitOption } = {};
  if (draft.preset) out.preset = draft.preset;
  if (draft.split === 'auto') out.split = 'auto';
  // As typed: a bad number is caught by splitProblem before a request, and by the API after.
  if (draft.split === 'rows') out.split = { maxRows: Number(draft.maxRows.trim()) };
  return out;
}

/** What the table JSON sets itself of what the form's options touch. */
interface OwnChoices {
  preset: PresetName | null;
  split: boolean;
  format: ImageFormat | null;
  width: boolean;
  scale: boolean;
  margin: boolean;
  pdf: boolean;
}

function ownChoices(payload: Record<string, unknown> | null): OwnChoices {
  const options = isRecord(payload?.options) ? payload.options : {};
  const styles = isRecord(payload?.styles) ? payload.styles : {};
  const optionStyles = isRecord(options.styles) ? options.styles : {};
  const formatOf = (v: unknown): ImageFormat | null => {
    if (typeof v !== 'string') return null;
    const f = v.trim().toLowerCase();
    const named = f === 'jpg' ? 'jpeg' : f;
    return named in FORMAT_LABELS ? (named as ImageFormat) : null;
  };
  const presetName = typeof options.preset === 'string' ? options.preset.trim().toLowerCase() : '';
  return {
    preset: isPresetName(presetName) ? presetName : null,
    split: options.split !== undefined && options.split !== null,
    format:
      formatOf(payload?.format) ??
      formatOf(options.format) ??
      formatOf(styles.imageFormat) ??
      formatOf(optionStyles.imageFormat),
    width: typeof options.width === 'number',
    scale: typeof options.deviceScaleFactor === 'number',
    margin: typeof options.margin === 'number',
    pdf: isRecord(options.pdf),
  };
}

/** True when the table JSON sets options.split itself (it wins over the form's). */
export const jsonSetsSplit = (payload: Record<string, unknown> | null): boolean => ownChoices(payload).split;

/** The preset that applies: the JSON's own options.preset, else the form's. */
function effectivePreset(draft: RenderOptionsDraft, payload: Record<string, unknown> | null): PresetName | null {
  return ownChoices(payload).preset ?? (draft.preset || null);
}

/**
 * The format the render will have, as far as the screen knows (the project's default format is
 * the API's to add): the JSON's own, then a changed Style Settings format, then the preset's.
 */
export function expectedFormat(
  draft: RenderOptionsDraft,
  payload: Record<string, unknown> | null,
  settings: TableSettings,
): ImageFormat | null {
  const preset = effectivePreset(draft, payload);
  return (
    ownChoices(payload).format ?? changedSettings(settings).imageFormat ?? (preset ? PRESETS[preset].format : null)
  );
}

/**
 * Sentences saying which of the user's choices win over the chosen preset (empty when the preset
 * applies whole), for the picker to show under it.
 */
export function presetOverrides(
  draft: RenderOptionsDraft,
  payload: Record<string, unknown> | null,
  settings: TableSettings,
): string[] {
  if (!draft.preset) return [];
  const own = ownChoices(payload);
  if (own.preset && own.preset !== draft.preset)
    return [`Your JSON sets options.preset "${own.preset}": it wins over the preset chosen here.`];
  const p = PRESETS[own.preset ?? draft.preset];
  const out: string[] = [];
  const changed = changedSettings(settings);
  if (own.format && own.format !== p.format)
    out.push(`Format: your JSON's ${FORMAT_LABELS[own.format]} wins over the preset's ${FORMAT_LABELS[p.format]}.`);
  else if (!own.format && changed.imageFormat && changed.imageFormat !== p.format)
    out.push(
      `Format: your Style Settings image format (${FORMAT_LABELS[changed.imageFormat]}) wins over the preset's ${FORMAT_LABELS[p.format]}.`,
    );
  if (own.width) out.push("Width: your JSON's options.width wins over the preset's.");
  else if (changed.defaultWidth !== undefined)
    out.push(`Width: the preset's ${p.width} px replaces your Default width (${changed.defaultWidth} px).`);
  if (own.scale) out.push("Scale: your JSON's options.deviceScaleFactor wins over the preset's.");
  if (own.margin) out.push("Margin: your JSON's options.margin wins over the preset's.");
  if (own.pdf && p.pdf) out.push("PDF page: your JSON's options.pdf wins where it says something.");
  return out;
}

/**
 * The number of rows the JSON holds under its header: a lower bound of the rows a split cuts
 * (grouping adds rows), unless a filter or pagination may drop some (then 0: nothing is known).
 */
function dataRowCount(payload: Record<string, unknown> | null): number {
  if (!payload) return 0;
  const options = isRecord(payload.options) ? payload.options : {};
  const processing = isRecord(options.dataProcessing) ? options.dataProcessing : {};
  if (processing.filter != null || options.pagination != null) return 0;
  if (Array.isArray(payload.rows)) return payload.rows.length;
  if (!Array.isArray(payload.data)) return 0;
  // Arrays in data without headers: the first row is the header.
  const headerRow = !Array.isArray(payload.headers) && Array.isArray(payload.data[0]) ? 1 : 0;
  return Math.max(0, payload.data.length - headerRow);
}

/**
 * What is wrong with the split as chosen, in the words the user can act on; null when the API
 * would take it. The same rules as the API: maxRows a whole number within the contract's limit,
 * "auto" only with a preset, and no more images than a split may make, or pages than a PDF may
 * have (counted from the JSON's rows when no filter or pagination may drop some).
 */
export function splitProblem(
  draft: RenderOptionsDraft,
  payload: Record<string, unknown> | null,
  settings: TableSettings,
): string | null {
  if (draft.split === 'off' || ownChoices(payload).split) return null;
  if (draft.split === 'auto') {
    return effectivePreset(draft, payload)
      ? null
      : 'Auto cuts the table by a channel preset\'s page height: choose a preset, or "At most N rows per image".';
  }
  const typed = draft.maxRows.trim();
  const parsed = splitSchema.safeParse({ maxRows: typed === '' ? Number.NaN : Number(typed) });
  if (!parsed.success) return `Enter a whole number of rows from 1 to ${MAX_SPLIT_ROWS.toLocaleString('en-US')}.`;
  const maxRows = (parsed.data as { maxRows: number }).maxRows;
  const groups = Math.ceil(dataRowCount(payload) / maxRows);
  // A PDF stays one document whose groups of rows each start a page (at most maxPdfPages).
  if (expectedFormat(draft, payload, settings) === 'pdf')
    return groups > tableLimits.maxPdfPages
      ? `That makes ${groups} PDF pages; a PDF has at most ${tableLimits.maxPdfPages}. Put more rows on each page.`
      : null;
  if (groups > MAX_SPLIT_IMAGES)
    return `That makes ${groups} images; a split makes at most ${MAX_SPLIT_IMAGES}. Put more rows in each image.`;
  return null;
}
