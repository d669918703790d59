/**
 * The table-features editors (issue #24): conditional formats and column spanners as the Style
 * Settings tab and the project styles editor edit them, plus subtitle, source notes and footnotes.
 *
 * Form values are drafts of strings (what the inputs hold); `toFormat`/`toSpanner` turn them into
 * the payload the API takes, and the errors are found with the contracts' own schemas, keyed by
 * the same dotted path the API names in a 400 ("conditionalFormats.0.when.value"), so a local
 * problem and a server answer land next to the same field.
 */
import {
  conditionalFormatSchema,
  footnoteSchema,
  formatColumns,
  numberRuleHolds,
  spannerSchema,
  ICON_SETS,
  RULE_OPS,
  type ConditionalFormat,
  type IconSetName,
  type RuleOp,
  type RuleWhen,
  type SpannerInput,
} from '@jsonable/contracts/table-features';
import { parseColour } from '@jsonable/contracts/colour';
import type { z } from 'zod';

export { ICON_SETS, RULE_OPS, type IconSetName, type RuleOp };

export type FormatType = ConditionalFormat['type'];
export const FORMAT_TYPES: readonly { type: FormatType; label: string }[] = [
  { type: 'rule', label: 'Rule' },
  { type: 'colorScale', label: 'Colour scale' },
  { type: 'dataBar', label: 'Data bar' },
  { type: 'iconSet', label: 'Icon set' },
];

export const RULE_OP_LABELS: Record<RuleOp, string> = {
  '>': 'greater than',
  '>=': 'at least',
  '<': 'less than',
  '<=': 'at most',
  '==': 'equals',
  '!=': 'does not equal',
  between: 'between',
  contains: 'contains',
  empty: 'is empty',
};
export const ICON_SET_LABELS: Record<IconSetName, string> = {
  arrows: 'Arrows ↓ → ↑',
  traffic: 'Traffic lights',
  checks: 'Cross, mark, check',
};

interface DraftBase {
  key: string;
  columns: string;
}
export interface RuleDraft extends DraftBase {
  type: 'rule';
  op: RuleOp;
  value: string;
  value2: string;
  backgroundColor: string;
  color: string;
  bold: boolean;
  italic: boolean;
}
export interface ScaleDraft extends DraftBase {
  type: 'colorScale';
  colors: string[];
  min: string;
  max: string;
}
export interface BarDraft extends DraftBase {
  type: 'dataBar';
  color: string;
  min: string;
  max: string;
  showValue: boolean;
}
export interface IconDraft extends DraftBase {
  type: 'iconSet';
  icons: IconSetName;
  low: string;
  high: string;
  showValue: boolean;
}
export type FormatDraft = RuleDraft | ScaleDraft | BarDraft | IconDraft;

export interface SpannerDraft {
  key: string;
  label: string;
  columns: string;
  children: SpannerDraft[];
}

export interface FootnoteDraft {
  key: string;
  text: string;
  column: string;
  row: string;
}
export interface NotesDraft {
  subtitle: string;
  sourceNotes: string;
  footnotes: FootnoteDraft[];
}
export const emptyNotes: NotesDraft = { subtitle: '', sourceNotes: '', footnotes: [] };

/** Field problems keyed by the API's dotted path. */
export type FieldErrors = Record<string, string>;

let counter = 0;
export const newKey = (): string => `f${++counter}`;

export function newFormat(type: FormatType, columns = ''): FormatDraft {
  const key = newKey();
  switch (type) {
    case 'rule':
      return {
        key,
        type,
        columns,
        op: '>',
        value: '',
        value2: '',
        backgroundColor: '#fee2e2',
        color: '#991b1b',
        bold: false,
        italic: false,
      };
    case 'colorScale':
      return { key, type, columns, colors: ['#f8696b', '#ffeb84', '#63be7b'], min: '', max: '' };
    case 'dataBar':
      return { key, type, columns, color: '#638ec6', min: '', max: '', showValue: true };
    case 'iconSet':
      return { key, type, columns, icons: 'arrows', low: '', high: '', showValue: true };
  }
}

