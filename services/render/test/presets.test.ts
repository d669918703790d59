/**
 * Channel presets (issue #25 item 3): each preset's golden image, its numbers in the output, and
 * explicit options winning over the preset. Regenerate with update-goldens.ts (look at each).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, PRESETS, type PresetName } from '@jsonable/contracts/presets';
import { renderPayload } from './support/payload';
import { presetCases, presetTable } from './preset-cases';
import { differing, hasPdftoppm, pixels, toPng } from './support/rasterize';

const dir = join(import.meta.dirname, 'golden');

describe('channel presets', () => {
  for (const c of presetCases) {
    const preset = PRESETS[c.preset];
    it.skipIf(preset.format === 'pdf' && !hasPdftoppm)(`${c.preset}: its golden image and numbers`, async () => {
      const out = await renderPayload({ payload: c.payload });
      expect(out.format).toBe(preset.format);
      const actual = await pixels(await toPng(out.bytes, out.format as 'png' | 'pdf'));
      const expected = await pixels(readFileSync(join(dir, c.golden)));
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      expect(differing(actual, expected, 24)).toBeLessThan(0.002);
      if (preset.format === 'pdf') {
        expect([out.width, out.height]).toEqual(c.preset === 'a4' ? [595, 842] : [612, 792]);
      } else {
        // The whole image is the preset's width at its scale, margins included.
        expect(out.width).toBe(preset.width * preset.scale);
        // The margin is background on every side: the first rows of pixels are white.
        const m = preset.margin * preset.scale;
        const row = actual.data.subarray(0, actual.width * 4 * (m - 1));
        expect(row.every((v) => v === 255)).toBe(true);
      }
    });
  }

  it('split "auto" keeps every page within what the channel documents', async () => {
    // From each preset's sources (presets.ts): X's in-post 16:9 at 1600×900, a Teams card's image
    // within 1024×1024, LinkedIn's feed uncropped up to 2:3 (height at most 1.5 × the width).
    const documented: Partial<Record<PresetName, (w: number, h: number) => boolean>> = {
      x: (w, h) => w <= 1600 && h <= 900,
      teams: (w, h) => w <= 1024 && h <= 1024,
      linkedin: (w, h) => w === 1200 && h <= 1.5 * w,
    };
    const long = { ...presetTable, rows: Array.from({ length: 5 }, () => presetTable.rows).flat() };
    for (const name of PRESET_NAMES) {
      const preset = PRESETS[name];
      if (preset.pageHeight === null) continue;
      const out = await renderPayload({ payload: { ...long, options: { preset: name, split: 'auto' } } });
      const pages = out.pages ?? [out];
      expect(pages.length, name).toBeGreaterThan(1);
      for (const page of pages) {
        expect(page.width, name).toBe(preset.width * preset.scale);
        expect(page.height, name).toBeLessThanOrEqual(preset.pageHeight * preset.scale);
        expect(documented[name]?.(page.width, page.height) ?? true, `${name}: ${page.width}×${page.height}`).toBe(true);
      }
    }
  });

  it('explicit options win over the preset', async () => {
    const out = await renderPayload({
      payload: {
        ...presetTable,
        options: { preset: 'slack', width: 500, deviceScaleFactor: 1, margin: 0, format: 'jpeg' },
      },
    });
    expect(out.format).toBe('jpeg');
    expect(out.width).toBe(500);
    const styled = await renderPayload({
      payload: { ...presetTable, styles: { imageFormat: 'svg' }, options: { preset: 'a4' } },
    });
    expect(styled.format).toBe('svg');
    // The project's default format does not beat the request's preset.
    const project = await renderPayload({
      payload: { ...presetTable, options: { preset: 'email' } },
      projectStyles: { imageFormat: 'webp' },
    });
    expect(project.format).toBe('png');
  });

  it('refuses an unknown preset with 400 naming the field and the allowed values', async () => {
    // (null is not here: an automation tool's unmapped field, read as "not given" like every null option.)
    for (const preset of ['instagram', 3, { name: 'slack' }, '']) {
      const err = await renderPayload({ payload: { ...presetTable, options: { preset } } }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 400 });
      expect((err as Error).message).toMatch(/options\.preset.*slack, email, x, linkedin, teams, a4 or letter/);
    }
    // Any case is the same preset.
    const upper = await renderPayload({ payload: { ...presetTable, options: { preset: 'SLACK' } } });
    expect(upper.width).toBe(1600);
  });
});
