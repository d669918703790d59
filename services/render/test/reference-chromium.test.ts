/**
 * The independent reference: the corpus laid out by the engine's line breaker and by headless
 * Chromium in the same fonts and widths; line-break positions must agree on ≥ 98 % of the cells
 * whose every unbreakable piece fits the width (as the layout makes columns: at least as wide as
 * their longest piece). Cells narrower than a piece need an emergency break inside it, where the
 * two differ by design (Chromium fills to the last character and may break at a no-break space;
 * the engine prefers a URL separator and never breaks at one): they are counted and printed too.
 * docs/benchmarks.md records the figures and explains each disagreement.
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
    if (!text.startsWith(line, at)) throw new Error(`line ${JSON.stringify(line)} is not at ${at} of ${JSON.stringify(text)}`);
    at += line.length;
  });
  return starts;
}

const show = (text: string, starts: number[]) => [0, ...starts].map((s, i) => text.slice(s, starts[i] ?? text.length)).join(' | ');

describe.skipIf(!hasChromium())('line breaks agree with Chromium (skipped where /usr/bin/chromium is missing)', () => {
  it('on at least 98 % of 200+ multilingual corpus cells', async () => {
    ensureFontsRegistered();
    const cells = corpus();
    expect(cells.length).toBeGreaterThanOrEqual(200);
    const font = `400 ${FONT_SIZE}px ${familyStack('inter')}`;
    const browser = await chromiumLineStarts(cells, FONT_SIZE, ['inter']);
    const disagreements: string[] = [];
    const overflowDisagreements: string[] = [];
    const overflow = { agree: 0, total: 0 };
    const byGroup = new Map<string, { agree: number; total: number }>();
    for (const c of cells) {
      const ours = engineLineStarts(c.text, wrap(font, c.text, c.width));
      const theirs = browser.get(c.id);
      expect(theirs, c.id).toBeDefined();
      const same = JSON.stringify(ours) === JSON.stringify(theirs);
      const report = `${c.id} (${c.width}px)\n  engine:   ${show(c.text, ours)}\n  chromium: ${show(c.text, theirs!)}`;
      if (longestToken(font, c.text) > c.width) {
        overflow.total++;
        if (same) overflow.agree++;
        else overflowDisagreements.push(report);
        continue;
      }
      const g = byGroup.get(c.group) ?? { agree: 0, total: 0 };
      g.total++;
      if (same) g.agree++;
      byGroup.set(c.group, g);
      if (!same) disagreements.push(report);
    }
    const fitting = cells.length - overflow.total;
    const agree = fitting - disagreements.length;
    const summary = [...byGroup].map(([k, g]) => `${k} ${g.agree}/${g.total}`).join(', ');
    console.log(`line breaks agree with Chromium on ${agree}/${fitting} cells (${((100 * agree) / fitting).toFixed(1)} %): ${summary}; `
      + `cells narrower than a piece: ${overflow.agree}/${overflow.total}`);
    if (disagreements.length) console.log(`disagreements:\n${disagreements.join('\n')}`);
    if (overflowDisagreements.length) console.log(`emergency breaks that differ:\n${overflowDisagreements.join('\n')}`);
    expect(fitting).toBeGreaterThanOrEqual(200);
    expect(agree / fitting).toBeGreaterThanOrEqual(0.98);
  }, 120_000);
});
