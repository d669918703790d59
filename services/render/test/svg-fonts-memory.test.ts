/**
 * The SVG writer's font subsetter (harfbuzz's hb-subset in WebAssembly) over many renders in one
 * process, as in a render worker. Its heap is fixed at 65 MB: the parsed faces it keeps must stay
 * well inside it, nothing may leak per render, and one failure must not break later SVGs (before,
 * a 5 MB Japanese face that no longer fit was written over harfbuzz's own data at address 0, and
 * every SVG after it failed with "hb-subset: out of memory").
 */
import { describe, expect, it } from 'vitest';
import { renderPayload } from './support/payload';
import { FACE_CACHE_BYTES, subsetterHeap } from '../src/paint/svg-fonts';
import { goldenCases } from './golden-cases';

const svgOf = async (payload: unknown) =>
  Buffer.from((await renderPayload({ payload, format: 'svg' })).bytes).toString('utf8');
const families = (svg: string) => new Set([...svg.matchAll(/@font-face\{font-family:'([^']+)'/g)].map((m) => m[1]!));

/** `n` characters of a Unicode block, different for each `i`, so that every render subsets afresh. */
const run = (from: number, size: number, i: number, n = 24) =>
  String.fromCodePoint(...Array.from({ length: n }, (_, k) => from + ((i * 131 + k * 7) % size)));
const EMOJI = ['😀', '🚀', '🎉', '👍🏽', '🇫🇷', '❤️', '✅', '🍣', '🌏', '📈'];

/** Tables cycling through the big faces: Han (simplified, Japanese, Korean, traditional), Hangul, emoji, bold headers. */
function cjkTable(i: number) {
  const locale = ['zh-CN', 'ja-JP', 'ko-KR', 'zh-TW'][i % 4]!;
  return {
    title: `${run(0x4e00, 20_000, i, 8)} ${EMOJI[i % EMOJI.length]}`,
    headers: [run(0x4e00, 20_000, i + 1000, 6), run(0xac00, 11_000, i, 6), 'Emoji'],
    rows: Array.from({ length: 3 }, (_, r) => [
      run(0x4e00, 20_000, i * 3 + r),
      run(0xac00, 11_000, i * 3 + r) + run(0x3041, 86, i + r, 10),
      EMOJI[(i + r) % EMOJI.length]!,
    ]),
    options: { locale },
  };
}

/** Bytes the subsetter's malloc can still give, in blocks of 4 KB and up (taken, counted, given back). */
function freeBytes(): number {
  const { exports: x } = subsetterHeap();
  const taken: number[] = [];
  let total = 0;
  for (let size = 1 << 24; size >= 4096; size >>= 1) {
    for (let p = x.malloc(size); p; p = x.malloc(size)) {
      taken.push(p);
      total += size;
    }
  }
  for (const p of taken) x.free(p);
  return total;
}

/** A Japanese table with new characters and an emoji renders with both faces embedded. */
async function expectJapaneseAndEmojiFonts(i: number) {
  const svg = await svgOf({
    headers: ['説明', 'Emoji'],
    rows: [[run(0x4e00, 20_000, i, 40), '🚀']],
    options: { locale: 'ja-JP' },
  });
  const f = families(svg);
  expect(f.has('Noto Sans JP')).toBe(true);
  expect(f.has('Noto Color Emoji')).toBe(true);
}

describe('SVG font subsetting in a long-running process', () => {
  it('renders 60+ SVGs with large CJK and emoji text, every one with its fonts, in a heap that stays bounded', async () => {
    const svgGoldens = goldenCases.filter((g) => /cjk|typography|scripts|rtl/.test(g.name));
    expect(svgGoldens.length).toBeGreaterThanOrEqual(4);
    const { memoryBytes, dropped } = subsetterHeap();
    const accountedAfterRound: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const g of svgGoldens) expect(families(await svgOf(g.payload)).size).toBeGreaterThan(1);
      for (let i = 0; i < 16; i++) {
        const svg = await svgOf(cjkTable(round * 16 + i));
        const f = families(svg);
        expect(f.has('Noto Color Emoji')).toBe(true);
        expect([...f].some((name) => /Noto Sans (SC|JP|KR|TC)/.test(name))).toBe(true);
        const heap = subsetterHeap();
        // The module's memory cannot grow; the parsed faces stay within their budget.
        expect(heap.memoryBytes).toBe(memoryBytes);
        expect(heap.cachedFaceBytes).toBeLessThanOrEqual(FACE_CACHE_BYTES);
      }
      // What is free plus the faces kept: all but harfbuzz's own data and what a render left behind.
      accountedAfterRound.push(freeBytes() + subsetterHeap().cachedFaceBytes);
    }
    // Nothing failed on the way (no instance had to be replaced) ...
    expect(subsetterHeap().dropped).toBe(dropped);
    // ... and nothing accumulates per render: free plus kept is the same after 20 renders as after 80.
    for (const bytes of accountedAfterRound)
      expect(Math.abs(bytes - accountedAfterRound[0]!)).toBeLessThan(1024 * 1024);
    expect(accountedAfterRound[0]).toBeGreaterThan(memoryBytes - 4 * 1024 * 1024);
  }, 600_000);

  it('after its heap is exhausted, the subsetter gives the kept faces back and the SVG still has its fonts', async () => {
    await svgOf(cjkTable(1000));
    const { exports: x } = subsetterHeap();
    // Take every block the heap has left: a new face cannot be copied in until kept ones are freed.
    for (let size = 1 << 20; size >= 16; size >>= 1) while (x.malloc(size)) {}
    await expectJapaneseAndEmojiFonts(5000);
  }, 120_000);

  it('after the subsetter breaks (its data overwritten), the next SVG renders with fonts on a fresh instance, and so do the ones after', async () => {
    await svgOf(cjkTable(3000));
    const before = subsetterHeap();
    // What the bug did: a font file written over harfbuzz's own data at address 0.
    new Uint8Array(before.exports.memory.buffer, 0, 1 << 20).fill(0xa5);
    await expectJapaneseAndEmojiFonts(6000);
    const after = subsetterHeap();
    expect(after.dropped).toBe(before.dropped + 1);
    expect(after.exports).not.toBe(before.exports);
    for (let i = 0; i < 4; i++) expect(families(await svgOf(cjkTable(4000 + i))).has('Noto Color Emoji')).toBe(true);
    expect(subsetterHeap().dropped).toBe(after.dropped);
  }, 120_000);
});
