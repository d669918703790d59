import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIP } from 'node:net';
import { isPublicAddress } from '../src/images/address';
import { decodeDataUri } from '../src/images/data-uri';
import { CellImageError, loadCellImage } from '../src/images/load';
import { sniffImage } from '../src/images/sniff';

const percentEncode = (bytes: Uint8Array, keepSafe: boolean) =>
  [...bytes]
    .map((b) =>
      keepSafe && /[A-Za-z0-9]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

describe('decodeDataUri', () => {
  it('round-trips any bytes through base64 and percent encoding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, keepSafe) => {
        const b64 = decodeDataUri(`data:image/png;base64,${Buffer.from(bytes).toString('base64')}`, 1024);
        expect(b64.ok && [...b64.value.bytes]).toEqual([...bytes]);
        const pct = decodeDataUri(`data:image/png,${percentEncode(bytes, keepSafe)}`, 1024);
        expect(pct.ok && [...pct.value.bytes]).toEqual([...bytes]);
      }),
    );
  });

  it('never decodes more than the limit', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), fc.integer({ min: 0, max: 399 }), (bytes, limit) => {
        for (const uri of [
          `data:image/gif;base64,${Buffer.from(bytes).toString('base64')}`,
          `data:image/gif,${percentEncode(bytes, true)}`,
        ]) {
          const result = decodeDataUri(uri, limit);
          if (result.ok) expect(result.value.bytes.length).toBeLessThanOrEqual(limit);
          else expect(bytes.length > limit || result.reason === 'malformed').toBe(true);
        }
      }),
    );
  });

  it('reads the media type, case-insensitively, and defaults to text/plain', () => {
    expect(decodeDataUri('data:IMAGE/PNG;base64,AA==', 10)).toMatchObject({
      ok: true,
      value: { mediaType: 'image/png' },
    });
    expect(decodeDataUri('data:;base64,AA==', 10)).toMatchObject({ ok: true, value: { mediaType: 'text/plain' } });
    expect(decodeDataUri('data:image/png;base64,A', 10)).toEqual({ ok: false, reason: 'malformed' });
    expect(decodeDataUri('data:image/png,%zz', 10)).toEqual({ ok: false, reason: 'malformed' });
  });
});

/** A URL naming a public IP directly would skip our resolver and really connect: leave those out. */
function notPublicIpLiteral(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return !(isIP(host) && isPublicAddress(host));
}

describe('cell image input never crashes the loader', () => {
  it('any string is loaded or refused with a CellImageError, without touching the network', async () => {
    const offline = { resolve: async () => [], cache: null };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `data:${s}`),
          fc.string().map((s) => `data:image/png;base64,${s}`),
          fc.webUrl().filter(notPublicIpLiteral),
        ),
        async (src) => {
          try {
            const image = await loadCellImage(src, offline);
            expect(image.contentType).toMatch(/^image\/(png|jpeg|gif|webp)$/);
          } catch (error) {
            expect(error).toBeInstanceOf(CellImageError);
            expect((error as CellImageError).message.length).toBeLessThan(120);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the sniffer survives arbitrary bytes behind every signature', () => {
    const webp = (chunk: string) => [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from(`WEBP${chunk}`)];
    const signatures = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [...Buffer.from('GIF89a')],
      webp('VP8 '),
      webp('VP8L'),
      webp('VP8X'),
      [],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 64 }), (sig, rest) => {
        const bytes = new Uint8Array([...sig, ...rest]);
        const sniffed = sniffImage(bytes);
        if (sniffed && sniffed.width !== null) expect(Number.isInteger(sniffed.width) && sniffed.width >= 0).toBe(true);
      }),
    );
  });
});
