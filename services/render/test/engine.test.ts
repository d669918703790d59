import { createCanvas, loadImage } from '@napi-rs/canvas';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@jsonable/domain/errors';
import { examples } from '@jsonable/contracts/examples';
import { demoInventory } from '@jsonable/contracts/demo-table';
import { LIMITS } from '../src/limits';
import { layoutTable } from '../src/layout/layout';
import { measure } from '../src/layout/text';
import { renderPayload, normalizePayload } from './support/payload';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(bytes: Uint8Array) {
  const b = Buffer.from(bytes);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

async function refusal(payload: unknown): Promise<DomainError> {
  try {
    await renderPayload({ payload, format: 'png' });
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected a refusal');
}

/** Every text node of a parsed SVG, in document order. */
function svgTexts(svg: string): string[] {
  const doc = new XMLParser({ ignoreAttributes: false, preserveOrder: true, trimValues: false }).parse(svg) as unknown;
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'text' && Array.isArray(v))
          out.push(v.map((t: { '#text'?: unknown }) => String(t['#text'] ?? '')).join(''));
        else if (k !== ':@') walk(v);
      }
    }
  };
  walk(doc);
  return out;
}

describe('payload forms', () => {
  it('reads an array of row objects: keys become headers', async () => {
    const out = await renderPayload({
      payload: {
        data: [
          { Name: 'Ada', Age: 36 },
          { Name: 'Alan', Age: 41 },
        ],
      },
      format: 'svg',
    });
    const texts = svgTexts(Buffer.from(out.bytes).toString());
    expect(texts.slice(0, 2)).toEqual(['Name', 'Age']);
    expect(texts).toContain('Ada');
    expect(out.rows).toBe(2);
    expect(out.columns).toBe(2);
  });

  it('reads headers + rows, data arrays with headers, and data arrays with a header row', async () => {
    for (const payload of [
      {
        headers: ['A', 'B'],
        rows: [
          [1, 2],
          [3, 4],
        ],
      },
      {
        headers: ['A', 'B'],
        data: [
          [1, 2],
          [3, 4],
        ],
      },
      {
        data: [
          ['A', 'B'],
          [1, 2],
          [3, 4],
        ],
      },
    ]) {
      const out = await renderPayload({ payload, format: 'svg' });
      const texts = svgTexts(Buffer.from(out.bytes).toString());
      expect(texts).toEqual(['A', 'B', '1', '2', '3', '4']);
    }
  });

  it('renders headers alone (form c) and the alternative sample format', async () => {
    const alone = await renderPayload({ payload: { headers: ['Only', 'Headers'] }, format: 'png' });
    expect(alone.rows).toBe(0);
    const sample = await renderPayload({
      payload: { title: 'Sample', headers: ['x'], rows: [['y']], styles: { headerBg: '#123456', headerText: '#fff' } },
      format: 'svg',
    });
    const svg = Buffer.from(sample.bytes).toString();
    expect(svg).toContain('fill="#123456"');
    expect(sample.title).toBe('Sample');
  });

  it('refuses an empty payload with the SPEC message', async () => {
    for (const payload of [{}, { data: [] }, { headers: [] }, { rows: [[1]] }]) {
      const e = await refusal(payload);
      expect(e.status).toBe(400);
      expect(e.message).toBe('Must provide either data array or headers');
    }
  });

  it('refuses non-objects and bad styles with a 400 that names the field', async () => {
    expect((await refusal([1, 2])).status).toBe(400);
    expect((await refusal('text')).status).toBe(400);
    const e = await refusal({ data: [{ a: 1 }], styles: { headerBg: 'javascript:alert(1)' } });
    expect(e.status).toBe(400);
    expect(e.message).toContain('styles.headerBg');
  });
});

