/**
 * Issue 26: the first load stays small. The JavaScript the landing page needs before it is
 * interactive (its HTML's module script and modulepreloads, Brotli as served) must stay within
 * the budget; a change that grows the main bundle or the landing page's chunks fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt, WEB_DIST } from './helpers';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadOf } from '../build/first-load';
import { recipes, slotRecipes } from '../src/app/provider';

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

  it('has no zod and no blocking script: schemas load with the calls and screens that use them', () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    // Every script of the page is a module (deferred by nature); none blocks the first words.
    expect(html.match(/<script(?![^>]*type="module")[^>]*>/g) ?? []).toEqual([]);
    const withZod = firstLoadOf(WEB_DIST, 'index.html').files.filter((f) =>
      // zod's constructors keep their names through minification.
      readFileSync(join(WEB_DIST, f), 'utf8').includes('$ZodObject'),
    );
    expect(withZod).toEqual([]);
  });
});

describe('the Chakra theme (src/app/provider.tsx)', () => {
  it('has the recipe of every Chakra component in the built app', () => {
    // Each Chakra component names its recipe as `key: "…"`; read the names from Chakra's own
    // sources, then find which of them the built app contains (minified as key:`…`).
    const chakra = join(
      createRequire(import.meta.url)
        .resolve('@chakra-ui/react')
        .replace(/dist[\\/].*$/, ''),
      'dist/esm/components',
    );
    const componentKeys = new Set<string>();
    for (const file of readdirSync(chakra, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.js')) continue;
      for (const m of readFileSync(join(chakra, file), 'utf8').matchAll(/\bkey: "(\w+)"/g)) componentKeys.add(m[1]!);
    }
    const assets = join(WEB_DIST, 'assets');
    const used = new Set<string>();
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      for (const m of readFileSync(join(assets, file), 'utf8').matchAll(/\bkey:[`"'](\w+)[`"']/g))
        if (componentKeys.has(m[1]!)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    // `text` has no recipe in Chakra's default theme either.
    const themed = new Set(['text', ...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    expect([...used].filter((key) => !themed.has(key)).sort()).toEqual([]);
  });
});
