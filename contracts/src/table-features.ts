/**
 * Tables that say more (issue #24): subtitle, source notes and footnotes, column spanners, the
 * `columns` display map, conditional formats and the sparkline cell. The shapes are checked here;
 * what needs the table's columns (a column that exists, spanner columns that are adjacent, numbers
 * under a numeric format) is checked by the engine, which names the field the same way.
 *
 * Choices the issue left open:
 * - Nested spanners are written as `spanners` inside a spanner (not a `level` field): a parent
 *   covers its own `columns` plus every column of its children, and is drawn one header band above
 *   its tallest child. A spanner without children sits directly above the column headers.
 * - Column display control is a new top-level `columns` map (column name → `{ label, hidden,
 *   order }`); `styles.columnStyles` keeps its record and array forms and its meaning unchanged.
 */
import { z } from 'zod';
import { colourSchema } from './colour';
import { featureDocs, featureExample } from './table-features-docs';

const columnName = z.string().min(1, 'Expected a column name').max(200);

export const footnoteSchema = z.object({
  text: z.string().min(1, 'A footnote needs text').max(1000),
  /** The column whose header (or, with `row`, whose cell) carries the mark. */
  column: columnName.optional(),
  /** 1-based data row as sent (before sorting or paging); with `column`, that cell is marked. */
  row: z.number().int().min(1).max(1_000_000).optional(),
});
export type Footnote = z.infer<typeof footnoteSchema>;

export interface SpannerInput {
  label: string;
  columns?: string[];
  spanners?: SpannerInput[];
}

/** At most this many levels of spanners above the column headers. */
export const MAX_SPANNER_DEPTH = 4;

const spannerAt = (depth: number): z.ZodType<SpannerInput> =>
  z
    .object({
      label: z.string().max(500),
      columns: z.array(columnName).max(1000).optional(),
      spanners:
        depth < MAX_SPANNER_DEPTH
          ? z
              .array(z.lazy(() => spannerAt(depth + 1)))
              .max(200)
              .optional()
          : z.array(z.never()).max(0, `Spanners nest at most ${MAX_SPANNER_DEPTH} levels deep`).optional(),
    })
    .refine((s) => (s.columns?.length ?? 0) > 0 || (s.spanners?.length ?? 0) > 0, {
      message: 'A spanner needs columns (or spanners inside it)',
    });
export const spannerSchema: z.ZodType<SpannerInput> = spannerAt(1);
export const spannersSchema = z.array(spannerSchema).max(200);

export const columnDisplaySchema = z.object({
  label: z.string().max(1000).optional(),
  hidden: z.boolean().optional(),
  /** Columns with an order come first, smallest first; the others follow in their own order. */
  order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
export type ColumnDisplay = z.infer<typeof columnDisplaySchema>;
export const columnsDisplaySchema = z.record(columnName, columnDisplaySchema);

export const RULE_OPS = ['>', '>=', '<', '<=', '==', '!=', 'between', 'contains', 'empty'] as const;
export type RuleOp = (typeof RULE_OPS)[number];
export const ICON_SETS = ['arrows', 'traffic', 'checks'] as const;
export type IconSetName = (typeof ICON_SETS)[number];
export const SPARKLINE_KINDS = ['line', 'bar', 'area'] as const;
export type SparklineKind = (typeof SPARKLINE_KINDS)[number];

const target = {
  column: columnName.optional(),
  columns: z.array(columnName).min(1).max(1000).optional(),
};

const ruleValue = z.union([z.number().finite(), z.string().max(1000), z.boolean(), z.null()]);

export const ruleWhenSchema = z
  .object({
    op: z.enum(RULE_OPS, { error: `Expected one of ${RULE_OPS.join(' ')}` }),
    value: ruleValue.optional(),
    value2: ruleValue.optional(),
  })
  .superRefine((w, ctx) => {
    const ordered = w.op === '>' || w.op === '>=' || w.op === '<' || w.op === '<=' || w.op === 'between';
    if (ordered && typeof w.value !== 'number')
      ctx.addIssue({ code: 'custom', path: ['value'], message: `"${w.op}" compares numbers: value must be a number` });
    if (w.op === 'between' && typeof w.value2 !== 'number')
      ctx.addIssue({ code: 'custom', path: ['value2'], message: '"between" needs a number value2' });
    if ((w.op === '==' || w.op === '!=') && w.value === undefined)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `"${w.op}" needs a value` });
    if (w.op === 'contains' && (typeof w.value !== 'string' || w.value === ''))
      ctx.addIssue({ code: 'custom', path: ['value'], message: '"contains" needs a non-empty string value' });
  });
export type RuleWhen = z.infer<typeof ruleWhenSchema>;

/**
 * A rule's comparison of numbers (>, >=, <, <=, between; `between` takes its bounds in either
 * order) on a cell's number, false when the cell holds none; undefined for the other operators,
 * which the engine and the editor's preview each decide on their cell.
 */
