import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMAGE_FORMATS } from '@jsonable/contracts/formats';
import { IMAGE_FILENAME_PATTERN, imageFilename, randomToken, readableName, sanitizeFilename } from './filenames';

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
        (custom, title, uuid, format) => {
          const name = imageFilename(
            sanitizeFilename(custom, title),
            new Date(1_700_000_000_000),
            randomToken(uuid),
            format,
          );
          expect(name).toMatch(IMAGE_FILENAME_PATTERN);
          expect(readableName(name.replace(/\.\w+$/, ''))).toBe(name.replace(/\.\w+$/, ''));
        },
      ),
    );
  });
});
