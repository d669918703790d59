/**
 * Cell graphics as vector shapes (issue #24): data bars, icon sets and sparklines. The layout turns
 * each cell's graphics into a list of shapes in table pixels once; the canvas, SVG and PDF painters
 * only serialise them (`paintShapesCanvas`, `shapesSvg`, `shapesPdf`), so the four formats draw
 * the same thing.
 */
import type { CellGraphics, IconName, ModelCell } from '../model';

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  /** An open polyline: points are x0, y0, x1, y1, … */
  | { kind: 'line'; points: number[]; stroke: string; width: number }
  | { kind: 'polygon'; points: number[]; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string };

/** The width a sparkline would like, before the column is sized. */
export const SPARKLINE_WIDTH = 96;
const GAP = 6;

/** The icon's side for a font size. */
export const iconSize = (fontSize: number) => Math.round(fontSize * 0.95);

/** Extra width a cell's graphics need beside its text (icons), and the graphic's own width (sparklines). */
export function graphicsWidth(cell: ModelCell, fontSize: number): { beside: number; alone: number } {
  const g = cell.graphics;
  if (!g) return { beside: 0, alone: 0 };
  return { beside: g.icon ? iconSize(fontSize) + (cell.text ? GAP : 0) : 0, alone: g.sparkline ? SPARKLINE_WIDTH : 0 };
}

export const ICON_COLOURS = { green: '#16a34a', amber: '#d97706', red: '#dc2626' } as const;
const SPARK_MIN = '#dc2626';
const SPARK_MAX = '#16a34a';

/** The up arrow's outline in the unit square; the down and right arrows are it turned. */
const ARROW_UP = [0.5, 0.05, 0.95, 0.5, 0.66, 0.5, 0.66, 0.95, 0.34, 0.95, 0.34, 0.5, 0.05, 0.5];

/** ARROW_UP with each point (x, y) moved to `to(x, y)` (to hundredths, as written). */
const arrow = (to: (x: number, y: number) => [number, number]) =>
  ARROW_UP.flatMap((v, i) => (i % 2 === 0 ? to(v, ARROW_UP[i + 1]!).map((c) => Math.round(c * 100) / 100) : []));

/** Unit-square outlines of the icons (0..1), scaled into place by `iconShapes`. */
function iconUnits(icon: IconName): Shape[] {
  const { green, amber, red } = ICON_COLOURS;
  switch (icon) {
    case 'arrowUp':
      return [{ kind: 'polygon', points: ARROW_UP, fill: green }];
    case 'arrowDown':
      return [{ kind: 'polygon', points: arrow((x, y) => [x, 1 - y]), fill: red }];
    case 'arrowRight':
      return [{ kind: 'polygon', points: arrow((x, y) => [1 - y, 1 - x]), fill: amber }];
    case 'trafficGreen':
      return [{ kind: 'circle', cx: 0.5, cy: 0.5, r: 0.45, fill: green }];
    case 'trafficAmber':
      return [{ kind: 'circle', cx: 0.5, cy: 0.5, r: 0.45, fill: amber }];
    case 'trafficRed':
      return [{ kind: 'circle', cx: 0.5, cy: 0.5, r: 0.45, fill: red }];
    case 'check':
      return [{ kind: 'line', points: [0.12, 0.55, 0.4, 0.82, 0.9, 0.2], stroke: green, width: 0.17 }];
    case 'exclamation':
      return [
        { kind: 'rect', x: 0.41, y: 0.06, w: 0.18, h: 0.58, fill: amber },
        { kind: 'circle', cx: 0.5, cy: 0.84, r: 0.1, fill: amber },
      ];
    case 'cross':
      return [
        { kind: 'line', points: [0.18, 0.18, 0.82, 0.82], stroke: red, width: 0.17 },
        { kind: 'line', points: [0.82, 0.18, 0.18, 0.82], stroke: red, width: 0.17 },
      ];
  }
}

function iconShapes(icon: IconName, x: number, y: number, size: number): Shape[] {
  const px = (v: number) => Math.round((x + v * size) * 100) / 100;
  const py = (v: number) => Math.round((y + v * size) * 100) / 100;
  const pts = (p: number[]) => p.map((v, i) => (i % 2 === 0 ? px(v) : py(v)));
  return iconUnits(icon).map((s): Shape => {
    switch (s.kind) {
      case 'polygon':
        return { ...s, points: pts(s.points) };
      case 'line':
        return { ...s, points: pts(s.points), width: Math.max(1, s.width * size) };
      case 'circle':
        return { ...s, cx: px(s.cx), cy: py(s.cy), r: s.r * size };
      case 'rect':
        return { ...s, x: px(s.x), y: py(s.y), w: s.w * size, h: s.h * size };
    }
  });
}

