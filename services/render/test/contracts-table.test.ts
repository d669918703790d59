import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultStyles,
  mergeStyles,
  parseColour,
  stylesSchema,
  tableOptionsSchema,
  tableRequestSchema,
  themes,
} from '@jsonable/contracts/table';

describe('table contracts', () => {
  it('accepts hex colours of 3 or 6 digits, rgb() and a few names, always normalised to hex', () => {
    expect(parseColour('#ABC')).toBe('#aabbcc');
    expect(parseColour('#2563eb')).toBe('#2563eb');
    expect(parseColour('rgb(37, 99, 235)')).toBe('#2563eb');
    expect(parseColour('rgba(0,0,0,0.5)')).toBe('#00000080');
    expect(parseColour('Navy')).toBe('#000080');
    for (const bad of [
      '#abcd',
      '2563eb',
      'rgb(300,0,0)',
      'url(#x)',
      'red;fill:url(x)',
      'constructor',
      '__proto__',
      'expression(alert(1))',
    ]) {
      expect(parseColour(bad)).toBeNull();
    }
  });

  it('never lets anything but hex through the colour schema', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const r = stylesSchema.safeParse({ headerBg: s });
        if (r.success && r.data.headerBg !== undefined)
          expect(r.data.headerBg).toMatch(/^#[0-9a-f]{6}(?:[0-9a-f]{2})?$/);
      }),
    );
  });

  it('has the SPEC §9 defaults', () => {
    expect(defaultStyles).toMatchObject({
      headerBg: '#2563eb',
      headerText: '#ffffff',
      rowEvenBg: '#f8fafc',
      rowOddBg: '#ffffff',
      borderColor: '#e2e8f0',
      fontFamily: 'Inter, sans-serif',
      fontSize: 14,
      borderStyle: 'solid',
      cellPadding: 12,
      imageQuality: 8,
      imageFormat: 'png',
      defaultWidth: 800,
    });
    expect(defaultStyles.complexDataDisplay.nullDisplay).toBe('-');
    expect(defaultStyles.complexDataDisplay.booleanDisplay).toEqual({ true: '✓', false: '✗' });
  });

  it('folds aliases and themes: explicit field > alias > theme, request > project > system', () => {
    const req = stylesSchema.parse({
      headerBgColor: '#111',
      headerTextColor: '#222',
      rowEvenBgColor: '#333',
      rowOddBgColor: '#444',
      theme: 'dark',
    });
    expect(mergeStyles(req)).toMatchObject({
      headerBg: '#111111',
      headerText: '#222222',
      rowEvenBg: '#333333',
      rowOddBg: '#444444',
      borderColor: themes.dark.borderColor,
    });
    expect(mergeStyles(stylesSchema.parse({ headerColor: '#555', zebraStripes: false, borderWidth: 2 }))).toMatchObject(
      { headerBg: '#555555', zebraStripes: false, borderWidth: 2 },
    );
    expect(mergeStyles(stylesSchema.parse({ rowAlternateColors: ['#fff', '#eee'] }))).toMatchObject({
      rowOddBg: '#ffffff',
      rowEvenBg: '#eeeeee',
    });
    const project = stylesSchema.parse({
      headerBg: '#999999',
      fontSize: 16,
      complexDataDisplay: { nullDisplay: 'n/a' },
    });
    const merged = mergeStyles(
      stylesSchema.parse({ fontSize: '18px', complexDataDisplay: { arrayDisplay: 'list' } }),
      project,
    );
    expect(merged).toMatchObject({ headerBg: '#999999', fontSize: 18 });
    expect(merged.complexDataDisplay).toMatchObject({ nullDisplay: 'n/a', arrayDisplay: 'list', maxDepth: 3 });
  });

  it('validates the SPEC §5 ranges', () => {
    expect(stylesSchema.safeParse({ imageQuality: 11 }).success).toBe(false);
    expect(stylesSchema.safeParse({ defaultWidth: 99 }).success).toBe(false);
    expect(stylesSchema.safeParse({ complexDataDisplay: { maxDepth: 6 } }).success).toBe(false);
    expect(tableOptionsSchema.safeParse({ quality: 0 }).success).toBe(false);
    expect(tableOptionsSchema.safeParse({ deviceScaleFactor: 4 }).success).toBe(false);
    expect(tableOptionsSchema.safeParse({ pagination: { pageSize: 0 } }).success).toBe(false);
    expect(tableOptionsSchema.parse({ format: 'JPG', width: '640px', quality: '80' })).toMatchObject({
      format: 'jpeg',
      width: 640,
      quality: 80,
    });
  });

  it('requires data or headers', () => {
    expect(tableRequestSchema.safeParse({ data: [{ a: 1 }] }).success).toBe(true);
    expect(tableRequestSchema.safeParse({ headers: ['a'], rows: [] }).success).toBe(true);
    const r = tableRequestSchema.safeParse({ rows: [[1]] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Must provide either data array or headers');
  });
});
