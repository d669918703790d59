import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { downloadFilename, slugForFile } from './filename';

describe('download file names', () => {
  it('follows SPEC §5', () => {
    expect(downloadFilename('  Q3 Sales — Report!! ', null, 'png')).toBe('q3-sales-report.png');
    expect(downloadFilename('***', 'Inventory Status', 'pdf')).toBe('inventory-status.pdf');
    expect(downloadFilename('', '', 'svg')).toBe('table.svg');
    expect(downloadFilename(null, undefined, 'jpeg')).toBe('table.jpeg');
  });

  it('always gives a safe, non-empty name', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (name, title) => {
        const f = downloadFilename(name, title, 'png');
        expect(f).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.png$/);
        expect(slugForFile(name)).not.toMatch(/--|^-|-$/);
      }),
    );
  });
});
