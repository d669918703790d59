/**
 * Headless Chromium as an independent line breaker: each corpus cell becomes a block of the same
 * width, in the same font files (loaded with @font-face from the npm packages the engine uses),
 * and the offsets where its lines start are read from Range.getClientRects.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, launchChromium } from '../../bench/chromium';
import { FACES, FALLBACKS, facePath, type FaceId } from '../../src/fonts';
import type { CorpusCell } from './corpus';

export const hasChromium = () => existsSync(CHROMIUM_PATH);

const ORIGIN = 'http://reference.test';

/** Offsets (UTF-16) where each line after the first starts, per cell id. */
export async function chromiumLineStarts(
  cells: CorpusCell[],
  fontSize: number,
  faces: FaceId[],
): Promise<Map<string, number[]>> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const ids = [...new Set<FaceId>([...faces, ...FALLBACKS, 'notoColorEmoji'])];
    const fontFaces = ids
      .map(
        (id) =>
          `@font-face { font-family: "${FACES[id].family}"; font-weight: 400; src: url(${ORIGIN}/fonts/${id}.ttf); }`,
      )
      .join('\n');
    const stack = ids.map((id) => `"${FACES[id].family}"`).join(', ');
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      const font = /^\/fonts\/(\w+)\.ttf$/.exec(url.pathname)?.[1] as FaceId | undefined;
      if (font && font in FACES) return route.fulfill({ path: facePath(font, 400), contentType: 'font/ttf' });
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html><head><meta charset="utf-8"><style>${fontFaces}
body { margin: 0; }
.cell { font: 400 ${fontSize}px ${stack}; line-height: 1.45; white-space: pre-wrap; overflow-wrap: break-word;
  word-break: normal; line-break: auto; margin: 0 0 8px; padding: 0; text-rendering: auto; }
</style></head><body></body></html>`,
      });
    });
    await page.goto(`${ORIGIN}/index.html`);
    return new Map(
      await page.evaluate(async (items) => {
        for (const c of items) {
          const div = document.createElement('div');
          div.className = 'cell';
          div.style.width = `${c.width}px`;
          div.textContent = c.text;
          div.dataset.id = c.id;
          document.body.append(div);
        }
        await document.fonts.ready;
        // Fonts load lazily, per character used: wait until every face the page asks for is in.
        await Promise.all([...document.fonts].map((f) => f.load().catch(() => undefined)));
        const out: [string, number[]][] = [];
        for (const div of document.querySelectorAll<HTMLDivElement>('.cell')) {
          const node = div.firstChild as Text;
          const text = node.data;
          const starts: number[] = [];
          let lastTop = -Infinity;
          const range = document.createRange();
          for (let i = 0; i < text.length;) {
            const cp = text.codePointAt(i)!;
            const n = cp > 0xffff ? 2 : 1;
            range.setStart(node, i);
            range.setEnd(node, i + n);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0 || r.height > 0);
            const top = rects.length ? Math.min(...rects.map((r) => r.top)) : lastTop;
            // A new line box starts where a character sits clearly below the previous one.
            if (top > lastTop + 4) {
              if (lastTop !== -Infinity) starts.push(i);
              lastTop = top;
            }
            i += n;
          }
          out.push([div.dataset.id!, starts]);
        }
        return out;
      }, cells),
    );
  } finally {
    await browser.close();
  }
}