export const newSpanner = (columns = ''): SpannerDraft => ({ key: newKey(), label: '', columns, children: [] });
export const newFootnote = (): FootnoteDraft => ({ key: newKey(), text: '', column: '', row: '' });

/** "Jan, Feb , Mar" → ["Jan", "Feb", "Mar"]. */
export function splitNames(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const ORDERED: readonly RuleOp[] = ['>', '>=', '<', '<=', 'between'];
export const needsValue = (op: RuleOp): boolean => op !== 'empty';
export const needsValue2 = (op: RuleOp): boolean => op === 'between';

/** A number when the text is one; the text itself otherwise (the schema then names the field). */
function numberOr(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

function target(columns: string): { column?: string; columns?: string[] } {
  const names = splitNames(columns);
  if (names.length === 0) return {};
  return names.length === 1 ? { column: names[0] } : { columns: names };
}

const colour = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/** The payload for one draft (possibly invalid: `formatErrors` says where). */
export function toFormat(d: FormatDraft): Record<string, unknown> {
  const base = { type: d.type, ...target(d.columns) };
  switch (d.type) {
    case 'rule': {
      const when: Record<string, unknown> = { op: d.op };
      if (d.op === 'contains') when.value = d.value;
      else if (needsValue(d.op)) {
        const v = numberOr(d.value);
        if (v !== undefined) when.value = v;
      }
      if (needsValue2(d.op)) {
        const v2 = numberOr(d.value2);
        if (v2 !== undefined) when.value2 = v2;
      }
      const style: Record<string, unknown> = {};
      if (colour(d.backgroundColor)) style.backgroundColor = colour(d.backgroundColor);
      if (colour(d.color)) style.color = colour(d.color);
      if (d.bold) style.fontWeight = 'bold';
      if (d.italic) style.fontStyle = 'italic';
      return { ...base, when, style };
    }
    case 'colorScale':
      return { ...base, colors: d.colors.map((c) => c.trim()), ...optionalNumbers(d) };
    case 'dataBar':
      return {
        ...base,
        ...(colour(d.color) ? { color: colour(d.color) } : {}),
        ...optionalNumbers(d),
        ...(d.showValue ? {} : { showValue: false }),
      };
    case 'iconSet':
      return {
        ...base,
        icons: d.icons,
        thresholds: [numberOr(d.low), numberOr(d.high)],
        ...(d.showValue ? {} : { showValue: false }),
      };
  }
}

function optionalNumbers(d: { min: string; max: string }): { min?: number | string; max?: number | string } {
  const out: { min?: number | string; max?: number | string } = {};
  const min = numberOr(d.min);
  const max = numberOr(d.max);
  if (min !== undefined) out.min = min;
  if (max !== undefined) out.max = max;
  return out;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A saved (valid) format as a draft; null for one this editor cannot read. */
export function fromFormat(input: unknown): FormatDraft | null {
  const parsed = conditionalFormatSchema.safeParse(input);
  if (!parsed.success) return null;
  const f = parsed.data;
  const columns = formatColumns(f).join(', ');
  const key = newKey();
  switch (f.type) {
    case 'rule':
      return {
        key,
        type: 'rule',
        columns,
        op: f.when.op,
        value: text(f.when.value),
        value2: text(f.when.value2),
        backgroundColor: f.style.backgroundColor ?? '',
        color: f.style.color ?? f.style.textColor ?? '',
        bold: f.style.fontWeight === 'bold',
        italic: f.style.fontStyle === 'italic',
      };
    case 'colorScale':
      return { key, type: 'colorScale', columns, colors: [...f.colors], min: text(f.min), max: text(f.max) };
    case 'dataBar':
      return {
        key,
        type: 'dataBar',
        columns,
        color: f.color ?? '',
        min: text(f.min),
        max: text(f.max),
        showValue: f.showValue !== false,
      };
    case 'iconSet':
      return {
        key,
        type: 'iconSet',
        columns,
        icons: f.icons,
        low: String(f.thresholds[0]),
        high: String(f.thresholds[1]),
        showValue: f.showValue !== false,
      };
  }
}

export function toSpanner(d: SpannerDraft): SpannerInput {
  const out: SpannerInput = { label: d.label.trim() };
  const names = splitNames(d.columns);
  if (names.length > 0) out.columns = names;
  if (d.children.length > 0) out.spanners = d.children.map(toSpanner);
  return out;
}

export function fromSpanner(s: SpannerInput): SpannerDraft {
  return {
    key: newKey(),
    label: s.label,
    columns: (s.columns ?? []).join(', '),
    children: (s.spanners ?? []).map(fromSpanner),
  };
}

/** Saved lists (project styles) as drafts; anything unreadable is dropped. */
export function formatsFromSaved(v: unknown): FormatDraft[] {
  return Array.isArray(v) ? v.map(fromFormat).filter((d): d is FormatDraft => d !== null) : [];
}
export function spannersFromSaved(v: unknown): SpannerDraft[] {
  if (!Array.isArray(v)) return [];
  return v.filter((s) => spannerSchema.safeParse(s).success).map((s) => fromSpanner(s as SpannerInput));
}

// ---------------------------------------------------------------------------------------------
// Field errors
// ---------------------------------------------------------------------------------------------

/**
 * The editor's field for a path the API or a schema names: a format's `columns.2` is its Columns
 * field, a whole format or spanner (a refine with no deeper path, "must be adjacent") is its
 * columns too, threshold `.1` is the thresholds pair.
 */
export function fieldKey(path: string): string {
  const p = path.replace(/^styles\./, '');
  const format = /^(conditionalFormats\.\d+)(?:\.(.*))?$/.exec(p);
  if (format) {
    const rest = format[2] ?? '';
    if (rest === '' || rest === 'column' || rest.startsWith('columns')) return `${format[1]}.column`;
    if (rest.startsWith('thresholds')) return `${format[1]}.thresholds`;
    if (rest === 'when') return `${format[1]}.when.op`;
    return `${format[1]}.${rest}`;
  }
  const spanner = /^((?:spanners\.\d+)(?:\.spanners\.\d+)*)(?:\.(.*))?$/.exec(p);
  if (spanner) {
    const rest = spanner[2] ?? '';
    return rest === 'label' ? `${spanner[1]}.label` : `${spanner[1]}.columns`;
  }
  return p;
}

function collect(errors: FieldErrors, prefix: string, issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) {
    const key = fieldKey([prefix, ...issue.path.map(String)].join('.'));
    errors[key] ??= issue.message;
  }
}

/** Numbers typed where a number belongs, before the schema (whose words for a string are generic). */
function numberErrors(d: FormatDraft, at: string, errors: FieldErrors): void {
  const bad = (v: string) => v.trim() !== '' && !Number.isFinite(Number(v.trim()));
  if (d.type === 'rule' && ORDERED.includes(d.op)) {
    if (d.value.trim() === '' || bad(d.value)) errors[`${at}.when.value`] = 'Enter a number';
    if (needsValue2(d.op) && (d.value2.trim() === '' || bad(d.value2))) errors[`${at}.when.value2`] = 'Enter a number';
  }
  if (d.type === 'colorScale' || d.type === 'dataBar') {
    if (bad(d.min)) errors[`${at}.min`] = 'Enter a number, or leave empty for the data’s lowest';
    if (bad(d.max)) errors[`${at}.max`] = 'Enter a number, or leave empty for the data’s highest';
    else if (d.min.trim() !== '' && d.max.trim() !== '' && !bad(d.min) && Number(d.min) >= Number(d.max))
      errors[`${at}.max`] = 'min must be less than max';
  }
  if (d.type === 'iconSet' && (d.low.trim() === '' || bad(d.low) || d.high.trim() === '' || bad(d.high))) {
    errors[`${at}.thresholds`] = 'Enter two numbers';
  }
}

export function formatErrors(drafts: FormatDraft[]): FieldErrors {
  const errors: FieldErrors = {};
  drafts.forEach((d, i) => {
    const at = `conditionalFormats.${i}`;
    numberErrors(d, at, errors);
    if (d.type === 'colorScale')
      d.colors.forEach((c, k) => {
        if (parseColour(c) === null) errors[`${at}.colors.${k}`] ??= 'Use a colour such as #63be7b';
      });
    const result = conditionalFormatSchema.safeParse(toFormat(d));
    if (!result.success) collect(errors, at, result.error.issues);
  });
  return errors;
}

export function spannerErrors(drafts: SpannerDraft[]): FieldErrors {
  const errors: FieldErrors = {};
  const walk = (list: SpannerDraft[], prefix: string) =>
    list.forEach((d, i) => {
      const at = `${prefix}.${i}`;
      if (d.label.trim() === '') errors[`${at}.label`] = 'Give the spanner a label';
      if (splitNames(d.columns).length === 0 && d.children.length === 0)
        errors[`${at}.columns`] = 'Name its columns (or add spanners inside it)';
      const own = spannerSchema.safeParse({
        ...toSpanner(d),
        spanners: undefined,
        columns: splitNames(d.columns).length > 0 ? splitNames(d.columns) : ['-'],
      });
      if (!own.success) collect(errors, at, own.error.issues);
      walk(d.children, `${at}.spanners`);
    });
  walk(drafts, 'spanners');
  return errors;
}

export function toNotes(n: NotesDraft): {
  subtitle?: string;
  sourceNotes?: string[];
  footnotes?: Record<string, unknown>[];
} {
  const out: { subtitle?: string; sourceNotes?: string[]; footnotes?: Record<string, unknown>[] } = {};
  if (n.subtitle.trim()) out.subtitle = n.subtitle.trim();
  const lines = n.sourceNotes
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length > 0) out.sourceNotes = lines;
  if (n.footnotes.length > 0) {
    out.footnotes = n.footnotes.map((f) => {
      const note: Record<string, unknown> = { text: f.text.trim() };
      if (f.column.trim()) note.column = f.column.trim();
      const row = numberOr(f.row);
      if (row !== undefined) note.row = row;
      return note;
    });
  }
  return out;
}

export function notesErrors(n: NotesDraft): FieldErrors {
  const errors: FieldErrors = {};
  const payload = toNotes(n);
  (payload.footnotes ?? []).forEach((f, i) => {
    const at = `footnotes.${i}`;
    if (typeof f.row === 'string' || (typeof f.row === 'number' && !Number.isInteger(f.row)))
      errors[`${at}.row`] = 'Enter a row number (1 is the first data row)';
    const result = footnoteSchema.safeParse(f);
    if (!result.success) collect(errors, at, result.error.issues);
  });
  return errors;
}

/**
 * The field a 400 names, with its message: "Invalid conditionalFormats.0.column: no column named
 * 'X'" (a render) or "spanners.1.label: Too big…" (saving styles). Null when it names none of
 * these editors' fields.
 */
export function apiFieldError(message: string): { key: string; message: string } | null {
  const m =
    /(?:^|\s|Invalid\s)((?:styles\.)?(?:conditionalFormats|spanners|footnotes|sourceNotes|subtitle)(?:\.[A-Za-z0-9_]+)*)(?::\s*|\s+)?(.*)$/s.exec(
      message,
    );
  if (!m) return null;
  const key = fieldKey(m[1]!);
  return { key: key.startsWith('sourceNotes') ? 'sourceNotes' : key, message: (m[2] ?? '').trim() || message };
}

// ---------------------------------------------------------------------------------------------
// The live preview's sketch of what the engine draws
// ---------------------------------------------------------------------------------------------

export interface CellEffect {
  background?: string;
  color?: string;
  bold?: boolean;
  italic?: boolean;
  /** A data bar from `axis` to `end` (0..1 of the cell's width). */
  bar?: { axis: number; end: number; color: string };
  icon?: { glyph: string; color: string; label: string };
  hideValue?: boolean;
}

const ICON_GLYPHS: Record<IconSetName, [string, string, string]> = {
  arrows: ['↓', '→', '↑'],
  traffic: ['●', '●', '●'],
  checks: ['✗', '!', '✓'],
};
const ICON_COLOURS: Record<IconSetName, [string, string, string]> = {
  arrows: ['#b91c1c', '#a16207', '#15803d'],
  traffic: ['#dc2626', '#d97706', '#16a34a'],
  checks: ['#b91c1c', '#a16207', '#15803d'],
};
const ICON_WORDS = ['low', 'middle', 'high'] as const;

function hexRgb(hex: string): [number, number, number] {
  const h = (parseColour(hex) ?? '#000000').slice(1, 7);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function mix(a: string, b: string, t: number): string {
  const [x, y] = [hexRgb(a), hexRgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
function scaleColour(colors: string[], t: number): string {
  const u = Math.min(1, Math.max(0, t));
  if (colors.length === 2) return mix(colors[0]!, colors[1]!, u);
  return u <= 0.5 ? mix(colors[0]!, colors[1]!, u * 2) : mix(colors[1]!, colors[2]!, (u - 0.5) * 2);
}
function luminance(hex: string): number {
  const lin = hexRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}
/** Dark or white text, whichever reads better on the background (the engine switches the same way). */
function readableText(bg: string): string {
  const l = luminance(bg);
  return (l + 0.05) / (luminance('#111827') + 0.05) >= 1.05 / (l + 0.05) ? '#111827' : '#ffffff';
}

function numeric(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(/[$,%\s]/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function matches(v: unknown, when: RuleWhen): boolean {
  const n = numeric(v);
  const compared = numberRuleHolds(n, when);
  if (compared !== undefined) return compared;
  const x = when.value;
  const s = v === null || v === undefined ? '' : String(v);
  switch (when.op) {
    case '==':
    case '!=': {
      const equal = typeof x === 'number' ? n === x : x === null ? v === null : s.trim() === String(x).trim();
      return when.op === '==' ? equal : !equal;
    }
    case 'contains':
      return s.toLowerCase().includes(String(x).toLowerCase());
    case 'empty':
      return s.trim() === '';
  }
  // The comparisons of numbers were numberRuleHolds's.
  return false;
}

/**
 * What the valid formats do to each body cell, `effects[row][column]`, in order (later ones win),
 * as the engine applies them. Formats naming a column the table lacks are left out, as the engine
 * leaves out a project's saved formats that do not fit a table; so are numeric formats over
 * a column that does not hold numbers (the engine answers 400 for those).
 */
export function cellEffects(drafts: FormatDraft[], columns: string[], rows: Record<string, unknown>[]): CellEffect[][] {
  const effects: CellEffect[][] = rows.map(() => columns.map(() => ({})));
  for (const d of drafts) {
    const parsed = conditionalFormatSchema.safeParse(toFormat(d));
    if (!parsed.success) continue;
    const f = parsed.data;
    const names = formatColumns(f);
    if (!names.every((name) => columns.includes(name))) continue;
    const cols = names.map((name) => columns.indexOf(name));
    if (f.type === 'rule') {
      rows.forEach((row, r) =>
        cols.forEach((c) => {
          if (!matches(row[columns[c]!], f.when)) return;
          const e = effects[r]![c]!;
          if (f.style.backgroundColor) e.background = f.style.backgroundColor;
          if (f.style.color ?? f.style.textColor) e.color = f.style.color ?? f.style.textColor;
          if (f.style.fontWeight) e.bold = f.style.fontWeight === 'bold';
          if (f.style.fontStyle) e.italic = f.style.fontStyle === 'italic';
        }),
      );
      continue;
    }
    const values: { r: number; c: number; n: number }[] = [];
    let numbers = true;
    rows.forEach((row, r) =>
      cols.forEach((c) => {
        const v = row[columns[c]!];
        if (v === null || v === undefined || v === '') return;
        const n = numeric(v);
        if (n === null) numbers = false;
        else values.push({ r, c, n });
      }),
    );
    if (!numbers || values.length === 0) continue;
    const dataMin = Math.min(...values.map((v) => v.n));
    const dataMax = Math.max(...values.map((v) => v.n));
    for (const { r, c, n } of values) {
      const e = effects[r]![c]!;
      if (f.type === 'colorScale') {
        const lo = f.min ?? dataMin;
        const hi = f.max ?? dataMax;
        e.background = scaleColour(f.colors, hi > lo ? (n - lo) / (hi - lo) : 0.5);
        e.color = readableText(e.background);
      } else if (f.type === 'dataBar') {
        const lo = f.min ?? Math.min(0, dataMin);
        const hi = f.max ?? Math.max(0, dataMax);
        const at = (x: number) => Math.min(1, Math.max(0, (x - lo) / (hi > lo ? hi - lo : 1)));
        e.bar = { axis: at(0), end: at(n), color: n < 0 ? '#e06666' : (f.color ?? '#638ec6') };
        if (f.showValue === false) e.hideValue = true;
      } else {
        const k = n >= f.thresholds[1] ? 2 : n >= f.thresholds[0] ? 1 : 0;
        e.icon = { glyph: ICON_GLYPHS[f.icons][k], color: ICON_COLOURS[f.icons][k], label: ICON_WORDS[k] };
        if (f.showValue === false) e.hideValue = true;
      }
    }
  }
  return effects;
}

export interface SpannerBand {
  label: string;
  start: number;
  span: number;
}

/**
 * Header bands above the column headers, top band first, for spanners whose columns the table
 * has and that sit next to each other (what the engine would refuse is left out of the sketch).
 */
export function spannerBandsFor(drafts: SpannerDraft[], columns: string[]): SpannerBand[][] {
  interface Node {
    label: string;
    cols: number[];
    height: number;
  }
  const nodes: Node[] = [];
  const walk = (list: SpannerDraft[]): { cols: number[]; height: number }[] =>
    list.map((d) => {
      const own = splitNames(d.columns).map((n) => columns.indexOf(n));
      const kids = walk(d.children);
      const cols = [...new Set([...own, ...kids.flatMap((k) => k.cols)])].sort((a, b) => a - b);
      const ok =
        cols.length > 0 &&
        !cols.includes(-1) &&
        cols[cols.length - 1]! - cols[0]! === cols.length - 1 &&
        d.label.trim() !== '';
      const height = 1 + Math.max(0, ...kids.filter((k) => k.cols.length > 0).map((k) => k.height));
      if (!ok) return { cols: [], height: 0 };
      nodes.push({ label: d.label.trim(), cols, height });
      return { cols, height };
    });
  walk(drafts);
  const levels = Math.max(0, ...nodes.map((n) => n.height));
  const bands: SpannerBand[][] = [];
  for (let level = levels; level >= 1; level--) {
    bands.push(
      nodes
        .filter((n) => n.height === level)
        .map((n) => ({ label: n.label, start: n.cols[0]!, span: n.cols.length }))
        .sort((a, b) => a.start - b.start),
    );
  }
  return bands;
}

/** Lists for a request or for saved styles: the valid drafts' payloads. */
export function formatsPayload(drafts: FormatDraft[]): ConditionalFormat[] {
  return drafts.map(toFormat) as ConditionalFormat[];
}
export function spannersPayload(drafts: SpannerDraft[]): SpannerInput[] {
  return drafts.map(toSpanner);
}

/** Moves item `i` by `by` places (−1 up, +1 down); the list unchanged at either end. */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** The top-level request fields the editors add to a table (empty ones left out). */
export function featureFields(
  formats: FormatDraft[],
  spanners: SpannerDraft[],
  notes: NotesDraft,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...toNotes(notes) };
  if (formats.length > 0) out.conditionalFormats = formatsPayload(formats);
  if (spanners.length > 0) out.spanners = spannersPayload(spanners);
  return out;
}

/** All the editors' local problems at once. */
export function featureErrors(formats: FormatDraft[], spanners: SpannerDraft[], notes: NotesDraft): FieldErrors {
  return { ...formatErrors(formats), ...spannerErrors(spanners), ...notesErrors(notes) };
}
