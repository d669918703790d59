/**
 * Issue 26: the first load stays small. The JavaScript the landing page needs before it is
 * interactive (its HTML's module script and modulepreloads, Brotli as served) must stay within
 * the budget; a change that grows the main bundle or the landing page's chunks fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt, WEB_DIST } from './helpers';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadOf } from '../build/first-load';

beforeAll(() => ensureWebBuilt());

describe('first-load JavaScript', () => {
  it('of / is within the budget, and the page chunk is among it', () => {
    const load = firstLoadOf(WEB_DIST, 'index.html');
    expect(load.files.some((f) => /^assets\/LandingPage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(
      load.brotliBytes,
      `${(load.brotliBytes / 1024).toFixed(1)} kB of ${FIRST_LOAD_BUDGET_BYTES / 1024} kB`,
    ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('leaves the signed-in screens and the toasts out of every public page', () => {
    for (const page of ['index.html', 'documentation.html', 'about.html', 'auth.html']) {
      const { files } = firstLoadOf(WEB_DIST, page);
      expect(
        files.filter((f) => /(DashboardPage|CreateImagePage|SettingsPage|toaster-ui|AccountMenu)-/.test(f)),
        page,
      ).toEqual([]);
    }
  });
});
