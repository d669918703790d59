/**
 * Issue 26: the first load stays small. The JavaScript each public page needs before it is
 * interactive (its HTML's module script and modulepreloads, Brotli as served) must stay within one
 * budget; a change that grows the main bundle or a page's chunks fails here, naming the page and
 * its largest chunks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt, WEB_DIST } from './helpers';
import { describeFirstLoad, FIRST_LOAD_BUDGET_BYTES, firstLoadOf, kB } from '../build/first-load';
import type { RoutesFile } from '../build/prerender';
import { publicPages } from '../src/app/public-pages';
import { recipes, slotRecipes } from '../src/app/provider';

beforeAll(() => ensureWebBuilt());

const routesFile = (): RoutesFile => JSON.parse(readFileSync(join(WEB_DIST, 'routes.json'), 'utf8')) as RoutesFile;

describe('first-load JavaScript', () => {
  it(`of every public page is within ${kB(FIRST_LOAD_BUDGET_BYTES)}`, () => {
    const pages = routesFile().pages;
    // Every page the build prerenders (landing, docs, API reference, examples, the four guides,
    // about, terms, privacy, auth, 404), none skipped.
    expect(pages.map((p) => p.path).sort()).toEqual(publicPages.map((p) => p.path).sort());
    expect(pages.length).toBe(13);
    const over = pages
      .map((page) => ({ page, load: firstLoadOf(WEB_DIST, page.file) }))
      .filter(({ load }) => load.brotliBytes > FIRST_LOAD_BUDGET_BYTES)
      .map(({ page, load }) => describeFirstLoad(page.path, load));
    expect(over, `over the budget of ${kB(FIRST_LOAD_BUDGET_BYTES)}:\n${over.join('\n')}`).toEqual([]);
  });

  it("counts each page's own chunk and the main bundle", () => {
    const pages = routesFile().pages;
    const main = firstLoadOf(WEB_DIST, 'index.html').files.find((f) => /^assets\/index-[\w-]+\.js$/.test(f));
    expect(main).toBeDefined();
    for (const page of publicPages) {
      const file = pages.find((p) => p.path === page.path)!.file;
      const { files } = firstLoadOf(WEB_DIST, file);
      const own = page.module.replace(/^.*\//, '').replace(/\.tsx$/, '');
      expect(files, page.path).toContain(main);
      expect(
        files.some((f) => f.startsWith(`assets/${own}-`)),
        `${page.path}: ${own} chunk`,
      ).toBe(true);
    }
  });

  it('leaves the signed-in screens and the toasts out of every public page', () => {
    for (const { file: page } of routesFile().pages) {
      const { files } = firstLoadOf(WEB_DIST, page);
      expect(
        files.filter((f) => /(DashboardPage|CreateImagePage|SettingsPage|toaster-ui|AccountMenu)-/.test(f)),
        page,
      ).toEqual([]);
    }
  });

  it('has no zod and no blocking script on any public page: schemas load with the calls and screens that use them', () => {
    for (const { path, file } of routesFile().pages) {
      const html = readFileSync(join(WEB_DIST, file), 'utf8');
      // Every script of the page is a module (deferred by nature); none blocks the first words.
      expect(html.match(/<script(?![^>]*type="module")[^>]*>/g) ?? [], path).toEqual([]);
      const withZod = firstLoadOf(WEB_DIST, file).files.filter((f) =>
        // zod's constructors keep their names through minification.
        readFileSync(join(WEB_DIST, f), 'utf8').includes('$ZodObject'),
      );
      expect(withZod, path).toEqual([]);
    }
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
