/**
 * The PDF's page in the paint plan's order (paint/plan.ts), as the canvas and the SVG draw it:
 * the table's shadow, the cells' fills over their whole boxes, the grid lines, the firmer rules,
 * then everything else (text, images, shapes) over them.
 *
 * pdfmake lays the table out and draws it its own way: each row's fills, then the row's content,
 * then its lines, cell by cell, so a rule drawn after a row covers that row's text, a dashed rule
 * starts its pattern again in every cell, and a firmer rule is cut where pdfmake's vertical lines
 * cross it. The document definition marks what the table draws through the colours pdfmake hands
 * to pdfkit as they are (arrays, marked here): `cellFill`, `gridInk`, `drawnOnTop`. The Renderer
 * (pdf-tags.ts) hands every page's items to `inPlanOrder` before drawing them, which puts the
 * marked items in the plan's order, joins each grid line's pieces into the whole runs the canvas
 * strokes (the pattern's phase kept from the run's first row or column edge), draws each firmer
 * rule as one line, and puts the shadow under the table's part on the page.
 */

/** #rrggbb as pdfkit's [r, g, b]: a new array each time, so that it can be marked. */
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** Where a cell's fill goes: the cell's whole box rather than pdfmake's room between its lines. */
interface Box {
  /** Left edge and width on the page, in points. */
  x: number;
  w: number;
  /** Moves of pdfmake's fill's top and bottom, in points. */
  top: number;
  bottom: number;
}

/** The table's drop shadow in points (plan.ts TABLE_SHADOW at the page's scale). */
export interface PdfShadow {
  sigma: number;
  dy: number;
  color: string;
  opacity: number;
}

const fills = new WeakMap<object, { box?: Box; shadow: PdfShadow | null }>();
const gridInks = new WeakSet<object>();
const onTop = new WeakSet<object>();

/**
 * A cell's fill colour (#rrggbb) as pdfkit takes it, marked: with `box`, its fill covers `box`
 * across and pdfmake's fill moved by `box.top` and `box.bottom` down (the cell's whole box, as the
 * canvas fills it); with `shadow`, the table casts it.
 */
export function cellFill(hex: string, box: Box | undefined, shadow: PdfShadow | null): number[] {
  const ink = rgb(hex);
  fills.set(ink, { box, shadow });
  return ink;
}

/** A grid line's colour (#rrggbb), marked: its pieces are drawn as whole runs, under the text. */
export function gridInk(hex: string): number[] {
  const ink = rgb(hex);
  gridInks.add(ink);
  return ink;
}

/** A firmer rule's colour (#rrggbb), marked: drawn last of the table's lines, one line per rule. */
export function drawnOnTop(hex: string): number[] {
  const ink = rgb(hex);
  onTop.add(ink);
  return ink;
}

interface Vector {
  type: string;
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  x: number;
  y: number;
  w: number;
  h: number;
  lineWidth?: number;
  lineColor?: unknown;
  color?: unknown;
  dash?: { length: number; space?: number; phase?: number };
}
export interface PageItem {
  type: string;
  item: Vector;
}

const marked = (c: unknown): c is object => typeof c === 'object' && c !== null;
const EPS = 1e-3;

/** A straight line along x or y, or null for any other vector. */
function axisOf(v: Vector): 'x' | 'y' | null {
  if (v.type !== 'line') return null;
  if (v.y1 === v.y2) return 'x';
  return v.x1 === v.x2 ? 'y' : null;
}

/**
 * A line's pieces (all with the same place across, width, colour and dashes) joined where they
 * touch or overlap, or, without `edges`, into one line over their whole extent (a firmer rule:
 * pdfmake leaves it out of a cell that spans it, a group row across every column, where the
 * canvas draws it across). A dashed run's pattern starts at the first row or column edge at or
 * just after its start (`edges`: the cells' box edges), as the canvas's does: pdfmake's line
 * begins a part of its width before the edge.
 */
function joined(pieces: Vector[], along: 'x' | 'y', edges: number[] | null): Vector[] {
  const [a, b] = along === 'x' ? (['x1', 'x2'] as const) : (['y1', 'y2'] as const);
  const sorted = pieces
    .map((v) => ({ ...v, [a]: Math.min(v[a], v[b]), [b]: Math.max(v[a], v[b]) }) as Vector)
    .sort((p, q) => p[a] - q[a]);
  const out: Vector[] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last && (!edges || v[a] <= last[b] + EPS)) last[b] = Math.max(last[b], v[b]);
    else out.push(v);
  }
  for (const v of out) {
    if (!v.dash || !edges) continue;
    const start = v[a];
    const edge = edges.find((e) => e >= start - EPS && e <= start + (v.lineWidth ?? 0) + EPS) ?? start;
    const period = v.dash.length + (v.dash.space ?? v.dash.length);
    v.dash = { ...v.dash, phase: (((period - (edge - start)) % period) + period) % period };
  }
  return out;
}

