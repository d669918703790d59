/**
 * The independent reference: the corpus laid out by the engine's line breaker and by headless
 * Chromium in the same fonts and widths; line-break positions must agree on ≥ 98 % of the cells.
 * That includes cells narrower than one of their unbreakable pieces, which need an emergency break
 * inside it (`overflow-wrap: break-word` in the reference page): both fill the line with grapheme
 * clusters. Those are also counted on their own. docs/benchmarks.md records the figures and
 * explains each disagreement.
 */
import { describe, expect, it } from 'vitest';
import { ensureFontsRegistered, familyStack } from '../src/fonts';
import { longestToken, wrap } from '../src/layout/text';
import { corpus } from './reference/corpus';
import { chromiumLineStarts, hasChromium } from './reference/chromium-lines';

const FONT_SIZE = 14;

/** Offsets where the engine's lines after the first start (hanging spaces belong to the line before). */
function engineLineStarts(text: string, lines: string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  lines.forEach((line, i) => {
    while (i > 0 && text[at] === ' ' && !line.startsWith(' ')) at++;
    if (i > 0) starts.push(at);
    if (!text.startsWith(line, at))
      throw new Error(`line ${JSON.stringify(line)} is not at ${at} of ${JSON.stringify(text)}`);
    at += line.length;
  });
  return starts;
}

const show = (text: string, starts: number[]) =>
  [0, ...starts].map((s, i) => text.slice(s, starts[i] ?? text.length)).join(' | ');

describe.skipIf(!hasChromium())('line breaks agree with Chromium (skipped where /usr/bin/chromium is missing)', () => {
  it('on at least 98 % of 300+ multilingual corpus cells, emergency breaks included', async () => {
    ensureFontsRegistered();
    const cells = corpus();
    expect(cells.length).toBeGreaterThanOrEqual(300);
    const font = `400 ${FONT_SIZE}px ${familyStack('inter')}`;
    const browser = await chromiumLineStarts(cells, FONT_SIZE, ['inter']);
    const disagreements: string[] = [];
    const emergency = { agree: 0, total: 0 };
    const byGroup = new Map<string, { agree: number; total: number }>();
    for (const c of cells) {
      const ours = engineLineStarts(c.text, wrap(font, c.text, c.width));
      const theirs = browser.get(c.id);
      expect(theirs, c.id).toBeDefined();
      const same = JSON.stringify(ours) === JSON.stringify(theirs);
      const forced = longestToken(font, c.text) > c.width;
      if (forced) {
        emergency.total++;
        if (same) emergency.agree++;
      }
      const g = byGroup.get(c.group) ?? { agree: 0, total: 0 };
      g.total++;
      if (same) g.agree++;
      byGroup.set(c.group, g);
      if (!same)
        disagreements.push(
          `${c.id} (${c.width}px${forced ? ', emergency break' : ''})\n  engine:   ${show(c.text, ours)}\n  chromium: ${show(c.text, theirs!)}`,
        );
    }
    const agree = cells.length - disagreements.length;
    const summary = [...byGroup].map(([k, g]) => `${k} ${g.agree}/${g.total}`).join(', ');
    console.log(
      `line breaks agree with Chromium on ${agree}/${cells.length} cells (${((100 * agree) / cells.length).toFixed(1)} %): ${summary}; ` +
        `of which narrower than a piece (emergency breaks): ${emergency.agree}/${emergency.total}`,
    );
    if (disagreements.length) console.log(`disagreements:\n${disagreements.join('\n')}`);
    expect(agree / cells.length).toBeGreaterThanOrEqual(0.98);
    expect(emergency.total).toBeGreaterThanOrEqual(50);
    expect(emergency.agree / emergency.total).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
