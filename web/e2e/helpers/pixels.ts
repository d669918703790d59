/** What a rendered image holds, read back in a test: pixels of one exact colour. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** Pixels of exactly this colour in an image (PNG/JPEG bytes). */
export async function countColour(bytes: Buffer, [r, g, b]: [number, number, number]): Promise<number> {
  const img = await loadImage(bytes);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) n++;
  return n;
}
