/**
 * What the SVG carries for its text (issue #29): subset fonts with exactly the characters drawn
 * (default), or glyph outlines and no fonts (`options.svgText: "paths"`). How it looks in a browser
 * without our fonts is svg-chromium.test.ts.
 */
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renderPayload } from './support/payload';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { create(b: Buffer): { characterSet: number[] } };

const svgOf = async (payload: unknown) =>
  Buffer.from((await renderPayload({ payload, format: 'svg' })).bytes).toString('utf8');
const faces = (svg: string) =>
  [
    ...svg.matchAll(/@font-face\{font-family:'([^']+)';font-weight:(\d+);src:url\(data:font\/ttf;base64,([^)]+)\)/g),
  ].map((m) => ({
    family: m[1]!,
    weight: Number(m[2]),
    // fontkit lists cmap format 4's closing 0xFFFF segment as a character.
    chars: new Set(fontkit.create(Buffer.from(m[3]!, 'base64')).characterSet.filter((c) => c !== 0xffff)),
  }));
const codes = (...texts: string[]) =>
  new Set(
    texts
      .join('')
      .split('')
      .map((c) => c.codePointAt(0)!),
  );

describe('SVG text', () => {
  it('embeds one subset per face and weight, holding exactly the characters that face draws', async () => {
    const svg = await svgOf({
      title: 'Zoë',
      headers: ['Region', 'Sales'],
      rows: [
        ['Asia 亚太', 12],
        ['ישראל', 7],
      ],
    });
    const found = faces(svg);
    expect(found.map((f) => `${f.family} ${f.weight}`).sort()).toEqual([
      'Inter 400',
      'Inter 600',
      'Inter 700',
      'Noto Sans Hebrew 400',
      'Noto Sans SC 400',
    ]);
    const get = (family: string, weight: number) =>
      found.find((f) => f.family === family && f.weight === weight)!.chars;
    expect(get('Inter', 700)).toEqual(codes('Zoë'));
    expect(get('Inter', 600)).toEqual(codes('RegionSales'));
    expect(get('Inter', 400)).toEqual(codes('Asia ', '12', '7'));
    expect(get('Noto Sans SC', 400)).toEqual(codes('亚太'));
    expect(get('Noto Sans Hebrew', 400)).toEqual(codes('ישראל'));
    // The family the user names is not put before the embedded stand-in.
    const arial = await svgOf({ headers: ['a'], rows: [['b']], styles: { fontFamily: 'Arial' } });
    expect(arial).toContain('font-family="&apos;Arimo&apos;, ');
    expect(faces(arial).map((f) => f.family)).toEqual(['Arimo', 'Arimo']);
  });

  it('svgText "paths": outlines in <defs>, no text, no fonts; title, desc, links and underlines stay', async () => {
    const svg = await svgOf({
      title: 'Links',
      headers: ['Site', 'Note'],
      rows: [
        [
          { type: 'link', value: 'https://example.com/', text: 'Example' },
          { value: 'slanted', style: { fontStyle: 'italic' } },
        ],
      ],
      options: { svgText: 'paths' },
    });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toMatch(/<text|@font-face|font-family/);
    expect(svg).toContain('<title id="table-title">Links</title>');
    expect(svg).toMatch(/<defs>\n<path id="g\d+-\d+" d="M/);
    expect(svg).toContain('<a href="https://example.com/" target="_blank">');
    expect(svg).toMatch(/<a [^>]+><g fill="[^"]+"><g transform[^>]+>(<use [^>]+>)+<\/g><\/g><rect [^>]*height="1"/);
    expect(svg).toContain('skewX(-14.04)');
    // Each distinct glyph is defined once.
    const ids = [...svg.matchAll(/<path id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('any text, either mode, gives well-formed SVG', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('fonts', 'paths'),
        async (cells, svgText) => {
          const svg = await svgOf({
            headers: ['x'],
            rows: cells.map((c) => [c]),
            options: { svgText, direction: cells.length % 2 ? 'rtl' : 'ltr' },
          });
          expect(XMLValidator.validate(svg)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('refuses an unknown svgText', async () => {
    await expect(
      renderPayload({ payload: { headers: ['a'], rows: [['b']], options: { svgText: 'outline' } }, format: 'svg' }),
    ).rejects.toThrow();
  });
});
