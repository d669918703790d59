/**
 * The PDF draws the table's grid and firmer rules as the canvas does (issue #27 item 6: one paint
 * plan, paint/plan.ts): the border's width, colour and dashes, the rule under a frozen header and
 * beside a frozen first column, the rule above totals, no vertical lines through the header band,
 * each at the same place. The PNG (deviceScaleFactor 1) and the PDF's first page rasterised at
 * 96 dpi (one pixel per CSS pixel: the PDF draws a CSS pixel as 0.75 pt) are compared edge by edge:
 * a few pixels either side of every row and column edge of the layout, averaged along the edge
 * (so a dash's phase does not matter, its length and gap do), plus the number of dashes.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { layoutTable } from '../src/layout/layout';
import { emphasisRules } from '../src/paint/plan';
import { unitsByRegion } from './features-cases';
import { pixels, type Pixels } from './support/rasterize';
import { normalizePayload, renderPayload } from './support/payload';
import { hasPoppler, poppler } from './support/poppler';

/** The PDF's first page at 96 dpi. */
const pdfPage = (bytes: Uint8Array) =>
  pixels(poppler(bytes, 'pdftoppm', '-r', '96', '-f', '1', '-l', '1', '-png', '-singlefile', 'file'));

/** A table with every firmer rule: frozen header and first column, subtotals and a total. */
const ruled = (styles: Record<string, unknown> = {}, options: Record<string, unknown> = {}) => ({
  headers: unitsByRegion.headers,
  rows: [...unitsByRegion.rows, ['East', 'Widgets', 61, 70, 64], ['East', 'Gizmos', 55, 58, 66]],
  styles,
  options: {
    freezeHeader: true,
    freezeFirstColumn: true,
    dataProcessing: { aggregate: { Q1: 'sum', Q2: 'sum', Q3: 'sum' } },
    deviceScaleFactor: 1,
    // Upright, left and without a title: the table starts at the page's margin (36 pt, 48 px).
    pdf: { align: 'left', orientation: 'portrait' },
    ...options,
  },
});

type Rgb = [number, number, number];
const at = (p: Pixels, x: number, y: number): Rgb => {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
};
const mean = (cs: Rgb[]): Rgb => [0, 1, 2].map((k) => cs.reduce((s, c) => s + c[k]!, 0) / cs.length) as Rgb;
const far = (a: Rgb, b: Rgb, by: number) => Math.max(...a.map((v, k) => Math.abs(v - b[k]!))) > by;

interface Edge {
  name: string;
  /** Points along the edge at offset d across it, in table pixels. */
  along: (d: number) => [number, number][];
  /** The line of pixels at offset d, as 'x 12' or 'y 40' (table pixels). */
  partAt: (d: number) => string;
}

/**
 * What is drawn at an edge: the mean colour of each line of pixels parallel to it from 3 px before
 * to 3 px after it, and how many separate runs of ink (dashes) lie along the edge itself.
 */
function signature(p: Pixels, ox: number, oy: number, e: Edge) {
  const means: Rgb[] = [];
  for (let d = -3; d <= 3; d++) means.push(mean(e.along(d).map(([x, y]) => at(p, ox + x, oy + y))));
  const runsAt = (d: number) => {
    const line = e.along(d).map(([x, y]) => at(p, ox + x, oy + y));
    const ground = line.reduce((a, c) => (c.reduce((s, v) => s + v) > a.reduce((s, v) => s + v) ? c : a));
    let runs = 0;
    let inInk = false;
    for (const c of line) {
      const ink = far(c, ground, 40);
      if (ink && !inInk) runs++;
      inInk = ink;
    }
    return runs;
  };
  return { means, runs: Math.max(runsAt(-1), runsAt(0)) };
}

/** Where the table's top-left corner is on the PDF's first page, in pixels at 96 dpi. */
type Origin = (tableW: number) => [number, number];
const MARGIN_PX = 48;
const atTheMargin: Origin = () => [MARGIN_PX, MARGIN_PX];

