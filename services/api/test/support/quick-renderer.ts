/**
 * A TableRenderer that answers at once with a tiny file of the requested format, for tests and
 * benchmarks that need many images in an account (issue #30). Everything else is real: the
 * render command handler (quota, file first, TableRendered appended with the expected revision),
 * the projector and the read models. Only the table engine is left out, because what those
 * tests measure is lists, not painting. SVGs carry the table's title, so thumbnails differ.
 */
import { FORMAT_CONTENT_TYPES, parseImageFormat } from '@jsonable/contracts/formats';
import type { RenderInput, RenderOutput, TableRenderer } from '@jsonable/domain/ports';

type Format = RenderOutput['format'];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGNQTX79//9/AAx6BHE7f23gAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAABAAIDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAHCP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ACpaAPf/2Q==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const WEBP = Buffer.from(
  'UklGRiQCAABXRUJQVlA4WAoAAAAgAAAAAQAAAAAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggNgAAAPABAJ0BKgIAAQABQCYloAJ0ugADCPeKAAD+/KV8uB/4a/8405Qv/maPvN9lvUn/W17bw2IAAA==',
  'base64',
);
const AVIF = Buffer.from(
  'AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUEAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYAAAAADnBpdG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAAB8AAAAoaWluZgAAAAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IAAAAAamlwcnAAAABLaXBjbwAAABRpc3BlAAAAAAAAAAIAAAABAAAAEHBpeGkAAAAAAwgICAAAAAxhdjFDgSAAAAAAABNjb2xybmNseAABAA0ABoAAAAAXaXBtYQAAAAAAAAABAAEEAQKDBAAAACdtZGF0EgAKBzgAJhAQ0GkyEhZAAABQq0pvwEAxzxNLPkeawA==',
  'base64',
);

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function svgOf(title: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="28" fill="#2563eb"/>` +
      `<rect y="28" width="240" height="92" fill="#f8fafc"/><text x="12" y="19" font-family="sans-serif" font-size="13" fill="#fff">${escapeXml(title.slice(0, 32))}</text>` +
      `<g stroke="#e2e8f0"><line x1="0" y1="58" x2="240" y2="58"/><line x1="0" y1="88" x2="240" y2="88"/><line x1="120" y1="28" x2="120" y2="120"/></g></svg>`,
    'utf8',
  );
}

function requestedFormat(input: RenderInput): Format {
  const wanted = input.format ?? input.request.format ?? input.request.styles.imageFormat;
  return (typeof wanted === 'string' ? parseImageFormat(wanted) : null) ?? 'png';
}

export const quickRenderer: TableRenderer = {
  async render(input: RenderInput): Promise<RenderOutput> {
    const format = requestedFormat(input);
    const title = input.request.title || null;
    const bytes =
      { png: PNG, jpeg: JPEG, webp: WEBP, avif: AVIF, pdf: PDF, svg: null }[format] ?? svgOf(title ?? 'Table');
    return {
      bytes,
      format,
      contentType: FORMAT_CONTENT_TYPES[format],
      width: format === 'svg' ? 240 : 2,
      height: format === 'svg' ? 120 : 1,
      size: bytes.length,
      rows: 2,
      columns: 2,
      title,
      warnings: [],
    };
  },
  close: async () => undefined,
};
