/**
 * PDFs that read like documents (issue #29): text that poppler extracts in reading order, page
 * numbers and the title repeated on following pages, metadata, the page setup of `options.pdf`
 * (checked with pdfinfo), and where the table sits on the page (checked on rasterised pixels).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '@jsonable/domain/errors';
import { pageLabel } from '../src/paint/pages';
import { hasPoppler, poppler } from './support/poppler';
import { pixels } from './support/rasterize';
import { renderPayload } from './support/payload';

const text = (bytes: Uint8Array, ...args: string[]) =>
  poppler(bytes, 'pdftotext', ...args, 'file', '-').toString('utf8');
function info(bytes: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of poppler(bytes, 'pdfinfo', 'file').toString('utf8').split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}
/** Page 1 at 72 dpi: one pixel per point. */
async function firstPage(bytes: Uint8Array) {
  return pixels(poppler(bytes, 'pdftoppm', '-r', '72', '-f', '1', '-l', '1', '-png', '-singlefile', 'file'));
}
/** Left and right edges (points) of the table's header row (its blue fill and its borders) on a page. */
function headerEdges(p: { width: number; height: number; data: Uint8ClampedArray }): { left: number; right: number } {
  const at = (x: number, y: number) => p.data.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 3);
  const blue = (x: number, y: number) => at(x, y)[2]! > 180 && at(x, y)[0]! < 90 && at(x, y)[1]! < 140;
  for (let y = 0; y < p.height; y++) {
    const xs = Array.from({ length: p.width }, (_, x) => x);
    if (!xs.some((x) => blue(x, y))) continue;
    // A few rows into the band: the row's ink from its left border to its right border.
    const row = y + 4;
    const ink = xs.filter((x) => at(x, row)[0]! < 245 || at(x, row)[1]! < 245 || at(x, row)[2]! < 245);
    return { left: ink[0]!, right: ink[ink.length - 1]! + 1 };
  }
  return { left: NaN, right: NaN };
}

const count = (r: number) => String((r * 37) % 1000);
/** Long and narrow: 60 rows, two short columns, three A4 pages. */
const narrow = (pdf?: object, rows = 60) => ({
  title: 'Inventory',
  headers: ['Name', 'Count'],
  rows: Array.from({ length: rows }, (_, r) => [`Item ${r + 1}`, count(r)]),
  options: { format: 'pdf' as const, ...(pdf ? { pdf } : {}) },
});
/** Wider than tall: eight columns, four rows. */
const wide = (pdf?: object) => ({
  title: 'Quarterly figures',
  headers: Array.from({ length: 8 }, (_, c) => `Column ${c + 1}`),
  rows: Array.from({ length: 4 }, (_, r) => Array.from({ length: 8 }, (_, c) => `r${r + 1} c${c + 1}`)),
  options: { format: 'pdf' as const, ...(pdf ? { pdf } : {}) },
});

describe('page numbering', () => {
  it('words a page label the same way wherever it is used', () => {
    expect(pageLabel(1, 3)).toBe('Page 1 of 3');
  });
});

