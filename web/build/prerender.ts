/**
 * Build step: renders every public page (src/app/public-pages.ts) into its own HTML file under
 * web/dist, from Vite's index.html, so the first response holds the page's words and its styles:
 *
 * - the page's markup inside #root and the emotion styles it uses in the head, Chakra's global
 *   stylesheet pruned to the tokens and keyframes the page uses (web/build/critical-css.ts);
 * - its title, description, canonical URL, Open Graph and Twitter card tags;
 * - `modulepreload` links for the page's own chunk and the chunks it imports, so the browser
 *   fetches them alongside the main bundle rather than after it has run;
 * - robots.txt and sitemap.xml from the same list, and routes.json, which tells the server which
 *   file answers which path (static.ts): a page, the client-rendered shell (signed-in screens), or
 *   the 404 page.
 *
 * Absolute URLs are written with PUBLIC_URL_TOKEN: the server puts its PUBLIC_URL there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicPage } from '../src/app/public-pages';
import { criticalStyles } from './critical-css';
import { inlineComponentStyles, type ComponentStyle } from './inline-styles';

/** What the prerender entry (src/entry-server.tsx) exports. */
export interface PrerenderEntry {
  publicPages: PublicPage[];
  PUBLIC_URL_TOKEN: string;
  renderPage(path: string): Promise<{ html: string; styles: string; componentStyles: ComponentStyle[] }>;
  routePatterns(): string[];
}

/** Vite's build manifest: one entry per source module that became a chunk. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** What the server reads: services/api/src/middleware/static.ts. */
export interface RoutesFile {
  /** The token in the HTML, robots.txt and sitemap.xml that stands for the site's origin. */
  originToken: string;
  pages: Array<{ path: string; file: string; status: 200 | 404; readsQuery: boolean }>;
  /** Client-rendered paths (signed-in screens, redirects): patterns with `:param` segments. */
  shellPaths: string[];
  shell: string;
  notFound: string;
  /** Files with the origin token in them (served with the token replaced). */
  templated: string[];
}

/**
 * The link-preview image: a table drawn by our own engine during the build
 * from the landing page's hero table (services/render/build/site-images.ts, run by
 * web/build/site-images.ts), the size Open Graph expects.
 */
export const LINK_PREVIEW = {
  file: 'link-preview.png',
  width: 1200,
  height: 630,
  alt: 'A table image rendered by Jsonable: Weekly Sales by Region',
};

const SHELL_FILE = '_shell.html';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chunk files a module needs before it can run: its own and its static imports, in order. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...(entry.imports ?? []).flatMap((k) => chunksOf(manifest, k, seen)), entry.file];
}

function headFor(page: PublicPage, origin: string, preload: string[], styles: string): string {
  const url = `${origin}${page.path === '/' ? '/' : page.path}`;
  const image = `${origin}/${LINK_PREVIEW.file}`;
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    page.status === 404 ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Jsonable" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(page.status === 404 ? [] : [`<meta property="og:url" content="${url}" />`]),
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="${LINK_PREVIEW.width}" />`,
    `<meta property="og:image:height" content="${LINK_PREVIEW.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(LINK_PREVIEW.alt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    ...preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    styles,
  ];
  return tags.map((t) => `    ${t}`).join('\n');
}

/** Vite's index.html with the page's head tags and markup (the template's title and description are replaced). */
function pageHtml(template: string, head: string, markup: string): string {
  const withoutDefaults = template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  if (!withoutDefaults.includes('<div id="root"></div>'))
    throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return withoutDefaults
    .replace('</head>', `${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/**
 * Puts markup made outside React (`inline`: element id → markup) into the page's empty elements of
 * those ids: the landing page's hero table arrives as inline SVG (web/build/site-images.ts).
 */
function inlineInto(html: string, inline: Record<string, string>, filled: Set<string>): string {
  let out = html;
  for (const [id, markup] of Object.entries(inline)) {
    const empty = new RegExp(`(<div[^>]*\\sid="${id}"[^>]*>)(</div>)`);
    if (!empty.test(out)) continue;
    out = out.replace(empty, (_m, open: string, close: string) => `${open}${markup}${close}`);
    filled.add(id);
  }
  return out;
}

export async function prerender(
  dist: string,
  entry: PrerenderEntry,
  inline: Record<string, string> = {},
): Promise<RoutesFile> {
  const origin = entry.PUBLIC_URL_TOKEN;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const mainKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!mainKey) throw new Error('prerender: the build manifest has no entry');
  // The main bundle and its imports are in the template already.
  const inTemplate = new Set(chunksOf(manifest, mainKey));

  // The shell for client-rendered screens: the template as Vite wrote it, kept out of search results.
  writeFileSync(
    join(dist, SHELL_FILE),
    template.replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>'),
  );

  const filled = new Set<string>();
  for (const page of entry.publicPages) {
    if (!manifest[page.module])
      throw new Error(
        `prerender: ${page.path}: ${page.module} is not a chunk of the build (is it the page the route loads?)`,
      );
    const preload = chunksOf(manifest, page.module).filter((f) => !inTemplate.has(f));
    const { html, styles, componentStyles } = await entry.renderPage(page.path);
    const filledMarkup = inlineInto(html, inline, filled);
    const placed = inlineComponentStyles(criticalStyles(styles, filledMarkup), filledMarkup, componentStyles);
    const head = headFor(page, origin, preload, placed.headStyles);
    writeFileSync(join(dist, page.file), pageHtml(template, head, placed.markup));
  }
  const unused = Object.keys(inline).filter((id) => !filled.has(id));
  if (unused.length > 0) throw new Error(`prerender: no page has an empty element #${unused.join(', #')} to fill`);

  const listed = entry.publicPages.filter((p) => p.inSitemap);
  writeFileSync(
    join(dist, 'sitemap.xml'),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...listed.map((p) => `  <url><loc>${origin}${p.path}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n'),
  );

  const prerendered = new Set(entry.publicPages.map((p) => p.path));
  const shellPaths = entry.routePatterns().filter((p) => !prerendered.has(p));
  writeFileSync(
    join(dist, 'robots.txt'),
    [
      'User-agent: *',
      'Disallow: /api/',
      // Signed-in screens and redirects: nothing for a search engine there.
      ...shellPaths.map((p) => `Disallow: ${p.replace(/:[^/]+/g, '*')}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
  );

  const routes: RoutesFile = {
    originToken: origin,
    pages: entry.publicPages.map((p) => ({
      path: p.path,
      file: p.file,
      status: p.status,
      readsQuery: p.readsQuery ?? false,
    })),
    shellPaths,
    shell: SHELL_FILE,
    notFound: entry.publicPages.find((p) => p.status === 404)?.file ?? SHELL_FILE,
    templated: [...entry.publicPages.map((p) => p.file), 'sitemap.xml', 'robots.txt'],
  };
  writeFileSync(join(dist, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
  return routes;
}