describe('formats', () => {
  it('picks the format: input, then options.format, then styles.imageFormat, then project, then png', async () => {
    const data = [{ a: 1 }];
    expect((await renderPayload({ payload: { data, options: { format: 'pdf' } }, format: 'svg' })).format).toBe('svg');
    expect(
      (await renderPayload({ payload: { data, options: { format: 'jpeg' }, styles: { imageFormat: 'svg' } } })).format,
    ).toBe('jpeg');
    expect((await renderPayload({ payload: { data, styles: { imageFormat: 'svg' } } })).format).toBe('svg');
    expect((await renderPayload({ payload: { data }, projectStyles: { imageFormat: 'pdf' } })).format).toBe('pdf');
    expect((await renderPayload({ payload: { data } })).format).toBe('png');
  });

  it('writes a valid PNG whose size matches the reported size and the device scale factor', async () => {
    const payload = examples[0]!.payload;
    const one = await renderPayload({ payload, format: 'png' });
    expect([...one.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(one.bytes)).toEqual({ width: one.width, height: one.height });
    const two = await renderPayload({ payload: { ...payload, options: { deviceScaleFactor: 2 } }, format: 'png' });
    expect(two.width).toBe(one.width * 2);
    expect(pngSize(two.bytes)).toEqual({ width: two.width, height: two.height });
  });

  it('writes JPEG with the requested quality', async () => {
    const payload = examples[1]!.payload;
    const low = await renderPayload({ payload: { ...payload, options: { quality: 20 } }, format: 'jpeg' });
    const high = await renderPayload({ payload: { ...payload, options: { quality: 100 } }, format: 'jpeg' });
    expect(Buffer.from(low.bytes).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(low.contentType).toBe('image/jpeg');
    expect(high.size).toBeGreaterThan(low.size);
  });

  it('writes SVG as valid XML with escaped vector text and no script', async () => {
    const evil = '<script>alert(1)</script> & "quotes"';
    const out = await renderPayload({
      payload: {
        title: evil,
        headers: ['<b>', 'x'],
        rows: [
          [evil, { value: 'link', link: 'javascript:alert(1)' }],
          ['ok', { value: 'site', link: 'https://example.com/?a=1&b=2' }],
        ],
      },
      format: 'svg',
    });
    const svg = Buffer.from(out.bytes).toString();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg.toLowerCase()).not.toContain('<script');
    expect(svg).not.toContain('javascript:');
    const texts = svgTexts(svg);
    expect(texts).toContain('<b>');
    expect(texts.join(' ')).toContain('<script>alert(1)</script>');
    expect(svg).toContain('href="https://example.com/?a=1&amp;b=2"');
    expect(out.contentType).toBe('image/svg+xml');
  });

  it('writes a PDF with its text and one page for a short table', async () => {
    const out = await renderPayload({ payload: examples[0]!.payload, format: 'pdf' });
    const text = Buffer.from(out.bytes).toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text.match(/\/Type\s*\/Page\b/g)?.length).toBe(1);
    expect(text).toContain('/FontFile2');
  });

  it('keeps a row taller than a page in the PDF, broken across pages, instead of dropping it', async () => {
    const paragraph = 'A long note from the support log that keeps going for a while. '.repeat(10);
    const tall = Array.from({ length: 14 }, () => paragraph).join('\n');
    const rows = [
      ['Ada', 'short'],
      ['Grace', 'short'],
      ['Linus', tall],
      ['Ken', 'short'],
      ['Barbara', 'short'],
    ];
    const out = await renderPayload({ payload: { title: 'Notes', headers: ['Name', 'Note'], rows }, format: 'pdf' });
    const pages =
      Buffer.from(out.bytes)
        .toString('latin1')
        .match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    // The tall row alone needs more than one page; dropped, the others fit on one or two.
    const layout = layoutTable(
      normalizePayload({ payload: { title: 'Notes', headers: ['Name', 'Note'], rows } }).model,
    );
    const tallPt = (layout.rowEdges[4]! - layout.rowEdges[3]!) * 0.75;
    expect(tallPt).toBeGreaterThan(841.89);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(tallPt / (841.89 - 72)) + 1);
  });
});