async function compare(payload: ReturnType<typeof ruled>, origin: Origin = atTheMargin) {
  const { model } = normalizePayload({ payload });
  const layout = layoutTable(model);
  const png = await pixels(Buffer.from((await renderPayload({ payload, format: 'png' })).bytes));
  const pdf = await pdfPage((await renderPayload({ payload, format: 'pdf' })).bytes);
  const { tableW: w, tableH: h, rowEdges, colEdges } = layout;
  const span = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  // Along each edge, keep 4 px off the crossing edges, where lines of both directions meet.
  const inner = (edges: number[], i: number) => span(edges[i]! + 4, edges[i + 1]! - 4);
  const edges: Edge[] = [];
  rowEdges.forEach((y, r) => {
    const xs = colEdges.slice(0, -1).flatMap((_, c) => inner(colEdges, c));
    const down = (d: number) => Math.min(h - 1, Math.max(0, y + d));
    edges.push({ name: `row edge ${r}`, along: (d) => xs.map((x) => [x, down(d)]), partAt: (d) => `y ${down(d)}` });
  });
  colEdges.forEach((x, c) => {
    const band = (from: number, to: number) => rowEdges.slice(from, to).flatMap((_, r) => inner(rowEdges, from + r));
    const head = band(0, model.headerRows);
    const body = band(model.headerRows, rowEdges.length - 1);
    const across = (d: number) => Math.min(w - 1, Math.max(0, x + d));
    const partAt = (d: number) => `x ${across(d)}`;
    edges.push({ name: `column edge ${c} in the header`, along: (d) => head.map((y) => [across(d), y]), partAt });
    edges.push({ name: `column edge ${c} in the body`, along: (d) => body.map((y) => [across(d), y]), partAt });
  });
  const [px, py] = origin(w);
  // A rule ending inside a pixel (the 1.5 px totals rule) leaves that pixel part-covered in the
  // PNG; poppler widens thin PDF strokes to whole pixels: those pixels are left out.
  const partial = new Set<string>();
  for (const r of emphasisRules(model, layout).rects)
    for (const [k, v] of [
      ['y', r.y + r.h - layout.tableY],
      ['x', r.x + r.w - layout.tableX],
    ] as const)
      if (!Number.isInteger(v)) partial.add(`${k} ${Math.floor(v)}`);
  const differences: string[] = [];
  for (const e of edges) {
    const a = signature(png, layout.tableX, layout.tableY, e);
    const b = signature(pdf, px, py, e);
    a.means.forEach((m, i) => {
      if (partial.has(e.partAt(i - 3))) return;
      if (far(m, b.means[i]!, 12))
        differences.push(
          `${e.name}, ${i - 3} px: PNG ${m.map(Math.round).join(',')} PDF ${b.means[i]!.map(Math.round).join(',')}`,
        );
    });
    if (Math.abs(a.runs - b.runs) > Math.max(1, a.runs * 0.1))
      differences.push(`${e.name}: ${a.runs} dashes in the PNG, ${b.runs} in the PDF`);
  }
  return { model, layout, png, pdf, differences, pdfOrigin: [px, py] as const };
}

