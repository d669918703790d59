/** axe-core over the current page; the tests fail on serious or critical violations. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits for the page React runs (a prerendered page is on screen before it hydrates, with its
 * app-only buttons disabled) and for its transitions to end: axe measures colours as they are at
 * that instant, and a button fading from disabled to enabled fails contrast half way through.
 */
async function settled(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

export async function seriousA11yViolations(page: Page): Promise<AxeFinding[]> {
  await settled(page);
  const result = await new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}