describe('cells and options', () => {
  const texts = async (payload: unknown) =>
    svgTexts(Buffer.from((await renderPayload({ payload, format: 'svg' })).bytes).toString());

  it('formats typed cells with Intl and the locale option', async () => {
    const row = [
      { type: 'currency', value: 1234.5 },
      { type: 'percentage', value: 0.256 },
      { type: 'date', value: '2024-03-05' },
      { type: 'number', value: 1234567.891 },
      { type: 'boolean', value: false },
    ];
    expect((await texts({ headers: ['c', 'p', 'd', 'n', 'b'], rows: [row] })).slice(5)).toEqual([
      '$1,234.50',
      '25.6%',
      'Mar 5, 2024',
      '1,234,567.89',
      '✗',
    ]);
    const de = await texts({
      headers: ['c', 'p', 'd', 'n', 'b'],
      rows: [[{ type: 'currency', value: 1234.5, format: 'EUR' }, ...row.slice(1)]],
      options: { locale: 'de-DE' },
    });
    expect(de[5]).toBe('1.234,50\u00a0€');
    expect(de[8]).toBe('1.234.567,89');
  });

  it("reads date patterns in both spellings (dd/MM/yyyy and Make/Zapier's DD/MM/YYYY) and style names", async () => {
    const formats = [
      'DD/MM/YYYY',
      'YYYY-MM-DD',
      'MMMM D, YYYY',
      'dd/MM/yyyy',
      'ddd D MMM',
      "EEEE 'the' d",
      'short',
      'long',
    ];
    const row = formats.map((format) => ({ type: 'date', value: '2025-03-01', format }));
    const out = (await texts({ headers: formats.map((_, i) => `c${i}`), rows: [row], options: { width: 2400 } })).slice(
      formats.length,
    );
    expect(out).toEqual([
      '01/03/2025',
      '2025-03-01',
      'March 1, 2025',
      '01/03/2025',
      'Sat 1 Mar',
      'Saturday the 1',
      '3/1/25',
      'March 1, 2025',
    ]);
  });

  it('shows null as "-", booleans as ✓/✗ and nested data per complexDataDisplay', async () => {
    const t = await texts({
      data: [{ a: null, b: true, c: [1, 2, 3], d: { x: 1, y: { z: [1] } } }],
      styles: { complexDataDisplay: { maxDepth: 2 } },
    });
    expect(t.slice(4)).toEqual(['-', '✓', '1, 2, 3', 'x: 1, y: z: [1 item]']);
    const list = await texts({
      data: [{ tags: ['a', 'b'] }],
      styles: { complexDataDisplay: { arrayDisplay: 'list', nullDisplay: 'n/a' } },
    });
    expect(list.slice(1)).toEqual(['• a', '• b']);
  });

  it('sorts type-aware, filters, paginates and numbers rows', async () => {
    const data = [
      { n: 'ten', v: 10, d: { type: 'date', value: '2024-01-10' } },
      { n: 'nine', v: 9, d: { type: 'date', value: '2023-12-31' } },
      { n: 'hundred', v: 100, d: { type: 'date', value: '2024-02-01' } },
      { n: 'none', v: null, d: { type: 'date', value: '2024-01-01' } },
    ];
    const sorted = await texts({ data, options: { dataProcessing: { sortBy: 'v', sortDirection: 'desc' } } });
    expect(sorted.filter((_, i) => i >= 3 && i % 3 === 0)).toEqual([
      'ten'.replace('ten', 'hundred'),
      'ten',
      'nine',
      'none',
    ]);
    const byDate = await texts({ data, options: { dataProcessing: { sortBy: ['d'] } } });
    expect(byDate.filter((_, i) => i >= 3 && i % 3 === 0)).toEqual(['nine', 'none', 'ten', 'hundred']);
    const filtered = await texts({ data, options: { dataProcessing: { filter: { v: { gte: 10 } } } } });
    expect(filtered.filter((_, i) => i >= 3 && i % 3 === 0)).toEqual(['ten', 'hundred']);
    const paged = await texts({
      data,
      options: { showRowNumbers: true, pagination: { enabled: true, pageSize: 2, currentPage: 2 } },
    });
    expect(paged.slice(0, 4)).toEqual(['#', 'n', 'v', 'd']);
    expect(paged.filter((_, i) => i >= 4 && i % 4 === 0)).toEqual(['3', '4']);
    await expect(
      renderPayload({ payload: { data, options: { dataProcessing: { sortBy: 'missing' } } } }),
    ).rejects.toMatchObject({ status: 400, message: 'Unknown column in sortBy: missing' });
  });

  it('groups rows with group headers and summary rows', async () => {
    const t = await texts({
      data: [
        { g: 'A', x: 1 },
        { g: 'B', x: 5 },
        { g: 'A', x: 2 },
      ],
      options: { dataProcessing: { groupBy: 'g', aggregate: { x: ['sum', 'max'] } } },
    });
    expect(t).toContain('g: A  (2)');
    expect(t).toContain('Subtotal');
    expect(t).toContain('Sum 3');
    expect(t).toContain('Max 5');
    expect(t).toContain('Total');
    expect(t).toContain('Sum 8');
  });

  it('aligns a column by the cells it holds once spans are placed', () => {
    const { model } = normalizePayload({
      payload: {
        headers: ['Region', 'Product', 'Q1', 'Q2'],
        rows: [
          [{ value: 'Europe', style: { rowspan: 3 } }, 'Widgets', 10, 20],
          ['Gadgets', 11, 21],
          ['Gizmos', 12, 22],
          ['Asia', 'Widgets', 13, 23],
        ],
      },
    });
    const header = model.rows.find((r) => r.kind === 'header')!;
    expect(header.cells.map((c) => c?.align)).toEqual(['left', 'left', 'right', 'right']);
  });

  it('shows a computed number without floating-point noise, and integers in full', async () => {
    const t = await texts({ headers: ['a', 'b', 'c', 'd'], rows: [[0.1 + 0.2, 1.23456e-7, 12345678901234, -2.675]] });
    expect(t.slice(4)).toEqual(['0.3', '1.23456e-7', '12345678901234', '-2.675']);
  });

  it("applies a font size from styles.cellStyles, as from a cell's own style", () => {
    const model = (styles: Record<string, unknown>, cell: unknown = 'Ivy Park') =>
      normalizePayload({ payload: { headers: ['Name', 'Lead'], rows: [[cell, 'x']], styles } }).model;
    const body = (m: ReturnType<typeof model>) => m.rows.find((r) => r.kind === 'body')!.cells[0]!;
    expect(body(model({ cellStyles: [[{ fontSize: 20 }]] })).fontSize).toBe(20);
    expect(
      body(model({ cellStyles: [[{ fontSize: 20 }]] }, { value: 'Ivy Park', style: { fontSize: 12 } })).fontSize,
    ).toBe(12);
    expect(body(model({})).fontSize).toBeUndefined();
  });

  it('names a summary row after its function when there is only one', async () => {
    const data = [
      { g: 'A', x: 1 },
      { g: 'B', x: 5 },
      { g: 'A', x: 2 },
    ];
    const grouped = await texts({ data, options: { dataProcessing: { groupBy: 'g', aggregate: { x: 'max' } } } });
    expect(grouped).toContain('Maximum');
    expect(grouped).toContain('Overall maximum');
    expect(grouped).not.toContain('Total');
    const plain = await texts({ data, options: { dataProcessing: { aggregate: { x: 'avg' } } } });
    expect(plain).toContain('Average');
    expect(plain).not.toContain('Total');
    const sums = await texts({ data, options: { dataProcessing: { aggregate: { x: 'sum' } } } });
    expect(sums).toContain('Total');
  });

  it('hides column headers, mirrors columns for rtl', async () => {
    expect(await texts({ headers: ['A', 'B'], rows: [[1, 2]], options: { showColumnHeaders: false } })).toEqual([
      '1',
      '2',
    ]);
    const out = await renderPayload({
      payload: { headers: ['First', 'Second'], rows: [['a', 'b']], options: { direction: 'rtl' } },
      format: 'svg',
    });
    const svg = Buffer.from(out.bytes).toString();
    const x = (label: string) => Number(new RegExp(`x="([\\d.]+)"[^>]*>${label}<`).exec(svg)?.[1]);
    expect(x('First')).toBeGreaterThan(x('Second'));
  });

  it('honours width, wraps long text and hard-breaks long tokens without exceeding the width', async () => {
    const out = await renderPayload({
      payload: { headers: ['k', 'v'], rows: [['x', 'y'.repeat(300)]], options: { width: 300 } },
      format: 'png',
    });
    expect(out.width).toBe(300);
    const wide = await renderPayload({ payload: { headers: ['k', 'v'], rows: [['x', 'y']] }, format: 'png' });
    expect(wide.width).toBeLessThan(300);
    expect(out.height).toBeGreaterThan(wide.height * 2);
  });

  it('never lets spans overlap (a colspan stops at a slot a rowspan covers)', async () => {
    const payload = {
      headers: ['a', 'b', 'c'],
      rows: [
        [0, { value: 'tall', rowspan: 2 }],
        [{ value: 'wide', colspan: 3 }, 'x'],
      ],
    };
    for (const format of ['png', 'svg', 'pdf'] as const) {
      const out = await renderPayload({ payload, format });
      expect(out.size).toBeGreaterThan(0);
    }
    const t = await texts(payload);
    expect(t).toEqual(['a', 'b', 'c', '0', 'tall', 'wide', 'x']);
  });

  it('keeps every character when it hard-breaks a long token, and drops control characters', async () => {
    const token = 'abcdefghij'.repeat(500);
    const t = await texts({
      headers: ['k'],
      rows: [[token], ['tab\there\r\nnext\u0007line']],
      options: { width: 240 },
    });
    const pieces = t.slice(1, -2);
    expect(pieces.length).toBeGreaterThan(20);
    expect(pieces.join('')).toBe(token);
    expect(t.slice(-2)).toEqual(['tab    here', 'nextline']);
  });

  it('merges request styles over project defaults over the system defaults', async () => {
    const svg = async (payload: unknown, projectStyles?: Record<string, unknown>) =>
      Buffer.from(
        (await renderPayload({ payload, projectStyles: projectStyles ?? null, format: 'svg' })).bytes,
      ).toString();
    expect(await svg({ data: [{ a: 1 }] })).toContain('fill="#2563eb"');
    expect(await svg({ data: [{ a: 1 }] }, { headerBg: '#111111' })).toContain('fill="#111111"');
    const both = await svg({ data: [{ a: 1 }], styles: { headerBgColor: '#222222' } }, { headerBg: '#111111' });
    expect(both).toContain('fill="#222222"');
    expect(both).not.toContain('fill="#111111"');
    // A stored project style that no longer validates is ignored, not fatal.
    expect(await svg({ data: [{ a: 1 }] }, { headerBg: 'nope', headerText: '#abcdef' })).toContain('fill="#abcdef"');
  });
});