/** Lines grouped by direction, place across, width, colour and dashes, each group `joined`. */
function runs(lines: PageItem[], edges: { x: number[]; y: number[] } | null): PageItem[] {
  const groups = new Map<string, { along: 'x' | 'y'; item: PageItem; pieces: Vector[] }>();
  const out: PageItem[] = [];
  for (const i of lines) {
    const v = i.item;
    const along = axisOf(v);
    if (!along) {
      out.push(i);
      continue;
    }
    const across = along === 'x' ? v.y1 : v.x1;
    const dash = v.dash ? `${v.dash.length}/${v.dash.space ?? v.dash.length}` : '';
    const key = `${along} ${across.toFixed(3)} ${v.lineWidth} ${String(v.lineColor)} ${dash}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { along, item: i, pieces: [] }));
    group.pieces.push(v);
  }
  for (const { along, item, pieces } of groups.values())
    for (const v of joined(pieces, along, edges && (along === 'x' ? edges.x : edges.y))) out.push({ ...item, item: v });
  return out;
}

/**
 * Rounded rectangles, each wider than the last, whose overlapping opacities add up to the
 * canvas's Gaussian shadow of `box` (blur σ, dropped by dy): at a distance d outside the dropped
 * box, opacity × (1 − Φ(d / σ)), from dy inside it (the rest is under the table) out to 3σ.
 */
function shadowUnder(box: { x: number; y: number; w: number; h: number }, s: PdfShadow): PageItem[] {
  const LAYERS = 16;
  const from = -s.dy;
  const step = (3 * s.sigma - from) / LAYERS;
  // Φ through erf (Abramowitz and Stegun 7.1.26, error under 1.5e-7).
  const erf = (x: number) => {
    const t = 1 / (1 + 0.3275911 * Math.abs(x));
    const poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
    const y = 1 - poly * Math.exp(-x * x);
    return x >= 0 ? y : -y;
  };
  const target = (d: number) => s.opacity * (1 - 0.5 * (1 + erf(d / (s.sigma * Math.SQRT2))));
  // Between layer k − 1's edge and layer k's, layers k … n − 1 overlap: their joint opacity is the
  // target at the middle of that band.
  const joint = Array.from({ length: LAYERS + 1 }, (_, k) => (k === LAYERS ? 0 : target(from + (k + 0.5) * step)));
  const items: PageItem[] = [];
  for (let k = LAYERS - 1; k >= 0; k--) {
    const e = from + (k + 1) * step;
    const vector = {
      type: 'rect',
      x: box.x - e,
      y: box.y + s.dy - e,
      w: box.w + 2 * e,
      h: box.h + 2 * e,
      r: Math.max(0, e),
      color: s.color,
      fillOpacity: 1 - (1 - joint[k]!) / (1 - joint[k + 1]!),
      lineWidth: 0,
    };
    items.push({ type: 'vector', item: vector as unknown as Vector });
  }
  return items;
}

/** A page's items in the plan's order (see the top of this file). */
export function inPlanOrder(items: PageItem[]): PageItem[] {
  const cellFills: PageItem[] = [];
  const grid: PageItem[] = [];
  const firm: PageItem[] = [];
  const rest: PageItem[] = [];
  let at = -1;
  let shadow: PdfShadow | null = null;
  for (const i of items) {
    const v = i.item;
    const fill = i.type === 'vector' && v.type === 'rect' && marked(v.color) ? fills.get(v.color) : undefined;
    const line = i.type === 'vector' && marked(v.lineColor) ? v.lineColor : null;
    const to = fill ? cellFills : line && onTop.has(line) ? firm : line && gridInks.has(line) ? grid : rest;
    if (to !== rest && at < 0) at = rest.length;
    if (fill) {
      shadow ??= fill.shadow;
      const box = fill.box;
      // New items: an item may be shared with another page (a repeated header row).
      to.push(box ? { ...i, item: { ...v, x: box.x, w: box.w, y: v.y + box.top, h: v.h - box.top + box.bottom } } : i);
    } else to.push(i);
  }
  if (at < 0) return items;
  const edges = {
    x: [...new Set(cellFills.map((f) => f.item.x))].sort((a, b) => a - b),
    y: [...new Set(cellFills.map((f) => f.item.y))].sort((a, b) => a - b),
  };
  let under: PageItem[] = [];
  if (shadow && cellFills.length) {
    const left = Math.min(...cellFills.map((f) => f.item.x));
    const top = Math.min(...cellFills.map((f) => f.item.y));
    const right = Math.max(...cellFills.map((f) => f.item.x + f.item.w));
    const bottom = Math.max(...cellFills.map((f) => f.item.y + f.item.h));
    under = shadowUnder({ x: left, y: top, w: right - left, h: bottom - top }, shadow);
  }
  return [...rest.slice(0, at), ...under, ...cellFills, ...runs(grid, edges), ...runs(firm, null), ...rest.slice(at)];
}