describe.skipIf(!hasPoppler)('the PDF grid is the canvas grid (skipped: poppler-utils is not installed)', () => {
  for (const borderStyle of ['solid', 'dashed', 'dotted'] as const) {
    it(`draws ${borderStyle} lines, the frozen header and first column rules and the totals rule where the PNG has them`, async () => {
      const { differences } = await compare(ruled({ borderStyle }));
      expect(differences).toEqual([]);
    });
  }

  it('draws the firmer rules in their own colour, over the grid, when the grid is off and in a right-to-left table', async () => {
    // Right-to-left, on Letter paper (816 px wide) at the right margin.
    const letterRight: Origin = (w) => [816 - MARGIN_PX - w, MARGIN_PX];
    const cases: [ReturnType<typeof ruled>, Origin][] = [
      [ruled({ borderStyle: 'none' }), atTheMargin],
      [ruled({ borderColor: '#f59e0b', borderWidth: 2 }, { showGridLines: false }), atTheMargin],
      [
        ruled({}, { direction: 'rtl', pdf: { align: 'right', orientation: 'portrait', pageSize: 'Letter' } }),
        letterRight,
      ],
    ];
    for (const [payload, origin] of cases) {
      const { model, layout, png, pdf, differences, pdfOrigin } = await compare(payload, origin);
      const name = JSON.stringify([payload.styles, payload.options]);
      expect(differences, name).toEqual([]);
      // Each firmer rule's middle is its colour in both.
      const { color, rects } = emphasisRules(model, layout);
      expect(rects, name).toHaveLength(3);
      const ink = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16)) as Rgb;
      for (const r of rects) {
        const [x, y] = r.w > r.h ? [r.x + r.w / 3, r.y + r.h / 2 - 0.5] : [r.x + r.w / 2 - 0.5, r.y + r.h / 3];
        expect(far(at(png, x, y), ink, 24), `PNG ${name} ${JSON.stringify(r)}`).toBe(false);
        const [ox, oy] = pdfOrigin;
        expect(
          far(at(pdf, ox + x - layout.tableX, oy + y - layout.tableY), ink, 24),
          `PDF ${name} ${JSON.stringify(r)}`,
        ).toBe(false);
      }
    }
  });

  it("carries a dashed rule's pattern on across the rows and columns it passes, from where the canvas starts it", async () => {
    for (const borderWidth of [1, 2]) {
      // A dark border, so that every dash stands out from the cells' fills.
      const payload = ruled({ borderStyle: 'dashed', borderWidth, borderColor: '#334155' });
      const { model, layout, png, pdf, pdfOrigin } = await compare(payload);
      const { rowEdges, colEdges } = layout;
      const along = (edges: number[], from: number) =>
        edges
          .slice(from, -1)
          .flatMap((e, i) => Array.from({ length: edges[from + i + 1]! - e - 8 }, (_, k) => e + 4 + k));
      // Inner rules in the body, each a whole run across every cell it passes (no spans here).
      const lines: [number, number][][] = [];
      for (const y of rowEdges.slice(model.headerRows + 1, -2)) lines.push(along(colEdges, 0).map((x) => [x, y]));
      for (const x of colEdges.slice(2, -1)) lines.push(along(rowEdges, model.headerRows).map((y) => [x, y]));
      const ink = (p: Pixels, ox: number, oy: number, pts: [number, number][]) => {
        const cs = pts.map(([x, y]) => at(p, ox + x, oy + y));
        const ground = cs.reduce((a, c) => (c.reduce((t, v) => t + v) > a.reduce((t, v) => t + v) ? c : a));
        return cs.map((c) => far(c, ground, 40));
      };
      for (const pts of lines) {
        const a = ink(png, layout.tableX, layout.tableY, pts);
        const b = ink(pdf, pdfOrigin[0], pdfOrigin[1], pts);
        const apart = a.filter((v, i) => v !== b[i]).length / a.length;
        // Restarting the pattern in every cell puts the dashes of most cells out of step.
        expect(apart, `${borderWidth} px, ${JSON.stringify(pts[0])}…`).toBeLessThan(0.1);
      }
    }
  });

  it("draws the table's shadow under it as the PNG does", async () => {
    const payload = ruled({ tableShadow: true });
    const { layout, png, pdf, pdfOrigin } = await compare(payload);
    const { tableW: w, tableH: h } = layout;
    const strip = (p: Pixels, ox: number, oy: number, d: number, side: 'below' | 'right') =>
      mean(
        Array.from({ length: 40 }, (_, i) =>
          side === 'below' ? at(p, ox + w / 2 - 20 + i, oy + h + d) : at(p, ox + w + d, oy + h / 2 - 20 + i),
        ),
      );
    for (const side of ['below', 'right'] as const)
      for (const d of [1, 3, 6, 10, 15, 20]) {
        const a = strip(png, layout.tableX, layout.tableY, d, side);
        const b = strip(pdf, pdfOrigin[0], pdfOrigin[1], d, side);
        expect(far(a, b, 4), `${d} px ${side} the table: PNG ${a.join(',')} PDF ${b.join(',')}`).toBe(false);
      }
    // The shadow is there to see: 3 px below the table, well darker than the white page.
    expect(strip(pdf, pdfOrigin[0], pdfOrigin[1], 3, 'below')[0]).toBeLessThan(245);
  });

  it("draws the grid under the cells' text, as the canvas does", async () => {
    // pdfmake drew each row's lines after the row's text: every line must come before any text.
    const bytes = Buffer.from(
      (await renderPayload({ payload: ruled({ borderStyle: 'dashed' }), format: 'pdf' })).bytes,
    );
    const raw = bytes.toString('latin1');
    const page = [...raw.matchAll(/stream\r?\n/g)]
      .map((m) => {
        const start = m.index + m[0].length;
        try {
          return inflateSync(bytes.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
        } catch {
          return '';
        }
      })
      .find((t) => /\bBT\b/.test(t))!;
    const ops = page.split(/\s+/);
    expect(ops.lastIndexOf('S')).toBeGreaterThan(0);
    expect(ops.lastIndexOf('S')).toBeLessThan(ops.indexOf('BT'));
  });
});
