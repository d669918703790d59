/**
 * Builds the body of the preview and save calls from the editor's JSON (SPEC §7: the table
 * payload plus projectId and customFilename in options).
 *
 * Style priority is request → project defaults → system defaults (SPEC §9). Sending every field
 * of the settings tab would hide the project's defaults behind the system ones, so only the
 * settings the user changed from the defaults are sent; styles written in the JSON itself win
 * over both. The Style Settings tab's conditional formats, spanners and notes (issue #24) are added
 * as top-level fields, unless the JSON sets the same field itself: the JSON wins there too. The
 * channel preset and split chosen on the Preview tab (issue #25) go into options under the JSON's own.
 */
import { defaultTableSettings, type TableSettings } from '../../../lib/table-settings';
import type { renderOptions } from './render-options';

type RenderOptions = ReturnType<typeof renderOptions>;

export class InvalidTableJson extends Error {}

export function changedSettings(settings: TableSettings): Partial<TableSettings> {
  const out: Partial<TableSettings> = {};
  for (const key of Object.keys(defaultTableSettings) as (keyof TableSettings)[]) {
    if (settings[key] !== defaultTableSettings[key]) (out as Record<string, unknown>)[key] = settings[key];
  }
  return out;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface BuiltRequest {
  body: Record<string, unknown>;
  title: string | null;
}

/** The fields the JSON sets itself, of those the editors would add (they stay as written). */
export function ownFeatureFields(payload: Record<string, unknown>, features: Record<string, unknown>): string[] {
  return Object.keys(features).filter((k) => payload[k] !== undefined);
}

/** The editor's JSON as a payload object (a bare array of rows is the data form); null when it is not one. */
export function payloadOf(json: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  return Array.isArray(parsed) ? { data: parsed } : isRecord(parsed) ? { ...parsed } : null;
}

/** Column names of a table's JSON (data rows' keys, or headers); [] when it does not parse. */
export function columnsOf(json: string): string[] {
  const payload = payloadOf(json) ?? {};
  if (Array.isArray(payload.headers)) return payload.headers.filter((h): h is string => typeof h === 'string');
  const names = new Set<string>();
  if (Array.isArray(payload.data))
    for (const row of payload.data.slice(0, 100)) if (isRecord(row)) for (const k of Object.keys(row)) names.add(k);
  return [...names];
}

export function buildRequestBody(
  json: string,
  settings: TableSettings,
  projectId: string | null,
  customFilename: string,
  features: Record<string, unknown> = {},
  render: RenderOptions = {},
): BuiltRequest {
  const payload = payloadOf(json);
  if (!payload) throw new InvalidTableJson('Invalid JSON format or server error');

  const styles = { ...changedSettings(settings), ...(isRecord(payload.styles) ? payload.styles : {}) };
  // The preset and split chosen on the form, under the JSON's own options (which win, as its styles do).
  const options: Record<string, unknown> = { ...render, ...(isRecord(payload.options) ? payload.options : {}) };
  if (projectId) options.projectId = projectId;
  const filename = customFilename.trim();
  if (filename) options.customFilename = filename;
  const body: Record<string, unknown> = { ...features, ...payload, options };
  if (Object.keys(styles).length > 0) body.styles = styles;
  if (projectId) body.projectId = projectId;
  const title =
    typeof payload.title === 'string' ? payload.title : typeof options.title === 'string' ? options.title : null;
  return { body, title };
}
