/**
 * The box filter shared by the decoders that decode straight to the drawn size (png-at-size.ts,
 * gif-at-size.ts): each source pixel is added, weighed by its alpha, into the one target pixel it
 * falls in; a target pixel is the average of its source pixels (transparent ones count in the
 * area, as Skia's own downscale of the full-size pixels would count them).
 *
 * Row by row, rows must come in order and only one target row of sums is kept (8 floats a target
 * pixel, one row); otherwise (interlaced images) sums are kept for the whole target.
 */

export interface ScaledBitmap {
  width: number;
  height: number;
  /** RGBA, not premultiplied, `width` × `height` × 4 bytes. */
  data: Uint8ClampedArray;
}

/** Target pixels summed at once for an interlaced image (its sums take 32 bytes a pixel: 32 MB). */
export const MAX_WHOLE_TARGET_SUMS = 1_000_000;

/** The size `width` × `height` takes when fitted into `maxWidth` × `maxHeight` (aspect kept; never enlarged). */
export function fittedSize(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(maxWidth / width, maxHeight / height);
  if (scale >= 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export class AreaAverage {
  readonly width: number;
  readonly height: number;
  private readonly data: Uint8ClampedArray;
  private readonly acc: Float64Array;
  private accRow = -1;
  private readonly colCount: Uint32Array;
  private readonly rowCount: Uint32Array;

  constructor(
    private readonly srcWidth: number,
    private readonly srcHeight: number,
    out: { width: number; height: number },
    private readonly rowByRow: boolean,
  ) {
    this.width = out.width;
    this.height = out.height;
    this.acc = new Float64Array((rowByRow ? 1 : out.height) * out.width * 4);
    this.data = new Uint8ClampedArray(out.width * out.height * 4);
    // Source columns and rows that fall in each target column and row (the box filter's weights).
    this.colCount = new Uint32Array(out.width);
    for (let x = 0; x < srcWidth; x++) this.colCount[this.colOf(x)]!++;
    this.rowCount = new Uint32Array(out.height);
    for (let y = 0; y < srcHeight; y++) this.rowCount[this.rowOf(y)]!++;
  }

  private colOf(x: number): number {
    return Math.floor((x * this.width) / this.srcWidth);
  }

  private rowOf(y: number): number {
    return Math.floor((y * this.height) / this.srcHeight);
  }

  /** Where in a row of sums each of `count` source pixels, from column `x0` every `dx`, goes. */
  columns(x0: number, dx: number, count: number): Int32Array<ArrayBuffer> {
    return Int32Array.from({ length: count }, (_, i) => this.colOf(x0 + i * dx) * 4);
  }

  /** Adds `count` RGBA pixels (8-bit, not premultiplied) of source row `y`, placed by `cols`. */
  add(y: number, rgba: Uint8Array, cols: Int32Array, count: number): void {
    const target = this.rowOf(y);
    const acc = this.acc;
    let base = target * this.width * 4;
    if (this.rowByRow) {
      if (target !== this.accRow) {
        if (this.accRow >= 0) this.flush(this.accRow, 0);
        acc.fill(0);
        this.accRow = target;
      }
      base = 0;
    }
    for (let i = 0, p = 0; i < count; i++, p += 4) {
      const a = rgba[p + 3]!;
      if (a === 0) continue;
      const o = base + cols[i]!;
      acc[o] = acc[o]! + rgba[p]! * a;
      acc[o + 1] = acc[o + 1]! + rgba[p + 1]! * a;
      acc[o + 2] = acc[o + 2]! + rgba[p + 2]! * a;
      acc[o + 3] = acc[o + 3]! + a;
    }
  }

  finish(): ScaledBitmap {
    if (this.rowByRow) {
      if (this.accRow >= 0) this.flush(this.accRow, 0);
    } else {
      for (let y = 0; y < this.height; y++) this.flush(y, y * this.width * 4);
    }
    return { width: this.width, height: this.height, data: this.data };
  }

  /** Target row `y`'s averages from its sums at `from` in the sums. */
  private flush(y: number, from: number): void {
    const { acc, data, colCount, rowCount } = this;
    for (let x = 0, p = from, q = y * this.width * 4; x < this.width; x++, p += 4, q += 4) {
      const alpha = acc[p + 3]!;
      if (alpha === 0) continue;
      data[q] = acc[p]! / alpha;
      data[q + 1] = acc[p + 1]! / alpha;
      data[q + 2] = acc[p + 2]! / alpha;
      data[q + 3] = alpha / (colCount[x]! * rowCount[y]!);
    }
  }
}
