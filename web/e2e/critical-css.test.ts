/**
 * Issue 26: each prerendered page carries Chakra's global stylesheet pruned to what the page uses
 * (web/build/critical-css.ts). In the built pages, the pruning kept every design token and every
 * keyframes the page refers to; in Chromium, the full stylesheet arrives when React takes over, so
 * a signed-in screen reached by client-side navigation from a prerendered page has its styles, the
 * same as when it is loaded on its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationWords, declaredProperties, referencedProperties } from '../build/critical-css';
import type { RoutesFile } from '../build/prerender';
import { system } from '../src/app/provider';
import { givenBrowserSession, shot, waitForHydration, WEB_DIST } from './helpers';

const s = givenBrowserSession({ name: 'critical-css', seed: { count: 3, projects: ['Reports'] } });

/** `--chakra-spacing-0\.5` in CSS is `--chakra-spacing-0.5` to the browser and to Chakra's token map. */
const unescape = (name: string) => name.replace(/\\/g, '');
const names = (set: Set<string>) => new Set([...set].map(unescape));

/**
 * Every token the full stylesheet declares on the root (the base tokens and the light ones); a
 * token whose value is blank (`blurs.none`) is left out of the stylesheet by emotion.
 */
const cssVarMap = (system.tokens as unknown as { cssVarMap: Map<string, Map<string, string>> }).cssVarMap;
const rootTokens = new Set(
  ['base', '_light'].flatMap((key) =>
    [...(cssVarMap.get(key) ?? [])].filter(([, value]) => String(value).trim() !== '').map(([name]) => unescape(name)),
  ),
);
const keyframes = new Set(Object.keys(system._config.theme?.keyframes ?? {}));

const pages = () => (JSON.parse(readFileSync(join(WEB_DIST, 'routes.json'), 'utf8')) as RoutesFile).pages;
const styleOf = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('\n');
const markupOf = (html: string) => html.slice(html.indexOf('<body'));

describe('the global stylesheet in each prerendered page', () => {
  it('is pruned: one tag, under the name of the global stylesheet and marked data-critical, with under half the tokens', () => {
    expect(rootTokens.size).toBeGreaterThan(400);
    for (const page of pages()) {
      const html = readFileSync(join(WEB_DIST, page.file), 'utf8');
      expect(html.match(/<style data-emotion="css-global \w+" data-critical>/g)?.length, page.path).toBe(1);
      const declared = names(declaredProperties(styleOf(html)));
      expect([...rootTokens].filter((t) => declared.has(t)).length, page.path).toBeLessThan(rootTokens.size / 2);
    }
  });

  it('keeps every token the page refers to, directly or through another token', () => {
    for (const page of pages()) {
      const html = readFileSync(join(WEB_DIST, page.file), 'utf8');
      const declared = names(declaredProperties(styleOf(html) + markupOf(html)));
      const used = names(referencedProperties(styleOf(html) + markupOf(html)));
      const missing = [...used].filter((name) => rootTokens.has(name) && !declared.has(name));
      expect(missing, `${page.path}: tokens used but pruned`).toEqual([]);
    }
  });

  it('keeps every keyframes the page animates with', () => {
    for (const page of pages()) {
      const html = readFileSync(join(WEB_DIST, page.file), 'utf8');
      const css = styleOf(html);
      const defined = new Set([...css.matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1]!));
      const used = [...animationWords(`${css}\n${markupOf(html)}`)].filter((w) => keyframes.has(w));
      expect(
        used.filter((k) => !defined.has(k)),
        `${page.path}: keyframes used but pruned`,
      ).toEqual([]);
    }
  });
});

/** Root custom properties among `tokens` that the page does not define. */
const undefinedTokens = (page: Page, tokens: string[]) =>
  page.evaluate((list) => {
    const root = getComputedStyle(document.documentElement);
    return list.filter((t) => root.getPropertyValue(t).trim() === '');
  }, tokens);

/** The look of every element in #root: the properties the design tokens reach, and its box. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const props = [
      'color',
      'background-color',
      'border-top-color',
      'border-top-width',
      'border-radius',
      'box-shadow',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'padding',
      'margin-top',
      'margin-bottom',
      'gap',
      'display',
      'max-width',
    ];
    // Where it sits and how wide: the resolved value of an auto margin read back as 0px on one
    // of two identically laid-out screens, so the box says it instead.
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return `${Math.round(r.x)},${Math.round(r.width)}`;
    };
    return [...document.querySelectorAll('#root *')].map((el) => {
      const cs = getComputedStyle(el);
      return `${el.tagName.toLowerCase()} ${box(el)} ${props.map((p) => cs.getPropertyValue(p)).join('|')}`;
    });
  });

describe('the full stylesheet after hydration', () => {
  it(
    'reaches a signed-in screen opened by client-side navigation from a prerendered page',
    { timeout: 120_000 },
    async () => {
      const tokens = [...rootTokens];
      // Before React runs (JavaScript off), the prerendered page has only the tokens it uses.
      const off = await s.browser.newContext({ baseURL: s.server.baseUrl, javaScriptEnabled: false });
      const plain = await off.newPage();
      await plain.goto('/about');
      expect((await undefinedTokens(plain, tokens)).length).toBeGreaterThan(tokens.length / 2);
      await off.close();

      // Once React has run (and half a second more), every token is defined; the dashboard reached
      // by a link is styled.
      await s.page.goto('/about');
      await waitForHydration(s.page);
      await expect.poll(() => undefinedTokens(s.page, tokens), { timeout: 10_000 }).toEqual([]);
      await s.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await s.page.getByTestId('image-card').first().waitFor();
      await s.page.waitForLoadState('networkidle');
      // Off the header's links (their hover colour) and off the cards.
      await s.page.mouse.move(0, 400);
      expect(
        await s.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
        'client-side navigation',
      ).toBe(true);
      const navigated = await looks(s.page);
      await shot(s.page, 'critical-css-dashboard-after-client-navigation');

      // The same screen loaded on its own (the client-rendered shell: no prerendered styles at all).
      await s.page.goto('/dashboard');
      await s.page.getByTestId('image-card').first().waitFor();
      await s.page.waitForLoadState('networkidle');
      await s.page.mouse.move(0, 400);
      await shot(s.page, 'critical-css-dashboard-loaded-directly');
      expect(navigated).toEqual(await looks(s.page));
    },
  );
});
