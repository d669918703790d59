import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMAGE_FORMATS } from '@jsonable/contracts/formats';
import { IMAGE_FILENAME_PATTERN, readableName, renderedFilename, sanitizeFilename } from './filenames';

describe('image file names', () => {
  it('lowercases, collapses non-alphanumerics to hyphens and trims (SPEC §5)', () => {
    expect(sanitizeFilename('  Q3 Sales — Report!! ', null)).toBe('q3-sales-report');
    expect(sanitizeFilename('../../etc/passwd', null)).toBe('etc-passwd');
  });
  it('keeps accented letters as their base letter', () => {
    expect(sanitizeFilename(null, 'Ünïcødé Résumé Straße Łódź ✓ 报告')).toBe('unicode-resume-strasse-lodz');
    expect(readableName('Æsir ﬁle İstanbul')).toBe('aesir-file-istanbul');
  });
  it('drops an image extension typed into the custom name (the format decides it)', () => {
    expect(sanitizeFilename('q3-sales.png', null)).toBe('q3-sales');
    expect(sanitizeFilename('Report.JPEG ', null)).toBe('report');
    expect(sanitizeFilename('notes.txt', null)).toBe('notes-txt');
    expect(sanitizeFilename('.pdf', 'Fallback Title')).toBe('fallback-title');
  });
  it('falls back to the title, then table', () => {
    expect(sanitizeFilename('', 'Inventory Status')).toBe('inventory-status');
    expect(sanitizeFilename('***', '!!!')).toBe('table');
    expect(sanitizeFilename(42, undefined)).toBe('table');
  });
  it('always yields a name the image route accepts, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.anything(),
        fc.uuid(),
        fc.constantFrom(...IMAGE_FORMATS),
        fc.option(
          fc
            .integer({ min: 1, max: 20 })
            .chain((of) => fc.record({ number: fc.integer({ min: 1, max: of }), of: fc.constant(of) })),
          { nil: undefined },
        ),
        (custom, title, uuid, format, page) => {
          const at = new Date(1_700_000_000_000);
          const name = renderedFilename({ custom, title, at, uuid, format, page });
          expect(name).toMatch(IMAGE_FILENAME_PATTERN);
          expect(readableName(name.replace(/\.\w+$/, ''))).toBe(name.replace(/\.\w+$/, ''));
          // The readable part, then page n of a split (none for a single image), the time and 16 random hex digits.
          const paged = page && page.of > 1 ? `-${page.number}-of-${page.of}` : '';
          expect(name.startsWith(`${sanitizeFilename(custom, title)}${paged}-1700000000000-`)).toBe(true);
          expect(name).toMatch(/-[0-9a-f]{16}\.[a-z]+$/);
        },
      ),
    );
  });

  it('names two renders of the same table apart (64 random bits of the uuid)', () => {
    const named = { custom: 'Q3 Sales', title: null, at: new Date(0), format: 'png' as const };
    const a = renderedFilename({ ...named, uuid: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' });
    const b = renderedFilename({ ...named, uuid: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b' });
    expect(a).toBe('q3-sales-0-1b4e28ba2fa183f0.png');
    expect(b).not.toBe(a);
  });
});
