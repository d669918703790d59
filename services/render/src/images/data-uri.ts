/**
 * Decodes a `data:` URI (RFC 2397), base64 or percent-encoded, refusing oversized ones before
 * decoding (the encoded length bounds the decoded size).
 */

export interface DataUri {
  mediaType: string;
  bytes: Buffer;
}

export type DataUriResult = { ok: true; value: DataUri } | { ok: false; reason: 'malformed' | 'too-large' };

export function decodeDataUri(src: string, maxBytes: number): DataUriResult {
  if (!/^data:/i.test(src)) return { ok: false, reason: 'malformed' };
  const comma = src.indexOf(',');
  if (comma < 0) return { ok: false, reason: 'malformed' };
  const meta = src
    .slice(5, comma)
    .split(';')
    .map((p) => p.trim());
  const isBase64 = meta.length > 1 && meta[meta.length - 1]?.toLowerCase() === 'base64';
  // An omitted media type means text/plain (RFC 2397), which is not an image.
  const mediaType = (meta[0] ?? '').toLowerCase() || 'text/plain';
  const body = src.slice(comma + 1);

  if (isBase64) {
    // Whitespace and percent-escaped padding appear in hand-written URIs; nothing else may.
    const text = body.replace(/%3d/gi, '=').replace(/[\s]+/g, '');
    if (Math.floor((text.length * 3) / 4) > maxBytes + 2) return { ok: false, reason: 'too-large' };
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return { ok: false, reason: 'malformed' };
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length > maxBytes) return { ok: false, reason: 'too-large' };
    return { ok: true, value: { mediaType, bytes } };
  }

  // Each decoded byte takes at least one character, so a longer-than-3× body is surely too big.
  if (body.length > maxBytes * 3) return { ok: false, reason: 'too-large' };
  const bytes = percentDecode(body);
  if (!bytes) return { ok: false, reason: 'malformed' };
  if (bytes.length > maxBytes) return { ok: false, reason: 'too-large' };
  return { ok: true, value: { mediaType, bytes } };
}

/** Byte-level percent decoding (decodeURIComponent would reject binary that is not UTF-8). */
function percentDecode(s: string): Buffer | null {
  const out = Buffer.allocUnsafe(Buffer.byteLength(s));
  let n = 0;
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
      out[n++] = parseInt(hex, 16);
      i += 3;
    } else {
      // Literal characters stand for their UTF-8 bytes.
      const cp = s.codePointAt(i) ?? 0;
      const ch = String.fromCodePoint(cp);
      n += out.write(ch, n, 'utf8');
      i += ch.length;
    }
  }
  return out.subarray(0, n);
}