describe.skipIf(!hasPoppler)('PDFs that read like documents (skipped: poppler-utils is not installed)', () => {
  it(
    'extracts as text in reading order: title, header row, rows left to right, "Page i of n" under each page, the title and header again on the next pages',
    { timeout: 60_000 },
    async () => {
      const out = await renderPayload({ payload: narrow() });
      const pages = text(out.bytes, '-layout')
        .split('\f')
        .filter((p) => p.trim() !== '');
      expect(pages).toHaveLength(3);
      const seen: number[] = [];
      pages.forEach((page, i) => {
        const lines = page
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        expect(lines[0], `page ${i + 1}`).toBe('Inventory');
        expect(lines[1], `page ${i + 1}`).toMatch(/^Name\s+Count$/);
        expect(lines[lines.length - 1], `page ${i + 1}`).toBe(`Page ${i + 1} of 3`);
        for (const line of lines.slice(2, -1)) {
          // Each row reads as one line, its cells left to right.
          const m = /^Item (\d+)\s+(\d+)$/.exec(line);
          expect(m, line).not.toBeNull();
          expect(m![2]).toBe(count(Number(m![1]) - 1));
          seen.push(Number(m![1]));
        }
      });
      expect(seen).toEqual(Array.from({ length: 60 }, (_, r) => r + 1));
      // Without -layout too (poppler's own reading order): cell after cell, row after row.
      const plain = text(out.bytes, '-f', '1', '-l', '1')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      expect(plain.slice(0, 9)).toEqual(['Inventory', 'Name', 'Count', 'Item 1', '0', 'Item 2', '37', 'Item 3', '74']);
      expect(plain[plain.length - 1]).toBe('Page 1 of 3');
    },
  );

  it(
    'carries metadata: title, subject (the alt text), creator, creation date, language, and the page size',
    { timeout: 60_000 },
    async () => {
      const before = Date.now();
      const out = await renderPayload({ payload: { ...narrow(), options: { ...narrow().options, locale: 'en-GB' } } });
      const meta = info(out.bytes);
      expect(meta.Title).toBe('Inventory');
      expect(meta.Subject).toBe(
        'Table: Inventory. 60 rows, 2 columns: Name, Count. Row 1: Name Item 1, Count 0. Row 2: Name Item 2, Count 37. Row 3: Name Item 3, Count 74. And 57 more rows.',
      );
      expect(meta.Creator).toBe('Jsonable');
      expect(Date.parse(meta.CreationDate!)).toBeGreaterThan(before - 120_000);
      expect(meta.Pages).toBe('3');
      expect(meta['Page size']).toBe('595.28 x 841.89 pts (A4)');
      expect(Buffer.from(out.bytes).toString('latin1')).toMatch(/\/Lang \(en-GB\)/);
      expect(Buffer.from(out.bytes).toString('latin1')).toMatch(/\/DisplayDocTitle true/);
    },
  );

  it(
    'prints on A4, Letter or Legal, upright or turned; auto turns the page for a table wider than tall',
    { timeout: 120_000 },
    async () => {
      const cases: Array<[object, object | undefined, string, [number, number]]> = [
        [narrow, undefined, '595.28 x 841.89 pts (A4)', [595, 842]],
        [narrow, { pageSize: 'Letter' }, '612 x 792 pts (letter)', [612, 792]],
        [narrow, { pageSize: 'legal', orientation: 'landscape' }, '1008 x 612 pts', [1008, 612]],
        [wide, undefined, '841.89 x 595.28 pts (A4)', [842, 595]],
        [wide, { orientation: 'portrait', fit: 'width' }, '595.28 x 841.89 pts (A4)', [595, 842]],
        [wide, { pageSize: 'Letter', orientation: 'auto' }, '792 x 612 pts (letter)', [792, 612]],
      ];
      for (const [make, pdf, size, [w, h]] of cases) {
        const out = await renderPayload({ payload: (make as typeof narrow)(pdf) });
        expect(info(out.bytes)['Page size'], JSON.stringify(pdf)).toBe(size);
        expect([out.width, out.height], JSON.stringify(pdf)).toEqual([w, h]);
      }
    },
  );

  it(
    'places the table centred (default), left or right, or scaled to the width between the margins',
    { timeout: 120_000 },
    async () => {
      const edges = async (pdf?: object) =>
        headerEdges(await firstPage((await renderPayload({ payload: narrow(pdf, 20) })).bytes));
      const centre = await edges();
      const width = centre.right - centre.left;
      expect(width).toBeGreaterThan(80);
      expect(Math.abs((centre.left + centre.right) / 2 - 595.28 / 2)).toBeLessThanOrEqual(2);
      const left = await edges({ align: 'left' });
      expect(Math.abs(left.left - 36)).toBeLessThanOrEqual(2);
      expect(Math.abs(left.right - left.left - width)).toBeLessThanOrEqual(2);
      const right = await edges({ align: 'right' });
      expect(Math.abs(right.right - (595.28 - 36))).toBeLessThanOrEqual(2);
      const fit = await edges({ fit: 'width' });
      expect(Math.abs(fit.left - 36)).toBeLessThanOrEqual(2);
      expect(Math.abs(fit.right - (595.28 - 36))).toBeLessThanOrEqual(2);
      // A wide table scaled down onto an upright page fills the same width.
      const down = headerEdges(
        await firstPage((await renderPayload({ payload: wide({ orientation: 'portrait', fit: 'width' }) })).bytes),
      );
      expect(Math.abs(down.left - 36)).toBeLessThanOrEqual(2);
      expect(Math.abs(down.right - (595.28 - 36))).toBeLessThanOrEqual(2);
    },
  );
});

