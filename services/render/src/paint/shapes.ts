/**
 * Serialises the layout's vector shapes (data bars, icons, sparklines) and the text blocks around
 * the table (subtitle, notes) for each painter: Skia canvas, SVG markup and pdfmake canvas nodes.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Shape } from '../layout/graphics';
import type { TextBlock } from '../layout/layout';

/** A number for SVG markup: integers as they are, others to 2 decimals without trailing zeros. */
export const fmt = (n: number) =>
  Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');

export function paintShapesCanvas(ctx: SKRSContext2D, shapes: readonly Shape[]): void {
  for (const s of shapes) {
    switch (s.kind) {
      case 'rect':
        ctx.fillStyle = s.fill;
        ctx.fillRect(s.x, s.y, s.w, s.h);
        break;
      case 'circle':
        ctx.fillStyle = s.fill;
        ctx.beginPath();
        ctx.arc(s.cx, s.cy, s.r, 0, Math.PI * 2);
        ctx.fill();
        break;
      case 'polygon':
      case 'line': {
        ctx.beginPath();
        ctx.moveTo(s.points[0]!, s.points[1]!);
        for (let i = 2; i < s.points.length; i += 2) ctx.lineTo(s.points[i]!, s.points[i + 1]!);
        if (s.kind === 'polygon') {
          ctx.closePath();
          ctx.fillStyle = s.fill;
          ctx.fill();
        } else {
          ctx.strokeStyle = s.stroke;
          ctx.lineWidth = s.width;
          ctx.lineCap = 'round';
          ctx.lineJoin = 'round';
          ctx.stroke();
        }
        break;
      }
    }
  }
}

export function shapesSvg(shapes: readonly Shape[]): string {
  const pts = (p: number[]) => p.map(fmt).join(' ');
  return shapes
    .map((s) => {
      switch (s.kind) {
        case 'rect':
          return `<rect x="${fmt(s.x)}" y="${fmt(s.y)}" width="${fmt(s.w)}" height="${fmt(s.h)}" fill="${s.fill}"/>`;
        case 'circle':
          return `<circle cx="${fmt(s.cx)}" cy="${fmt(s.cy)}" r="${fmt(s.r)}" fill="${s.fill}"/>`;
        case 'polygon':
          return `<polygon points="${pts(s.points)}" fill="${s.fill}"/>`;
        case 'line':
          return `<polyline points="${pts(s.points)}" fill="none" stroke="${s.stroke}" stroke-width="${fmt(s.width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
      }
    })
    .join('');
}

/**
 * pdfmake canvas vectors for shapes, in points, relative to (ox, oy) in table pixels: a cell's
 * content origin, where pdfmake places the cell's first node.
 */
export function shapesPdf(shapes: readonly Shape[], ox: number, oy: number, pt: number): Record<string, unknown>[] {
  const X = (x: number) => (x - ox) * pt;
  const Y = (y: number) => (y - oy) * pt;
  const points = (p: number[]) => {
    const out: { x: number; y: number }[] = [];
    for (let i = 0; i < p.length; i += 2) out.push({ x: X(p[i]!), y: Y(p[i + 1]!) });
    return out;
  };
  return shapes.map((s) => {
    switch (s.kind) {
      case 'rect':
        return { type: 'rect', x: X(s.x), y: Y(s.y), w: s.w * pt, h: s.h * pt, color: s.fill };
      case 'circle':
        return { type: 'ellipse', x: X(s.cx), y: Y(s.cy), r1: s.r * pt, r2: s.r * pt, color: s.fill };
      case 'polygon':
        return {
          type: 'polyline',
          points: points(s.points),
          closePath: true,
          color: s.fill,
          lineWidth: 0.01,
          lineColor: s.fill,
        };
      case 'line':
        return {
          type: 'polyline',
          points: points(s.points),
          lineColor: s.stroke,
          lineWidth: s.width * pt,
          lineCap: 'round',
          lineJoin: 'round',
        };
    }
  });
}

/** Canvas: a wrapped text block (title, subtitle, note) at its laid-out place. */
export function paintTextBlockCanvas(ctx: SKRSContext2D, t: TextBlock, direction: 'ltr' | 'rtl'): void {
  ctx.font = t.text.css;
  ctx.fillStyle = t.color;
  ctx.textAlign = t.align;
  ctx.direction = direction;
  const x = t.align === 'right' ? t.x + t.w : t.x;
  t.lines.forEach((text, i) => ctx.fillText(text, x, t.baseline + i * t.text.lineHeight));
}
