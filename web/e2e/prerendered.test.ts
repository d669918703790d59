/**
 * Issue 26: the public pages arrive prerendered. Over plain HTTP (what curl, a search engine or a
 * link preview sees) each page's HTML holds its words, its own title, description, canonical URL
 * and preview tags; unknown paths answer the 404 page with status 404; signed-in screens get the
 * client-rendered shell. In Chromium, React hydrates each page without a mismatch (no console
 * error or warning), the words are there with JavaScript off, and nothing moves when hydration
 * completes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { countColour, givenBrowserSession, newPage, PUBLIC_PAGES as PAGES, waitForHydration } from './helpers';

const s = givenBrowserSession({ name: 'prerendered' });

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${s.server.baseUrl}${path}`, {
    headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers },
    redirect: 'manual',
  });

/** fetch adds 'Cache-Control: no-cache' to a conditional request (a forced reload) unless told otherwise; a browser's revalidation sends max-age=0. */
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

const attr = (html: string, selector: RegExp) => html.match(selector)?.[1];

describe('prerendered HTML over plain HTTP', () => {
  for (const p of PAGES) {
    it(`${p.path} holds its words and its own meta tags`, async () => {
      const res = await get(p.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      // React separates adjacent text with <!-- --> (one h1 reads 'Jsonable + <!-- -->Make').
      const root = html.slice(html.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
      expect(new RegExp(`<h1[^>]*>${p.h1.replace(/[+]/g, '\\+')}</h1>`).test(root), `<h1> ${p.h1}`).toBe(true);
      expect(root.includes(p.words), p.words).toBe(true);
      const title = attr(html, /<title>([^<]*)<\/title>/);
      expect(title).toBe(
        p.path === '/' ? 'Jsonable — JSON to table images' : attr(html, /<meta property="og:title" content="([^"]*)"/),
      );
      if (p.path !== '/') expect(title).toMatch(/ — Jsonable$/);
      expect(html.match(/<title>/g)).toHaveLength(1);
      const description = attr(html, /<meta name="description" content="([^"]*)"/);
      expect(description?.length).toBeGreaterThan(40);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(attr(html, /<meta property="og:description" content="([^"]*)"/)).toBe(description);
      // Absolute URLs carry the server's own origin (PUBLIC_URL), never the build's placeholder.
      expect(html.includes('__JSONABLE_PUBLIC_URL__'), 'the origin placeholder is replaced').toBe(false);
      const canonical = `${s.server.baseUrl}${p.path}`;
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
      expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
      expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
      const image = attr(html, /<meta property="og:image" content="([^"]*)"/);
      expect(image).toBe(attr(html, /<meta name="twitter:image" content="([^"]*)"/));
      expect(image).toBe(`${s.server.baseUrl}/link-preview.png`);
      expect(attr(html, /<meta property="og:image:width" content="([^"]*)"/)).toBe('1200');
      expect(attr(html, /<meta property="og:image:height" content="([^"]*)"/)).toBe('630');
      const preview = await fetch(image!);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/png');
      await preview.arrayBuffer();
      // Styled at first paint: every emotion class an element names has its rules in a style tag
      // that comes before that element (in the head, or just before it: web/build/inline-styles.ts).
      const body = html.indexOf('<body');
      const classes = [...html.slice(body).matchAll(/class="([^"]*)"/g)].flatMap((m) =>
        m[1]!.split(/\s+/).filter((c) => /^css-[\w-]+$/.test(c)),
      );
      expect(classes.length).toBeGreaterThan(0);
      for (const cls of new Set(classes)) {
        const id = cls.slice('css-'.length);
        const firstUse = html.search(new RegExp(`class="(?:[^"]*\\s)?${cls}(?:\\s[^"]*)?"`));
        const rules = html.search(new RegExp(`<style data-emotion="css (?:[\\w-]+ )*${id}(?: [\\w-]+)*">`));
        expect(rules, `${p.path}: the rules of .${cls}`).toBeGreaterThan(-1);
        expect(rules, `${p.path}: the rules of .${cls} come before its first element`).toBeLessThan(firstUse);
      }
      // The page's own chunk is fetched with the main bundle, not after it.
      const scripts = [
        ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g),
      ].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(1);
      for (const src of scripts)
        expect((await fetch(`${s.server.baseUrl}${src}`, { method: 'HEAD' })).status).toBe(200);
    });
  }

  it('answers unknown paths with the 404 page and status 404, kept out of search results', async () => {
    for (const path of ['/no/such/page', '/dashboard/../nowhere', '/examples/extra']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html.includes('404 Page Not Found</h1>'), path).toBe(true);
      expect(html.includes('<meta name="robots" content="noindex" />'), path).toBe(true);
      expect(html.includes('rel="canonical"'), path).toBe(false);
    }
  });

  it('sends signed-in screens and redirects the client-rendered shell, and query-drawn pages too', async () => {
    for (const path of [
      '/dashboard',
      '/settings',
      '/app',
      '/projects/abc/styles',
      '/auth/verify',
      '/login',
      '/auth?tab=register',
      '/examples?example=sales',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html.includes('<div id="root"></div>'), path).toBe(true);
      expect(html.includes('<meta name="robots" content="noindex" />'), path).toBe(true);
    }
    // A query string a page does not read changes nothing.
    expect((await (await get('/about?utm_source=mail')).text()).includes('About Jsonable</h1>')).toBe(true);
  });

  it('revalidates HTML with an ETag (304 when unchanged) and compresses it', async () => {
    const first = await get('/documentation');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/documentation', revalidate(etag!));
    expect(again.status).toBe(304);
    const br = await get('/documentation', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).not.toBe(etag);
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    // fetch decodes the Brotli body: it must be the same page, in under a quarter of the bytes.
    expect(Number(br.headers.get('content-length'))).toBeLessThan(Number(first.headers.get('content-length')) / 4);
    expect(await br.text()).toBe(await first.text());
    const notModified = await get('/documentation', {
      'accept-encoding': 'br',
      ...revalidate(br.headers.get('etag')!),
    });
    expect(notModified.status).toBe(304);
  });

  it('lists the public pages in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(PAGES.map((p) => `${s.server.baseUrl}${p.path}`).sort());
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${s.server.baseUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).not.toMatch(/Disallow: \/(documentation|examples|about)\b/);
  });
});