function sparklineShapes(
  sp: NonNullable<CellGraphics['sparkline']>,
  x0: number,
  y0: number,
  w: number,
  h: number,
  background: string,
): Shape[] {
  const finite = sp.values
    .map((v, i) => ({ v, i }))
    .filter((p): p is { v: number; i: number } => p.v !== null && Number.isFinite(p.v));
  if (finite.length === 0 || w <= 4 || h <= 4) return [];
  const n = sp.values.length;
  let min = finite[0]!;
  let max = finite[0]!;
  for (const p of finite) {
    if (p.v < min.v) min = p;
    if (p.v > max.v) max = p;
  }
  const r = Math.max(1.5, Math.min(2.5, h / 8));
  const out: Shape[] = [];
  if (sp.kind === 'bar') {
    const lo = Math.min(0, min.v);
    const hi = Math.max(0, max.v);
    const span = hi > lo ? hi - lo : 1;
    const y = (v: number) => y0 + h - ((v - lo) / span) * h;
    const slot = w / n;
    const bw = Math.max(1, slot * 0.72);
    const zero = y(0);
    for (const p of finite) {
      const top = Math.min(zero, y(p.v));
      const height = Math.max(1, Math.abs(y(p.v) - zero));
      const fill =
        p.i === max.i && max.v !== min.v ? SPARK_MAX : p.i === min.i && max.v !== min.v ? SPARK_MIN : sp.color;
      out.push({
        kind: 'rect',
        x: round(x0 + p.i * slot + (slot - bw) / 2),
        y: round(top),
        w: round(bw),
        h: round(height),
        fill,
      });
    }
    return out;
  }
  // Line and area: points inset by the marker radius so the markers stay inside the box.
  const inset = r + 0.5;
  const ix = x0 + inset;
  const iw = w - 2 * inset;
  const iy = y0 + inset;
  const ih = h - 2 * inset;
  const X = (i: number) => round(n === 1 ? ix + iw / 2 : ix + (i / (n - 1)) * iw);
  const Y = (v: number) => round(max.v === min.v ? iy + ih / 2 : iy + ih - ((v - min.v) / (max.v - min.v)) * ih);
  // Null values break the line into segments.
  const segments: { v: number; i: number }[][] = [];
  let current: { v: number; i: number }[] = [];
  sp.values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      if (current.length) segments.push(current);
      current = [];
    } else current.push({ v, i });
  });
  if (current.length) segments.push(current);
  if (sp.kind === 'area') {
    const fill = mixHex(sp.color, background, 0.28);
    const base = round(iy + ih);
    for (const seg of segments) {
      if (seg.length < 2) continue;
      out.push({
        kind: 'polygon',
        points: [X(seg[0]!.i), base, ...seg.flatMap((p) => [X(p.i), Y(p.v)]), X(seg[seg.length - 1]!.i), base],
        fill,
      });
    }
  }
  for (const seg of segments) {
    if (seg.length >= 2)
      out.push({ kind: 'line', points: seg.flatMap((p) => [X(p.i), Y(p.v)]), stroke: sp.color, width: 1.5 });
  }
  if (max.v !== min.v) {
    out.push({ kind: 'circle', cx: X(min.i), cy: Y(min.v), r, fill: SPARK_MIN });
    out.push({ kind: 'circle', cx: X(max.i), cy: Y(max.v), r, fill: SPARK_MAX });
  } else {
    for (const seg of segments)
      if (seg.length === 1) out.push({ kind: 'circle', cx: X(seg[0]!.i), cy: Y(seg[0]!.v), r, fill: sp.color });
  }
  return out;
}

const round = (v: number) => Math.round(v * 100) / 100;

function mixHex(a: string, b: string, t: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const [ar, ag, ab] = p(a);
  const [br, bg, bb] = p(b);
  const m = (x: number, y: number) =>
    Math.round(x * t + y * (1 - t))
      .toString(16)
      .padStart(2, '0');
  return `#${m(ar!, br!)}${m(ag!, bg!)}${m(ab!, bb!)}`;
}

export interface CellBox {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Top of the text block (first line's top) and one line's height. */
  textTop: number;
  lineHeight: number;
  fontSize: number;
  pad: number;
  background: string;
  rtl: boolean;
}

/**
 * Shapes for one cell, in table pixels: a data bar behind the text (inset from the cell's
 * edges; negative values left of the axis), an icon at the cell's start edge on the first line,
 * and a sparkline filling the content box.
 */
export function cellShapes(g: CellGraphics, b: CellBox): Shape[] {
  const out: Shape[] = [];
  if (g.bar) {
    const inset = 3;
    const left = b.x + inset;
    const width = b.w - 2 * inset;
    const top = b.y + inset;
    const height = b.h - 2 * inset;
    const at = (t: number) => (b.rtl ? left + width * (1 - t) : left + width * t);
    const a = at(g.bar.axis);
    const e = at(g.bar.end);
    if (Math.abs(e - a) >= 0.5)
      out.push({
        kind: 'rect',
        x: round(Math.min(a, e)),
        y: top,
        w: round(Math.abs(e - a)),
        h: height,
        fill: g.bar.color,
      });
    if (g.bar.showAxis) out.push({ kind: 'rect', x: round(a - 0.5), y: top, w: 1, h: height, fill: '#334155' });
  }
  if (g.icon) {
    const size = iconSize(b.fontSize);
    const y = b.textTop + (b.lineHeight - size) / 2;
    const x = b.rtl ? b.x + b.w - b.pad - size : b.x + b.pad;
    out.push(...iconShapes(g.icon, x, y, size));
  }
  if (g.sparkline) {
    const h = Math.max(8, b.lineHeight);
    out.push(...sparklineShapes(g.sparkline, b.x + b.pad, b.y + (b.h - h) / 2, b.w - 2 * b.pad, h, b.background));
  }
  return out;
}
