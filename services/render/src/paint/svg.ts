/**
 * SVG: real vector text (selectable, searchable), every string XML-escaped, no script, no
 * external references (cell images are inlined as data: URIs only when they were fetched and
 * are PNG/JPEG/GIF/WebP). The fonts come with it: each bundled face the text uses is embedded as
 * a subset (`@font-face`, TTF data URI) holding exactly the characters drawn, so a viewer without
 * our fonts shows the PNG's glyphs at the PNG's advances. With `svgText: "paths"` the text is
 * glyph outlines placed as the PNG places them, and there is no text and no font. Colour emoji
 * are pictures in both (svg-glyphs.ts).
 */
import type { FetchedImages } from '../engine';
import { familyStack, type FaceId, type HanFace, type Weight } from '../fonts';
import type { Layout, TextBlock, TextStyle } from '../layout/layout';
import type { TableModel } from '../model';
import { imageBox, placeholderFill, ruleStart, TABLE_SHADOW, tablePlan, textX, underlineTop } from './plan';
import { fmt, shapesSvg } from './shapes';
import { embeddedFonts, faceOf, stackOf, type TextUse } from './svg-fonts';
import { EMOJI_TEXT, emojiSvg, GlyphDefs, glyphsSvg, lineLeft, placeLine } from './svg-glyphs';