describe('cell images', () => {
  const canvas = createCanvas(8, 8);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 8, 8);
  const red = `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;

  it('loads every image of a table concurrently, once per source, and draws a placeholder for failures', async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const loadImage = async (src: string) => {
      seen.push(src);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      if (src.includes('missing')) throw new Error('404');
      const [, b64] = src.split(',');
      return { bytes: Buffer.from(b64!, 'base64'), contentType: 'image/png' };
    };
    const payload = {
      headers: ['img', 'img2'],
      rows: [
        [
          { type: 'image', value: red, format: { width: 24, height: 24 } },
          { type: 'image', value: 'https://example.com/missing.png' },
        ],
        [{ type: 'image', value: red }, 'text'],
      ],
    };
    for (const format of ['png', 'svg', 'pdf'] as const) {
      seen.length = 0;
      const out = await renderPayload({ payload, format }, { loadImage });
      expect(seen.sort()).toEqual(['https://example.com/missing.png', red].sort());
      expect(out.warnings).toHaveLength(1);
      expect(out.warnings[0]).toContain('https://example.com/missing.png');
      expect(out.warnings[0]).toContain('placeholder');
      if (format === 'svg') expect(Buffer.from(out.bytes).toString()).toContain('href="data:image/png;base64,');
    }
    expect(maxInFlight).toBe(2);
  });

  it('draws the image into the PNG and a placeholder for bytes that do not decode', async () => {
    const payload = { headers: ['img'], rows: [[{ type: 'image', value: red, format: { width: 40, height: 40 } }]] };
    const out = await renderPayload(
      { payload, format: 'png' },
      { loadImage: async (src) => ({ bytes: Buffer.from(src.split(',')[1]!, 'base64'), contentType: 'image/png' }) },
    );
    const img = await loadImage(Buffer.from(out.bytes));
    const c = createCanvas(img.width, img.height);
    c.getContext('2d').drawImage(img, 0, 0);
    const [r, g, b] = c
      .getContext('2d')
      .getImageData(Math.floor(img.width / 2), Math.floor(img.height * 0.75), 1, 1).data;
    expect([r, g, b]).toEqual([255, 0, 0]);
    const broken = await renderPayload(
      { payload, format: 'pdf' },
      { loadImage: async () => ({ bytes: Buffer.from('not an image'), contentType: 'image/png' }) },
    );
    expect(broken.warnings[0]).toContain('could not be decoded');
  });
});

describe('limits', () => {
  it('refuses too many rows, columns, cells and characters with 413', async () => {
    const manyRows = { headers: ['a'], rows: Array.from({ length: LIMITS.maxRows + 1 }, () => [1]) };
    expect((await refusal(manyRows)).status).toBe(413);
    const manyCols = { headers: Array.from({ length: LIMITS.maxColumns + 1 }, (_, i) => `c${i}`), rows: [] };
    expect((await refusal(manyCols)).status).toBe(413);
    const longCell = { headers: ['a'], rows: [['x'.repeat(LIMITS.maxCellChars + 1)]] };
    const e = await refusal(longCell);
    expect(e.status).toBe(413);
    expect(e.message).toContain('characters');
  });

  it('refuses deep nesting with 400 and huge payloads with 413', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < LIMITS.maxDepth + 5; i++) deep = [deep];
    expect((await refusal({ data: [{ a: deep }] })).status).toBe(400);
    const big = { headers: ['a'], rows: Array.from({ length: 600 }, () => ['x'.repeat(9_000)]) };
    expect((await refusal(big)).status).toBe(413);
  });

  it('refuses an impossible raster before measuring any text', async () => {
    const rows = Array.from({ length: LIMITS.maxRows }, () => Array.from({ length: 20 }, () => 'x'));
    const headers = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const e = await refusal({ headers, rows });
    expect(e.status).toBe(413);
    expect(e.message).toContain('per side');
  });

  it('refuses images taller than the raster limit but renders the same table as PDF', async () => {
    const payload = {
      headers: ['a'],
      rows: Array.from({ length: 3000 }, (_, i) => [`row ${i}`]),
      options: { deviceScaleFactor: 3 },
    };
    const e = await refusal(payload);
    expect(e.status).toBe(413);
    expect(e.message).toContain('pixels');
  });
});

describe('title', () => {
  const titleOf = (payload: Record<string, unknown>) => layoutTable(normalizePayload({ payload }).model);

  it('widens a table fitted to content to its title, so a short title stays on one line', () => {
    for (const title of [
      'Batch 10',
      'Weekly Sales Report for the European Region',
      'Supercalifragilisticexpialidocious',
    ]) {
      const layout = titleOf({ title, data: [{ run: 1 }] });
      expect(layout.title?.lines, title).toEqual([title]);
      expect(layout.tableW, title).toBeGreaterThan(measure(layout.title!.text.font, title));
    }
    // Without a title the same table keeps its own width.
    expect(titleOf({ data: [{ run: 1 }] }).tableW).toBeLessThan(
      titleOf({ title: 'Batch 10', data: [{ run: 1 }] }).tableW,
    );
  });

  it('a title longer than the default width wraps between words at that width; an explicit width wins', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const layout = titleOf({ title: words.join(' '), data: [{ run: 1 }] });
    expect(layout.tableW).toBe(800);
    expect(layout.title!.lines.length).toBeGreaterThan(1);
    expect(layout.title!.lines.join(' ').split(' ')).toEqual(words);
    const fixed = titleOf({
      title: 'Weekly Sales Report for the European Region',
      data: [{ run: 1 }],
      options: { width: 200 },
    });
    expect(fixed.tableW).toBe(200);
    expect(fixed.title!.lines.length).toBeGreaterThan(1);
  });
});

describe('column widths', () => {
  it('short columns at their natural width never squeeze a long one below its longest word', () => {
    // The landing demo's table at the largest font and generous padding: all minimums fit 800 px,
    // but short columns settling at their natural widths used to leave the product column too
    // little ("Noise-Cancelli" / "ng Headset") while others had room to spare.
    for (const [fontSize, cellPadding] of [
      [16, 24],
      [16, 30],
      [18, 12],
      [14, 30],
      [20, 20],
    ] as const) {
      const layout = layoutTable(
        normalizePayload({
          payload: { ...demoInventory, styles: { fontSize: `${fontSize}px`, cellPadding } },
        }).model,
      );
      for (const lc of layout.cells) {
        // Lines end between words or after a hyphen (UAX #14), never inside a word.
        expect(
          lc.lines.join(' ').replace(/- /g, '-').split(/\s+/),
          `${fontSize}px/${cellPadding}: ${lc.cell.text}`,
        ).toEqual(lc.cell.text.split(/\s+/));
      }
    }
  });

  it('a column squeezed to its minimum still holds its longest word: cells wrap between words only', () => {
    // 14 columns cannot fit the default width, so every column gets its minimum.
    const data = Array.from({ length: 6 }, (_, i) =>
      Object.fromEntries(
        Array.from({ length: 14 }, (_, c) => [
          `Column ${c + 1}`,
          c % 3 === 0 ? `Value ${i}-${c} with some longer text` : i * 1000 + c * 37.5,
        ]),
      ),
    );
    for (const fontFamily of ['Inter', 'Roboto', 'Roboto Mono', 'Merriweather']) {
      const layout = layoutTable(normalizePayload({ payload: { data, styles: { fontFamily } } }).model);
      expect(layout.tableW, fontFamily).toBeGreaterThan(800);
      for (const lc of layout.cells) {
        // A line may end after a hyphen ('1-' / '0', as browsers break '1234-5678'), never inside a word.
        expect(lc.lines.join(' ').replace(/- /g, '-').split(/\s+/), `${fontFamily}: ${lc.cell.text}`).toEqual(
          lc.cell.text.split(/\s+/),
        );
      }
    }
  });
});
