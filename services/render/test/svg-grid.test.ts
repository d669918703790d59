/**
 * The SVG draws the grid from the same plan as the canvas (paint/plan.ts): every line lands on the
 * PNG's pixels at any border width, the outer border too (it lies inside the table, shifted by half
 * its width as the canvas's is). The SVG is drawn by Skia's SVG renderer and compared with the PNG
 * (deviceScaleFactor 1) line by line of pixels around every row and column edge, each averaged
 * along the edge, so that text and the renderers' different anti-aliasing of glyphs weigh little.
 */
import { describe, expect, it } from 'vitest';
import { layoutTable } from '../src/layout/layout';
import { pixels, toPng, type Pixels } from './support/rasterize';
import { normalizePayload, renderPayload } from './support/payload';

const table = (styles: Record<string, unknown>) => ({
  headers: ['Region', 'Product', 'Q1', 'Q2'],
  rows: [
    ['North', 'Widgets', 120, 132],
    ['South', 'Gadgets', 77, 80],
  ],
  styles: { borderColor: '#ef4444', ...styles },
  options: { deviceScaleFactor: 1 },
});

/** The mean red-minus-green of a line of pixels: how much of the (red) border it holds. */
const redness = (p: Pixels, pts: [number, number][]) =>
  pts.reduce((s, [x, y]) => {
    const i = (y * p.width + x) * 4;
    return s + p.data[i]! - p.data[i + 1]!;
  }, 0) / pts.length;

describe('the SVG grid is the canvas grid', () => {
  for (const borderWidth of [1, 2, 3, 4])
    for (const borderStyle of ['solid', 'dashed'] as const)
      it(`puts ${borderWidth} px ${borderStyle} lines and the border on the PNG's pixels`, async () => {
        const payload = table({ borderWidth, borderStyle });
        const layout = layoutTable(normalizePayload({ payload }).model);
        const png = await pixels(Buffer.from((await renderPayload({ payload, format: 'png' })).bytes));
        const svgOut = await renderPayload({ payload, format: 'svg' });
        const svg = await pixels(await toPng(svgOut.bytes, 'svg'));
        const { tableX: tx, tableY: ty, tableW: tw, tableH: th, rowEdges, colEdges } = layout;
        const xs = Array.from({ length: tw - 16 }, (_, i) => tx + 8 + i);
        const ys = Array.from({ length: th - 16 }, (_, i) => ty + 8 + i);
        const differences: string[] = [];
        for (let d = -4; d <= 4; d++) {
          const lines: [string, [number, number][]][] = [
            ...rowEdges.map((e): [string, [number, number][]] => [`row edge ${e}`, xs.map((x) => [x, ty + e + d])]),
            ...colEdges.map((e): [string, [number, number][]] => [`column edge ${e}`, ys.map((y) => [tx + e + d, y])]),
          ];
          for (const [name, pts] of lines) {
            const inside = pts.filter(([x, y]) => x >= 0 && y >= 0 && x < png.width && y < png.height);
            const a = redness(png, inside);
            const b = redness(svg, inside);
            if (Math.abs(a - b) > 16) differences.push(`${name} ${d} px: PNG ${a.toFixed(0)} SVG ${b.toFixed(0)}`);
          }
        }
        expect(differences).toEqual([]);
      });
});
