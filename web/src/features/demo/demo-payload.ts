/**
 * The landing demo's request: the visitor's JSON plus the style controls (SPEC §2). Pure, so
 * the rules are tested without a browser.
 */
import { demoInventory } from '@jsonable/contracts/demo-table';
import { HEX_COLOUR } from '@jsonable/contracts/hex-colour';
import type { ImageFormat } from '@jsonable/contracts/table';

export const INVALID_JSON_MESSAGE = 'Invalid JSON format. Please check your syntax.';
export const NOT_A_TABLE_MESSAGE = 'Must provide either data array or headers';

export interface DemoStyleControls {
  imageFormat: ImageFormat;
  headerBg: string;
  headerText: string;
  fontSize: number;
  cellPadding: number;
  alternateRows: boolean;
}

export const defaultDemoControls: DemoStyleControls = {
  imageFormat: 'png',
  headerBg: '#4a1e8c',
  headerText: '#ffffff',
  fontSize: 14,
  cellPadding: 12,
  alternateRows: true,
};

export const DEMO_PADDING_MIN = 0;
export const DEMO_PADDING_MAX = 50;

export const demoControlMessages = {
  headerBg: 'Use a hex colour such as #4a1e8c',
  headerText: 'Use a hex colour such as #ffffff',
  cellPadding: `Use a whole number from ${DEMO_PADDING_MIN} to ${DEMO_PADDING_MAX}`,
} as const;

/** The controls that hold a value the demo would not send as the visitor sees it (SPEC §5). */
export function demoControlErrors(
  controls: DemoStyleControls,
): Partial<Record<keyof typeof demoControlMessages, string>> {
  const errors: Partial<Record<keyof typeof demoControlMessages, string>> = {};
  if (!HEX_COLOUR.test(controls.headerBg)) errors.headerBg = demoControlMessages.headerBg;
  if (!HEX_COLOUR.test(controls.headerText)) errors.headerText = demoControlMessages.headerText;
  const p = controls.cellPadding;
  if (!Number.isInteger(p) || p < DEMO_PADDING_MIN || p > DEMO_PADDING_MAX)
    errors.cellPadding = demoControlMessages.cellPadding;
  return errors;
}

export const defaultDemoJson = JSON.stringify(
  {
    ...demoInventory,
    // Conditional formats (issue #24): stock as data bars, the status coloured by a rule.
    conditionalFormats: [
      { type: 'dataBar', column: 'In Stock', color: '#c4b5fd' },
      {
        type: 'rule',
        column: 'Status',
        when: { op: '==', value: 'Out of Stock' },
        style: { color: '#b91c1c', fontWeight: 'bold' },
      },
      { type: 'rule', column: 'Status', when: { op: '==', value: 'Low Stock' }, style: { color: '#b45309' } },
    ],
    sourceNotes: ['Stock counted at 06:00 UTC across all warehouses.'],
  },
  null,
  2,
);

export type DemoPayloadResult = { ok: true; payload: Record<string, unknown> } | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses the editor text and lays the controls over `options.styles` (the visitor's own
 * options survive; the controls win where they overlap, since they are what the visitor sees).
 * A bare array is taken as `data`.
 */
export function buildDemoPayload(jsonText: string, controls: DemoStyleControls): DemoPayloadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch {
    return { ok: false, error: INVALID_JSON_MESSAGE };
  }
  const body: Record<string, unknown> = Array.isArray(parsed)
    ? { data: parsed }
    : isRecord(parsed)
      ? { ...parsed }
      : {};
  if (!isRecord(parsed) && !Array.isArray(parsed)) return { ok: false, error: INVALID_JSON_MESSAGE };

  const hasData = Array.isArray(body.data) && body.data.length > 0;
  const hasHeaders = Array.isArray(body.headers) && body.headers.length > 0;
  if (!hasData && !hasHeaders) return { ok: false, error: NOT_A_TABLE_MESSAGE };

  // A control with a value it cannot send is refused, not quietly replaced (a red header for "red").
  const controlError = Object.values(demoControlErrors(controls))[0];
  if (controlError) return { ok: false, error: controlError };

  const options = isRecord(body.options) ? { ...body.options } : {};
  const styles = isRecord(options.styles) ? { ...options.styles } : {};
  const padding = controls.cellPadding;
  Object.assign(styles, {
    imageFormat: controls.imageFormat,
    headerBg: controls.headerBg,
    headerText: controls.headerText,
    fontSize: controls.fontSize,
    cellPadding: padding,
    rowAlternateColors: controls.alternateRows,
  });
  options.styles = styles;
  body.options = options;
  return { ok: true, payload: body };
}
