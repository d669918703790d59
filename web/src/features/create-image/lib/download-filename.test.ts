import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { downloadBaseName, downloadFilename, sanitizeFilename } from './download-filename';

describe('download file name (SPEC §5)', () => {
  it('lower-cases, collapses non-alphanumerics to one hyphen and trims them', () => {
    expect(sanitizeFilename('  Q3 Sales — Report!! ')).toBe('q3-sales-report');
    expect(sanitizeFilename('Inventory_Status.v2')).toBe('inventory-status-v2');
  });

  it('falls back to the title, then to table', () => {
    expect(downloadBaseName('', 'Monthly Users')).toBe('monthly-users');
    expect(downloadBaseName('***', 'Monthly Users')).toBe('monthly-users');
    expect(downloadBaseName(null, '!!!')).toBe('table');
    expect(downloadBaseName(undefined, undefined)).toBe('table');
  });

  it('names the extension after the blob type', () => {
    expect(downloadFilename('Report', null, 'image/jpeg')).toBe('report.jpg');
    expect(downloadFilename('Report', null, 'image/svg+xml; charset=utf-8')).toBe('report.svg');
    expect(downloadFilename('Report', null, 'application/pdf')).toBe('report.pdf');
    expect(downloadFilename('Report', null, null)).toBe('report.png');
  });

  it('always yields a non-empty name of a-z, 0-9 and inner single hyphens', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (custom, title) => {
        const name = downloadBaseName(custom, title);
        expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(sanitizeFilename(sanitizeFilename(s))).toBe(sanitizeFilename(s));
      }),
    );
  });
});
