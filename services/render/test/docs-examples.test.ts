/**
 * Every table payload the Documentation page prints renders: the issue #24 field examples (the
 * same objects the page and the OpenAPI document show) in PNG, SVG and PDF, and the page's other
 * request samples in PNG.
 */
import { describe, expect, it } from 'vitest';
import { featureDocs } from '@jsonable/contracts/table-features-docs';
import * as snippets from '../../../web/src/lib/snippets';
import { renderPayload } from './support/payload';

describe("the docs' own example payloads render", () => {
  for (const doc of featureDocs) {
    it(`${doc.title} (${doc.field})`, async () => {
      for (const format of ['png', 'svg', 'pdf'] as const) {
        const out = await renderPayload({ payload: doc.payload, format });
        expect(out.size, format).toBeGreaterThan(0);
        expect(out.warnings, format).toEqual([]);
      }
    });
  }

  it('documents every field of issue #24 and the four kinds of conditional format', () => {
    expect(featureDocs.map((d) => d.field)).toEqual(
      expect.arrayContaining([
        'subtitle',
        'footnotes',
        'spanners',
        'columns',
        'conditionalFormats.rule',
        'conditionalFormats.colorScale',
        'conditionalFormats.dataBar',
        'conditionalFormats.iconSet',
        'sparkline',
      ]),
    );
    expect(featureDocs.find((d) => d.field === 'subtitle')!.payload).toHaveProperty('sourceNotes');
  });

  // Every request sample of the page but the PDF one (below) and the error and response samples.
  const notRequests = new Set(['pdfSample', 'errorSample', 'generateResponseSample']);
  for (const [name, json] of Object.entries(snippets)) {
    if (!name.endsWith('Sample') || notRequests.has(name) || typeof json !== 'string') continue;
    it(`the ${name} request sample`, async () => {
      const out = await renderPayload({ payload: JSON.parse(json) as unknown, format: 'png' });
      expect(out.size).toBeGreaterThan(0);
    });
  }

  it('the pdfSample request sample, on its US Letter page turned', async () => {
    const out = await renderPayload({ payload: JSON.parse(snippets.pdfSample) as unknown });
    expect(out.format).toBe('pdf');
    expect([out.width, out.height]).toEqual([792, 612]);
  });
});