/** The structure tree as poppler reads it (pdfinfo -struct-text): one node or text per line, indented. */
const structure = (bytes: Uint8Array) => poppler(bytes, 'pdfinfo', '-struct-text', 'file').toString('utf8');

describe.skipIf(!hasPoppler)('tagged PDF: the table structure for screen readers', () => {
  it(
    'tags the title, the table (header cells with column scope, body cells) in reading order, and leaves page furniture out',
    { timeout: 60_000 },
    async () => {
      const out = await renderPayload({ payload: narrow() });
      expect(info(out.bytes).Tagged).toBe('yes');
      const tree = structure(out.bytes);
      const lines = tree
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      expect(lines.slice(0, 16)).toEqual([
        'Document',
        'H1 (block)',
        '"Inventory"',
        'Table (block)',
        'THead',
        'TR',
        'TH:',
        '/Scope /Column',
        '"Name"',
        'TH:',
        '/Scope /Column',
        '"Count"',
        'TBody',
        'TR',
        'TD',
        '"Item 1"',
      ]);
      // The header row drawn again on pages 2 and 3, the running head and the page numbers are
      // artifacts: a screen reader meets each header once and every row once, in order.
      expect(lines.filter((l) => l === '"Name"')).toHaveLength(1);
      expect(lines.filter((l) => l === '"Inventory"')).toHaveLength(1);
      expect(tree).not.toMatch(/Page \d of 3/);
      const items = lines.filter((l) => /^"Item \d+"$/.test(l)).map((l) => Number(l.slice(6, -1)));
      expect(items).toEqual(Array.from({ length: 60 }, (_, r) => r + 1));
      expect(lines.filter((l) => l === 'TR')).toHaveLength(61);
    },
  );

  it(
    'carries spans as table attributes, subtitle and notes as paragraphs, and a cell image as its alt text (the caption drawn under it)',
    { timeout: 60_000 },
    async () => {
      const png =
        'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIAQMAAAD+wSzIAAAABlBMVEX/AAD///9BHTQRAAAAC0lEQVQI12NgQAcAABAAAQNMfd8AAAAASUVORK5CYII=';
      const out = await renderPayload({
        payload: {
          title: 'Team',
          subtitle: 'Spring',
          sourceNotes: ['Source: HR'],
          headers: ['Name', 'Photo', 'Role'],
          rows: [
            [{ value: 'Ada', colspan: 2 }, null, 'Lead'],
            ['Alan', { type: 'image', value: `data:image/png;base64,${png}`, alt: 'A red square' }, 'Dev'],
          ],
          options: { format: 'pdf' },
        },
      });
      const lines = structure(out.bytes)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      expect(lines.slice(0, 5)).toEqual(['Document', 'H1 (block)', '"Team"', 'P (block)', '"Spring"']);
      const ada = lines.indexOf('"Ada"');
      expect(lines.slice(ada - 2, ada)).toEqual(['TD:', '/ColSpan 2']);
      const alan = lines.indexOf('"Alan"');
      expect(lines.slice(alan, alan + 5)).toEqual(['"Alan"', 'TD', '"A red square"', 'TD', '"Dev"']);
      expect(lines.slice(-2)).toEqual(['P (block)', '"Source: HR"']);
    },
  );
});