export function numberRuleHolds(n: number | null, when: RuleWhen): boolean | undefined {
  const v = when.value as number;
  switch (when.op) {
    case '>':
      return n !== null && n > v;
    case '>=':
      return n !== null && n >= v;
    case '<':
      return n !== null && n < v;
    case '<=':
      return n !== null && n <= v;
    case 'between':
      return n !== null && n >= Math.min(v, when.value2 as number) && n <= Math.max(v, when.value2 as number);
    default:
      return undefined;
  }
}

export const ruleStyleSchema = z
  .object({
    backgroundColor: colourSchema.optional(),
    color: colourSchema.optional(),
    textColor: colourSchema.optional(),
    fontWeight: z.enum(['normal', 'bold']).optional(),
    fontStyle: z.enum(['normal', 'italic']).optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'A rule style needs backgroundColor, color, fontWeight or fontStyle',
  });

const minMax = {
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
};
const domainCheck = (f: { min?: number | undefined; max?: number | undefined }) =>
  f.min === undefined || f.max === undefined || f.min < f.max;

export const conditionalFormatSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('rule'), ...target, when: ruleWhenSchema, style: ruleStyleSchema }),
      z
        .object({
          type: z.literal('colorScale'),
          ...target,
          colors: z
            .array(colourSchema)
            .min(2, 'A colour scale has 2 or 3 colours')
            .max(3, 'A colour scale has 2 or 3 colours'),
          ...minMax,
        })
        .refine(domainCheck, { message: 'min must be less than max', path: ['max'] }),
      z
        .object({
          type: z.literal('dataBar'),
          ...target,
          color: colourSchema.optional(),
          negativeColor: colourSchema.optional(),
          showValue: z.boolean().optional(),
          ...minMax,
        })
        .refine(domainCheck, { message: 'min must be less than max', path: ['max'] }),
      z
        .object({
          type: z.literal('iconSet'),
          ...target,
          icons: z.enum(ICON_SETS),
          thresholds: z.tuple([z.number().finite(), z.number().finite()]),
          showValue: z.boolean().optional(),
        })
        .refine((f) => f.thresholds[0] <= f.thresholds[1], {
          message: 'thresholds must be in ascending order',
          path: ['thresholds'],
        }),
    ],
    { error: 'Expected type rule, colorScale, dataBar or iconSet' },
  )
  .refine((f) => f.column !== undefined || f.columns !== undefined, {
    message: 'A conditional format needs column or columns',
  });
export type ConditionalFormat = z.infer<typeof conditionalFormatSchema>;
export const conditionalFormatsSchema = z.array(conditionalFormatSchema).max(100);

/** The columns a format applies to, in the order given. */
export function formatColumns(f: { column?: string | undefined; columns?: string[] | undefined }): string[] {
  return [...(f.column !== undefined ? [f.column] : []), ...(f.columns ?? [])];
}

/** The sparkline cell: `{ "type": "sparkline", "value": [numbers], "kind"?: "line" | "bar" | "area" }`. */
export const sparklineCellSchema = z.object({
  type: z.literal('sparkline'),
  value: z
    .array(z.union([z.number().finite(), z.null()]))
    .min(1, 'A sparkline needs at least one number')
    .max(1000, 'A sparkline has at most 1000 points'),
  kind: z.enum(SPARKLINE_KINDS).optional(),
  color: colourSchema.optional(),
});
export type SparklineCell = z.infer<typeof sparklineCellSchema>;

const example = (field: string, key: string) => featureExample(field)[key];
const summary = (field: string) => featureDocs.find((d) => d.field === field)!.summary.replace(/`/g, '');

/** The top-level fields this file adds to the table request, described with the docs' examples (OpenAPI). */
export const tableFeatureFields = {
  subtitle: z
    .string()
    .max(1000)
    .optional()
    .meta({ description: 'A line under the title, smaller and muted.', examples: [example('subtitle', 'subtitle')] }),
  sourceNotes: z
    .array(z.string().max(2000))
    .max(50)
    .optional()
    .meta({
      description: 'Lines listed under the table, after the footnotes.',
      examples: [example('subtitle', 'sourceNotes')],
    }),
  footnotes: z
    .array(footnoteSchema)
    .max(100)
    .optional()
    .meta({ description: summary('footnotes'), examples: [example('footnotes', 'footnotes')] }),
  spanners: spannersSchema
    .optional()
    .meta({ description: summary('spanners'), examples: [example('spanners', 'spanners')] }),
  columns: columnsDisplaySchema
    .optional()
    .meta({ description: summary('columns'), examples: [example('columns', 'columns')] }),
  conditionalFormats: conditionalFormatsSchema.optional().meta({
    description: summary('conditionalFormats.rule'),
    examples: ['rule', 'colorScale', 'dataBar', 'iconSet'].map((t) =>
      example(`conditionalFormats.${t}`, 'conditionalFormats'),
    ),
  }),
};
