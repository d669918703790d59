/**
 * The fields that describe one rendered image, written once (issue #27): what the table engine
 * gives back (RenderOutput), what TableRendered and a living image's version record, and what the
 * images and live-images read models keep all take them from here.
 */
import type { ImageFormat } from './formats';

/** One image the table engine drew: the file's format, pixel size and bytes, and the table's shape. */
export type ImageFile = {
  format: ImageFormat;
  contentType: string;
  width: number;
  height: number;
  size: number;
  rows: number;
  columns: number;
  title: string | null;
};

/** An ImageFile once stored: its file name and the blob it is kept under. */
export type StoredImage = { filename: string; blobKey: string } & ImageFile;

/** The ImageFile fields of `from` (an engine's output, an event's data) and nothing else. */
export function imageFileOf(from: ImageFile): ImageFile {
  return {
    format: from.format,
    contentType: from.contentType,
    width: from.width,
    height: from.height,
    size: from.size,
    rows: from.rows,
    columns: from.columns,
    title: from.title,
  };
}

/** The StoredImage fields of `from` (an event's data, a read model's document) and nothing else. */
export function storedImageOf(from: StoredImage): StoredImage {
  return { filename: from.filename, blobKey: from.blobKey, ...imageFileOf(from) };
}
