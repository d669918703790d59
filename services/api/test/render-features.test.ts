/**
 * Issue #24 through the API: subtitles, notes, spanners, conditional formats and sparklines render
 * in every format, project styles can carry conditional formats and spanners, and a bad format
 * is a 400 that names the field, with nothing counted.
 */
import { describe, expect, it } from 'vitest';
import { featureCases } from '../../render/test/features-cases';
import { buildOpenApiDocument } from '../src/openapi';
import { givenRenderHarness } from './render.harness';

const h = givenRenderHarness();

describe('tables that say more, through the API', () => {
  it('renders the KPI table (data bars, icon sets, sparklines) in all four formats', async () => {
    const u = await h.user('premium');
    const payload = featureCases.find((c) => c.name === 'feature-kpi')!.payload;
    for (const format of ['png', 'jpeg', 'svg', 'pdf']) {
      const res = await h.postTable(u.apiKey).send({ ...payload, format });
      expect(res.status, format).toBe(200);
      expect(res.body.metadata.format).toBe(format);
    }
    expect(await h.rendered(u.userId)).toHaveLength(4);
  });

  it('answers 400 naming the field for a bad operator, colour, column or spanner, and counts nothing', async () => {
    const u = await h.user('premium');
    const base = { headers: ['Region', 'Jan', 'Feb', 'Mar'], rows: [['North', 1, 2, 3]] };
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [
        {
          conditionalFormats: [{ type: 'rule', column: 'Jan', when: { op: '=>', value: 1 }, style: { color: '#000' } }],
        },
        /^Invalid conditionalFormats\.0\.when\.op: Expected one of/,
      ],
      [
        { conditionalFormats: [{ type: 'colorScale', column: 'Jan', colors: ['#f00', 'reddish'] }] },
        /^Invalid conditionalFormats\.0\.colors\.1: Colours must be hex/,
      ],
      [
        { conditionalFormats: [{ type: 'dataBar', column: 'Apr' }] },
        'Invalid conditionalFormats.0.column: no column named "Apr"',
      ],
      [
        { conditionalFormats: [{ type: 'iconSet', column: 'Region', icons: 'arrows', thresholds: [1, 2] }] },
        'Invalid conditionalFormats.0: iconSet needs numbers, but column "Region" holds "North" (data row 1)',
      ],
      [{ spanners: [{ label: 'Q1', columns: ['Jan', 'Mar'] }] }, /spanner "Q1" must be adjacent/],
    ];
    for (const [extra, message] of cases) {
      const res = await h.postTable(u.apiKey).send({ ...base, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      if (typeof message === 'string') expect(res.body.error.message).toBe(message);
      else expect(res.body.error.message).toMatch(message);
    }
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('describes every field of issue #24 with an example, and the conditional format and sparkline schemas', () => {
    const doc = buildOpenApiDocument('https://jsonable.test') as {
      components: {
        schemas: Record<
          string,
          { properties?: Record<string, { description?: string; examples?: unknown[] }>; examples?: unknown[] }
        >;
      };
    };
    const table = doc.components.schemas.TableRequest!.properties!;
    for (const field of ['subtitle', 'sourceNotes', 'footnotes', 'spanners', 'columns', 'conditionalFormats']) {
      expect(table[field]?.description, field).toBeTruthy();
      expect(table[field]?.examples?.length, field).toBeGreaterThan(0);
    }
    expect((table.conditionalFormats!.examples as unknown[][]).flat().map((f) => (f as { type: string }).type)).toEqual(
      expect.arrayContaining(['rule', 'colorScale', 'dataBar', 'iconSet']),
    );
    expect(doc.components.schemas.ConditionalFormat).toBeDefined();
    expect(doc.components.schemas.SparklineCell!.examples).toEqual([
      { type: 'sparkline', value: [12, 15, 11, 18, 21, 19, 25] },
    ]);
  });
});
