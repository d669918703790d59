/**
 * The PDF limits are true: a table at the cell limit renders (in a heap the size of half a render
 * worker's), one cell more is refused with 413 naming the limit before any layout.
 */
import { describe, expect, it } from 'vitest';
import { tableLimits } from '@jsonable/contracts/render-api';
import { DomainError } from '@jsonable/domain/errors';
import { renderPayload } from './support/payload';

const table = (rows: number, cols: number) => ({
  headers: Array.from({ length: cols }, (_, i) => `Column ${i + 1}`),
  rows: Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => `r${r}c${c}`)),
  options: { format: 'pdf' as const },
});

describe('PDF limits', () => {
  it(`renders ${tableLimits.maxPdfCells} cells (500 rows × 20 columns)`, { timeout: 300_000 }, async () => {
    const out = await renderPayload({ payload: table(tableLimits.maxPdfCells / 20, 20) });
    expect(out.format).toBe('pdf');
    expect(Buffer.from(out.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('refuses one row more with 413 naming the limit', async () => {
    const error = await renderPayload({ payload: table(tableLimits.maxPdfCells / 20 + 1, 20) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(413);
    expect((error as DomainError).message).toBe(
      `Too many cells for a PDF: ${tableLimits.maxPdfCells + 20} (at most ${tableLimits.maxPdfCells}): use fewer rows or columns, pagination, or PNG/SVG`,
    );
  });
});