describe('hostile page setups', () => {
  it('refuses bad values with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ pageSize: 'A3' }, 'Invalid options.pdf.pageSize: Expected A4, Letter or Legal'],
      [{ orientation: 'upside-down' }, 'Invalid options.pdf.orientation: Expected auto, portrait or landscape'],
      [{ align: 'justify' }, 'Invalid options.pdf.align: Expected center, left or right'],
      [{ fit: 'height' }, 'Invalid options.pdf.fit: Expected none or width'],
      [{ fit: 7 }, 'Invalid options.pdf.fit: Expected none or width'],
      [{ pageSize: { __proto__: 'A4' } }, 'Invalid options.pdf.pageSize: Expected A4, Letter or Legal'],
      [
        { margins: 0 },
        'Invalid options.pdf: Unknown PDF option "margins" (expected pageSize, orientation, align or fit)',
      ],
      ['Letter', 'Invalid options.pdf: Expected an object with pageSize, orientation, align or fit'],
      [[], 'Invalid options.pdf: Expected an object with pageSize, orientation, align or fit'],
    ];
    for (const [pdf, message] of cases) {
      const error = await renderPayload({
        payload: { headers: ['a'], rows: [[1]], options: { format: 'pdf', pdf } },
      }).catch((e: unknown) => e);
      expect(error, JSON.stringify(pdf)).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(400);
      expect((error as DomainError).message).toBe(message);
    }
  });

  it('refuses, before pdfmake lays it out, a narrow table that scaled to the page width would take too many pages', async () => {
    const error = await renderPayload({
      payload: {
        headers: ['n'],
        rows: Array.from({ length: 400 }, (_, r) => [r]),
        options: { format: 'pdf', pdf: { fit: 'width' } },
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(413);
    expect((error as DomainError).message).toMatch(/^The PDF would have more than 100 pages/);
  });

  it('ignores options.pdf for the other formats', async () => {
    const out = await renderPayload({
      payload: { headers: ['a'], rows: [[1]], options: { format: 'png', pdf: { pageSize: 'Legal', fit: 'width' } } },
    });
    expect(out.format).toBe('png');
  });
});

/**
 * How far the ink of the cell under the header leans: the mean x of the dark pixels in the top
 * third of the text minus that in the bottom third (pixels; positive leans right, as italic does).
 */
function lean(p: { width: number; height: number; data: Uint8ClampedArray }, y0: number, y1: number): number {
  const dark: [number, number][] = [];
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 4;
      if (p.data[i]! < 100 && p.data[i + 1]! < 100 && p.data[i + 2]! < 100) dark.push([x, y]);
    }
  const ys = dark.map(([, y]) => y);
  const top = Math.min(...ys);
  const h = Math.max(...ys) - top + 1;
  const meanX = (from: number, to: number) => {
    const xs = dark.filter(([, y]) => y >= top + from * h && y < top + to * h).map(([x]) => x);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  return meanX(0, 1 / 3) - meanX(2 / 3, 1);
}

describe.skipIf(!hasPoppler)('italic in PDF (skipped: poppler-utils is not installed)', () => {
  it('slants italic text as the PNG does (issue #24: a rule with fontStyle italic), and leaves the rest upright', async () => {
    // One cell of tall strokes under a header, large enough to measure; no title, so the only dark
    // ink below the blue header is the cell's text.
    const payload = (italic: boolean, format: 'pdf' | 'png') => ({
      headers: ['H'],
      rows: [['lllll']],
      styles: { fontSize: '40px', headerBackgroundColor: '#ffffff', headerTextColor: '#ffffff' },
      conditionalFormats: italic
        ? [{ type: 'rule', column: 'H', when: { op: 'contains', value: 'l' }, style: { fontStyle: 'italic' } }]
        : [],
      options: { format, deviceScaleFactor: 1 },
    });
    const leans: Record<string, number> = {};
    for (const italic of [false, true]) {
      const pdf = await firstPage((await renderPayload({ payload: payload(italic, 'pdf') })).bytes);
      leans[`pdf ${italic}`] = lean(pdf, 0, pdf.height - 60); // above the "Page 1 of 1" footer
      const png = await pixels(Buffer.from((await renderPayload({ payload: payload(italic, 'png') })).bytes));
      leans[`png ${italic}`] = lean(png, 0, png.height);
    }
    // Upright strokes do not lean; italic ones lean right by about a quarter of their height.
    expect(Math.abs(leans['pdf false']!), JSON.stringify(leans)).toBeLessThan(1);
    expect(Math.abs(leans['png false']!), JSON.stringify(leans)).toBeLessThan(1);
    expect(leans['png true']!, JSON.stringify(leans)).toBeGreaterThan(3);
    expect(leans['pdf true']!, JSON.stringify(leans)).toBeGreaterThan(3);
    expect(leans['pdf true']! / leans['png true']!, JSON.stringify(leans)).toBeGreaterThan(0.6);
    expect(leans['pdf true']! / leans['png true']!, JSON.stringify(leans)).toBeLessThan(1.6);
  });
});