async function hydrate(page: Page, path: string, h1: string): Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
  // Hydrated: React attached its handlers to the root container.
  await page.waitForFunction(
    () => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle');
  return messages;
}

describe('the link-preview image', () => {
  it('is a 1200×630 PNG drawn by our engine at build time: the hero table on the brand card', async () => {
    const res = await fetch(`${s.server.baseUrl}/link-preview.png`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    // The table's own pixels: its brand-purple header row (#4a1e8c) and the card around it (#e6dbf6).
    const pixels = 1200 * 630;
    expect((await countColour(bytes, [0x4a, 0x1e, 0x8c])) / pixels).toBeGreaterThan(0.05);
    expect((await countColour(bytes, [0xe6, 0xdb, 0xf6])) / pixels).toBeGreaterThan(0.05);
  });
});

describe('the hero table', () => {
  it('arrives inline in the landing page as the SVG our engine drew at build time: no image to fetch, no font', async () => {
    const html = await (await get('/')).text();
    const inline = html.match(/<div [^>]*id="hero-table"[^>]*>(<svg [\s\S]*?<\/svg>)<\/div>/);
    expect(inline, 'the hero table inline in #hero-table').not.toBeNull();
    const svg = inline![1]!;
    const root = svg.slice(0, svg.indexOf('>') + 1);
    expect(attr(root, / role="([^"]*)"/)).toBe('img');
    expect(attr(root, / aria-labelledby="([^"]*)"/)).toBe('table-title table-desc');
    expect(Number(attr(root, / width="(\d+)"/))).toBeGreaterThan(400);
    // Its accessible name and description are generated from the drawn data, as for any SVG.
    expect(svg).toContain('<title id="table-title">Weekly Sales by Region</title>');
    expect(attr(svg, /<desc id="table-desc">([^<]*)<\/desc>/)).toMatch(
      /^Table: Weekly Sales by Region\. 5 rows, 5 columns: Region, Orders, Revenue, Growth, On Target\. Row 1: Region North America, /,
    );
    // Text as paths: nothing to load before it is painted.
    expect(svg).not.toMatch(/<text[\s>]|@font-face|url\(/);
    expect(html).not.toMatch(/<img [^>]*hero-table|rel="preload" as="image"/);
    // No stale copy of an old image is served anywhere else.
    expect((await fetch(`${s.server.baseUrl}/hero-table.png`)).status).toBe(404);
  });

  it(
    'is drawn in Chromium, and reached by a link inside the app it is the same SVG as an image file',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await newPage(s.browser, s.server.baseUrl);
      try {
        await page.goto('/');
        const hero = page.locator('#hero-table svg');
        await hero.waitFor();
        // The table's brand-purple header row (#4a1e8c) is on screen.
        const shot = await page.locator('#hero-table').screenshot();
        const box = (await page.locator('#hero-table').boundingBox())!;
        expect(box.width).toBeGreaterThan(300);
        expect((await countColour(shot, [0x4a, 0x1e, 0x8c])) / (box.width * box.height)).toBeGreaterThan(0.05);
        const inlineSvg = await page.locator('#hero-table').innerHTML();
        // A link clicked before React runs the page is an ordinary page load, not the app's own.
        const sameDocument = () => page.evaluate(() => (window as { stillHere?: boolean }).stillHere === true);
        await waitForHydration(page);
        await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

        // Client-side navigation away and back: the markup read before hydration is drawn again.
        await page.getByRole('link', { name: 'About', exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: 'About Jsonable' }).waitFor();
        await page.goBack();
        await hero.waitFor();
        expect(await page.locator('#hero-table').innerHTML()).toBe(inlineSvg);
        expect(await sameDocument()).toBe(true);

        // Opened from another page of the app, the landing page is rendered by the browser: the
        // hero is the same drawing as an <img> of the fingerprinted SVG, with the generated alt text.
        await page.goto('/about');
        await page.getByRole('heading', { level: 1, name: 'About Jsonable' }).waitFor();
        await waitForHydration(page);
        await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
        await page
          .locator('header')
          .getByRole('link', { name: /Jsonable/ })
          .first()
          .click();
        const img = page.locator('img[src*="/assets/hero-table-"]');
        await img.waitFor();
        expect(await sameDocument()).toBe(true);
        expect(await img.getAttribute('alt')).toMatch(/^Table: Weekly Sales by Region\. 5 rows, 5 columns/);
        const src = (await img.getAttribute('src'))!;
        expect(src).toMatch(/^\/assets\/hero-table-[\w-]+\.svg$/);
        const res = await fetch(`${s.server.baseUrl}${src}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('image/svg+xml');
        expect(res.headers.get('cache-control')).toContain('immutable');
        // The same markup, as the browser reads it (it writes entities and attributes its own way).
        const file = await res.text();
        const asRead = await page.evaluate((text) => {
          const div = document.createElement('div');
          div.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, '');
          return div.innerHTML;
        }, file);
        expect(asRead).toBe(inlineSvg);
      } finally {
        await context.close();
      }
    },
  );
});

describe('hydration in Chromium', () => {
  it('every public page hydrates without a mismatch, error or warning', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(s.browser, s.server.baseUrl);
    const problems: string[] = [];
    for (const p of [...PAGES, { path: '/no/such/page', h1: '404 Page Not Found', words: '' }]) {
      const messages = await hydrate(page, p.path, p.h1);
      // A signed-out visitor's session check answers 401: the browser logs that failed request itself.
      problems.push(
        ...messages
          .filter((m) => !/401 \(Unauthorized\)/.test(m) && !(p.h1.startsWith('404') && /404 \(Not Found\)/.test(m)))
          .map((m) => `${p.path}: ${m}`),
      );
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it(
    'keeps what a visitor typed into /auth before hydration: Sign In is enabled once React takes over',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await newPage(s.browser, s.server.baseUrl);
      // Hold every script back until the visitor has typed, as a slow phone network would.
      let release!: () => void;
      const typed = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
        await typed;
        await route.continue();
      });
      // Module scripts run before DOMContentLoaded, so wait for the prerendered form, not the event.
      await page.goto('/auth', { waitUntil: 'commit' });
      await page.locator('#login-email').waitFor();
      await page.locator('#login-email').fill('early@example.com');
      await page.locator('#login-password').fill('correct horse battery');
      expect(
        await page.evaluate(() =>
          Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
        ),
        'not hydrated yet',
      ).toBe(false);
      release();
      await page.waitForFunction(
        () => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
        undefined,
        { timeout: 20_000 },
      );
      await expect
        .poll(() => page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled(), { timeout: 10_000 })
        .toBe(true);
      expect(await page.locator('#login-email').inputValue()).toBe('early@example.com');
      await context.close();
    },
  );

  it('shows the words with JavaScript off, and hydration moves nothing', { timeout: 60_000 }, async () => {
    const off = await s.browser.newContext({
      baseURL: s.server.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await off.newPage();
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe('Turn JSON into beautiful table images');
    const before = await heading.boundingBox();
    // Styled: the prerendered header is a sticky bar, not a list of bare links.
    expect(await page.locator('header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await off.close();

    const { context, page: live } = await newPage(s.browser, s.server.baseUrl);
    await live.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await hydrate(live, '/', 'Turn JSON into beautiful table images');
    expect(await live.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);
    expect(await live.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
    await context.close();
  });
});
