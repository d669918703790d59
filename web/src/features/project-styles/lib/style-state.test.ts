import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultTableSettings } from '@jsonable/contracts/settings';
import { PADDING, WIDTH, editorDefaults, editorFontSizes, fromSaved, toSaved } from './style-state';

describe('styles editor state (SPEC §4)', () => {
  it('starts from the SPEC §9 defaults', () => {
    // The editor keeps the font size as a number and has no image quality; the rest is the defaults as they are.
    const { fontSize, imageQuality: _quality, ...rest } = defaultTableSettings;
    expect(editorDefaults).toEqual({ ...rest, fontSize: parseInt(fontSize, 10) });
  });

  it('overlays saved fields, normalising what the API accepts', () => {
    const s = fromSaved({
      headerBg: '#F00',
      fontFamily: 'Georgia, serif',
      fontSize: '18px',
      cellPadding: 7,
      defaultWidth: 5000,
      imageFormat: 'JPG',
    });
    expect(s).toMatchObject({
      headerBg: '#ff0000',
      fontFamily: 'Georgia',
      fontSize: 18,
      cellPadding: 8,
      defaultWidth: 1200,
      imageFormat: 'jpeg',
    });
  });

  it('keeps fields it does not edit when saving', () => {
    expect(toSaved({ theme: 'dark', headerBg: '#000000' }, editorDefaults)).toMatchObject({
      theme: 'dark',
      headerBg: '#2563eb',
    });
  });

  it('replaces the saved conditional formats and spanners with the edited lists, leaving empty ones out', () => {
    const saved = {
      theme: 'dark',
      conditionalFormats: [{ type: 'dataBar', column: 'A' }],
      spanners: [{ label: 'Q1', columns: ['A'] }],
    };
    const spanners = [{ label: 'H', columns: ['B'] }];
    const out = toSaved(saved, editorDefaults, { conditionalFormats: [], spanners });
    expect(out).toMatchObject({ theme: 'dark', spanners });
    expect(out).not.toHaveProperty('conditionalFormats');
  });

  it("always lands on the sliders' steps and the offered sizes, whatever was saved", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('fontSize', 'cellPadding', 'defaultWidth', 'headerBg'),
          fc.oneof(fc.double(), fc.string(), fc.integer()),
        ),
        (saved) => {
          const s = fromSaved(saved);
          expect((s.cellPadding - PADDING.min) % PADDING.step).toBe(0);
          expect(s.cellPadding).toBeGreaterThanOrEqual(PADDING.min);
          expect(s.cellPadding).toBeLessThanOrEqual(PADDING.max);
          expect((s.defaultWidth - WIDTH.min) % WIDTH.step).toBe(0);
          expect(editorFontSizes).toContain(s.fontSize);
          expect(s.headerBg).toMatch(/^#[0-9a-f]{6}$/);
        },
      ),
    );
  });
});
