/**
 * The SVG carries the image's alt text (issue #29): its first <title> names the table, its <desc>
 * is the same summary the API returns as altText (title, row and column counts, column names).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { altTextOf } from '@jsonable/contracts/alt-text';
import { describe, expect, it } from 'vitest';
import { renderPayload } from './support/payload';

const svgRoot = (bytes: Uint8Array) => {
  const svg = Buffer.from(bytes).toString('utf8');
  expect(XMLValidator.validate(svg)).toBe(true);
  return (new XMLParser({ ignoreAttributes: false }).parse(svg) as { svg: Record<string, unknown> }).svg;
};

describe('SVG alt text', () => {
  it('names the table in <title> and summarises it in <desc>, referenced by aria-labelledby', async () => {
    const out = await renderPayload({
      payload: {
        title: 'Q3 <sales> & "growth"',
        headers: ['Region', 'Orders'],
        rows: [
          ['North', 1284],
          ['South', 932],
          ['East', 77],
          ['West', 5],
        ],
      },
      format: 'svg',
    });
    const root = svgRoot(out.bytes);
    expect(root['@_role']).toBe('img');
    expect(root['@_aria-labelledby']).toBe('table-title table-desc');
    const title = root.title as { '#text': string; '@_id': string } | Array<{ '#text': string }>;
    const first = Array.isArray(title) ? title[0]! : title;
    expect(first['#text']).toBe('Q3 <sales> & "growth"');
    const desc = root.desc as { '#text': string };
    const text = desc['#text'];
    expect(out.drawn).toBeDefined();
    expect(text).toBe(altTextOf(out.drawn!));
    expect(text).toContain('4 rows, 2 columns: Region, Orders.');
    expect(text).toContain('Table: Q3 <sales> & "growth".');
  });

  it('says "Table" when there is no title', async () => {
    const root = svgRoot((await renderPayload({ payload: { data: [{ a: 1 }] }, format: 'svg' })).bytes);
    const title = root.title as { '#text': string };
    expect(title['#text']).toBe('Table');
    expect((root.desc as { '#text': string })['#text']).toContain('1 row, 1 column: a.');
  });
});