export function escapeXml(s: string): string {
  // Characters XML 1.0 forbids are dropped; the five specials are escaped.
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const clusters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A line's text with its colour emoji transparent: their pictures are drawn over them. */
function hideEmoji(line: string, stack: readonly FaceId[]): string {
  let out = '';
  for (const { segment } of clusters.segment(line)) {
    const emoji = EMOJI_TEXT.test(segment) && faceOf(segment, stack) === 'notoColorEmoji';
    out += emoji ? `<tspan opacity="0">${escapeXml(segment)}</tspan>` : escapeXml(segment);
  }
  return out;
}

const SAFE_IMAGE = /^image\/(png|jpeg|gif|webp)$/;

/** `altText`: the image's alt text (a summary of the table), carried as <desc> for screen readers and search. */
/** The text the SVG draws, by weight and Han face: what the embedded subsets must hold. */
function textUses(layout: Layout): TextUse[] {
  const byWeight = new Map<string, TextUse & { texts: string[] }>();
  const add = (weight: Weight, han: HanFace, lines: readonly string[]) => {
    let use = byWeight.get(`${weight}|${han}`);
    if (!use) byWeight.set(`${weight}|${han}`, (use = { weight, han, texts: [] }));
    use.texts.push(...lines);
  };
  for (const block of [layout.title, layout.subtitle, ...layout.notes])
    if (block) add(block.text.weight, block.text.han, block.lines);
  for (const lc of layout.cells) if (lc.lines.length) add(lc.text.weight, lc.text.han, lc.lines);
  return [...byWeight.values()];
}

export function renderSvg(model: TableModel, layout: Layout, images: FetchedImages, altText: string): string {
  const s = model.styles;
  const out: string[] = [];
  const rtl = model.direction === 'rtl';
  const paths = model.svgText === 'paths';
  // The bundled faces we measured with come first and are embedded, so every viewer that reads
  // @font-face draws with them; then the script fallbacks and a generic family for those that do
  // not. The family the user asked for (e.g. Arial) is only named: its bundled stand-in is embedded.
  // With svgText "paths" there is no text and no font at all.
  const familyFor = (han: HanFace) => familyStack(layout.face, { generic: true, han }).replace(/"/g, "'");
  const family = paths ? '' : ` font-family="${escapeXml(familyFor(layout.han))}"`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" role="img" aria-labelledby="table-title table-desc" width="${fmt(layout.width)}" height="${fmt(layout.height)}" viewBox="0 0 ${fmt(layout.width)} ${fmt(layout.height)}"${rtl ? ' direction="rtl"' : ''}${family}>`,
  );
  // The first <title> and <desc> name and describe the whole image (SVG 2 §5.9): viewers show the
  // title as the tooltip, screen readers read both.
  out.push(`<title id="table-title">${escapeXml(model.title ?? 'Table')}</title>`);
  out.push(`<desc id="table-desc">${escapeXml(altText)}</desc>`);
  if (!paths) {
    const fonts = embeddedFonts(layout.face, layout.han, textUses(layout));
    if (fonts.css) out.push(`<style>\n${fonts.css}\n</style>`);
  }
  // Glyph outlines (paths) are defined once each, here, when the text has been placed.
  const defsAt = out.length;
  const defs = new GlyphDefs();
  /**
   * One line of text, aligned physically at x. As <text> (the embedded fonts draw it), with any
   * emoji as pictures over their transparent glyphs; or, with paths, as placed glyph outlines.
   */
  const textLine = (
    line: string,
    style: TextStyle,
    x: number,
    align: 'left' | 'right' | 'center',
    y: number,
    fill: string,
    attrs: string,
    underline: boolean,
  ): string => {
    const plain = `<text ${attrs} y="${fmt(y)}" xml:space="preserve">${escapeXml(line)}</text>`;
    if (!paths && !EMOJI_TEXT.test(line)) return plain;
    const stack = stackOf(layout.face, style.han);
    const placed = placeLine(line, style, layout.face, stack, rtl);
    const left = lineLeft(x, align, placed.width);
    const pictures = emojiSvg(placed, left, y, style.size);
    if (!paths)
      return pictures
        ? `<text ${attrs} y="${fmt(y)}" xml:space="preserve">${hideEmoji(line, stack)}</text>${pictures}`
        : plain;
    const rule =
      underline && placed.width > 0
        ? `<rect x="${fmt(left)}" y="${underlineTop(y)}" width="${fmt(placed.width)}" height="1" fill="${fill}"/>`
        : '';
    return glyphsSvg(placed, left, y, fill, style.italic, defs) + pictures + rule;
  };
  /** A block of text outside the table (title, subtitle, note): text-anchor is logical, "start" is the right edge in rtl. */
  const block = (t: TextBlock) => {
    const weight = t.text.weight;
    const x = t.align === 'right' ? t.x + t.w : t.x;
    const anchor = (t.align === 'right') === rtl ? '' : ' text-anchor="end"';
    const attrs = `x="${fmt(x)}" font-size="${t.text.size}"${weight !== 400 ? ` font-weight="${weight}"` : ''} fill="${t.color}"${anchor}`;
    t.lines.forEach((line, i) =>
      out.push(textLine(line, t.text, x, t.align, t.baseline + i * t.text.lineHeight, t.color, attrs, false)),
    );
  };
  out.push(`<rect width="100%" height="100%" fill="${s.backgroundColor}"/>`);
  const plan = tablePlan(model, layout);
  if (plan.shadow) {
    const box = plan.shadow;
    out.push(
      `<defs><filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="${TABLE_SHADOW.offsetY}" stdDeviation="${TABLE_SHADOW.blur / 2}" flood-color="${TABLE_SHADOW.hex}" flood-opacity="${TABLE_SHADOW.opacity}"/></filter></defs>`,
    );
    out.push(
      `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${box.fill}" filter="url(#shadow)"/>`,
    );
  }
  for (const t of [layout.title, layout.subtitle, ...layout.notes]) if (t) block(t);
  out.push('<g shape-rendering="crispEdges">');
  for (const lc of layout.cells) {
    if (lc.background)
      out.push(`<rect x="${lc.x}" y="${lc.y}" width="${lc.w}" height="${lc.h}" fill="${lc.background}"/>`);
  }
  // The plan's grid lines, each stroked down its middle (the canvas's pixels), dashes from its start.
  const { grid, emphasis } = plan;
  if (grid.lines.length) {
    const w = grid.width;
    const mid = (edge: number) => fmt(ruleStart(edge, w) + w / 2);
    const d = grid.lines
      .map((l) =>
        l.y1 === l.y2 ? `M${fmt(l.x1)} ${mid(l.y1)}H${fmt(l.x2)}` : `M${mid(l.x1)} ${fmt(l.y1)}V${fmt(l.y2)}`,
      )
      .join('');
    const dash = grid.dash ? ` stroke-dasharray="${grid.dash[0]} ${grid.dash[1]}"` : '';
    out.push(`<path d="${d}" fill="none" stroke="${grid.color}" stroke-width="${w}"${dash}/>`);
  }
  for (const r of emphasis.rects)
    out.push(`<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${emphasis.color}"/>`);
  out.push('</g>');

  const pad = s.cellPadding;
  for (const lc of layout.cells) {
    const cell = lc.cell;
    const parts: string[] = [];
    if (lc.shapes) parts.push(shapesSvg(lc.shapes));
    if (cell.image) {
      const spec = cell.image;
      const { left, top } = imageBox(lc);
      const bytes = images.bytes.get(spec.src);
      const type = images.contentTypes.get(spec.src) ?? '';
      if (bytes && SAFE_IMAGE.test(type)) {
        parts.push(
          `<image x="${fmt(left)}" y="${fmt(top)}" width="${spec.width}" height="${spec.height}" preserveAspectRatio="xMidYMid meet" href="data:${type};base64,${bytes.toString('base64')}"${spec.alt ? ` aria-label="${escapeXml(spec.alt)}"` : ''}/>`,
        );
      } else {
        parts.push(
          `<rect x="${fmt(left + 0.5)}" y="${fmt(top + 0.5)}" width="${spec.width - 1}" height="${spec.height - 1}" fill="${placeholderFill(s.borderColor)}" stroke="${s.borderColor}"/>`,
        );
        parts.push(
          `<path d="M${fmt(left + 0.5)} ${fmt(top + spec.height - 0.5)}L${fmt(left + spec.width - 0.5)} ${fmt(top + 0.5)}" stroke="${s.borderColor}"/>`,
        );
      }
    }
    if (lc.lines.length > 0) {
      const anchor = lc.align === 'left' ? 'start' : lc.align === 'right' ? 'end' : 'middle';
      const x = textX(lc, pad);
      // In an rtl document "start" is the right edge; anchors here are physical, so say so.
      const physicalAnchor =
        model.direction === 'rtl' && anchor !== 'middle' ? (anchor === 'start' ? 'end' : 'start') : anchor;
      const attrs = [
        `x="${fmt(x)}"`,
        `font-size="${lc.text.size}"`,
        lc.text.weight !== 400 ? `font-weight="${lc.text.weight}"` : '',
        lc.text.italic ? 'font-style="italic"' : '',
        `fill="${lc.color}"`,
        physicalAnchor !== 'start' ? `text-anchor="${physicalAnchor}"` : '',
        cell.link ? 'text-decoration="underline"' : '',
        lc.text.tabular ? 'style="font-variant-numeric:tabular-nums"' : '',
        // A cell in another language than the table's (format.locale): its Han face first.
        lc.text.han !== layout.han && !paths ? `font-family="${escapeXml(familyFor(lc.text.han))}"` : '',
        cell.locale ? `xml:lang="${escapeXml(cell.locale)}"` : '',
      ]
        .filter(Boolean)
        .join(' ');
      lc.lines.forEach((line, i) => {
        parts.push(
          textLine(
            line,
            lc.text,
            x,
            lc.align,
            lc.baseline + i * lc.text.lineHeight,
            lc.color,
            attrs,
            Boolean(cell.link),
          ),
        );
      });
    }
    if (parts.length === 0) continue;
    let group = parts.join('');
    if (cell.tooltip) group = `<g><title>${escapeXml(cell.tooltip)}</title>${group}</g>`;
    if (cell.link) group = `<a href="${escapeXml(cell.link)}" target="_blank">${group}</a>`;
    out.push(group);
  }
  const glyphDefs = defs.svg();
  if (glyphDefs) out.splice(defsAt, 0, glyphDefs);
  out.push('</svg>');
  return out.join('\n');
}
