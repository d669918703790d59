/**
 * Channel presets (options.preset, issue #25) as the web forms show them: the names, their
 * labels, and what each sets in one line, from the contract's numbers (contracts/src/presets.ts).
 */
import { FORMAT_LABELS } from '@jsonable/contracts/formats';
import { PRESET_NAMES, PRESETS, type PresetName } from '@jsonable/contracts/presets';

export { PRESET_NAMES, type PresetName };

export const PRESET_LABELS: Record<PresetName, string> = {
  slack: 'Slack',
  email: 'E-mail',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  teams: 'Microsoft Teams',
  a4: 'A4 PDF',
  letter: 'US Letter PDF',
};

export const isPresetName = (v: string): v is PresetName => (PRESET_NAMES as readonly string[]).includes(v);

/** What a preset sets, in a line: "800 px wide at 2× (1600 px file), PNG, 16 px margin; …". */
export function presetSummary(name: PresetName): string {
  const p = PRESETS[name];
  if (p.pdf)
    return `${FORMAT_LABELS.pdf} on ${p.pdf.pageSize} paper, upright, the table ${p.width} px wide fitted to the page`;
  const file = (css: number) => `${css * p.scale} px`;
  const pages =
    p.pageHeight === null ? '' : `; split "auto" pages up to ${p.pageHeight} px tall (${file(p.pageHeight)})`;
  return `${p.width} px wide at ${p.scale}× (${file(p.width)} file), ${FORMAT_LABELS[p.format]}, ${p.margin} px margin${pages}`;
}

/**
 * A table payload with the form's preset in its options, unless the payload names one itself (its
 * own wins, as its other options do). A bare array of rows becomes `{ data }`; anything else that
 * is not an object is returned as it is, for the API to refuse.
 */
export function withPreset(payload: unknown, preset: PresetName | ''): unknown {
  if (!preset) return payload;
  const body = Array.isArray(payload) ? { data: payload } : payload;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return payload;
  const record = body as Record<string, unknown>;
  const options = record.options;
  const own = typeof options === 'object' && options !== null && !Array.isArray(options) ? options : {};
  if ('preset' in own && (own as { preset?: unknown }).preset != null) return record;
  return { ...record, options: { ...own, preset } };
}
