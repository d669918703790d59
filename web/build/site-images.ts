/**
 * The site's images in the web build: services/render/build/site-images.ts draws the landing
 * page's hero table and the link-preview card with our own engine, from one table, in a child
 * process (the engine is not part of the web workspace, and its native canvas stays out of Vite's
 * process), once per build, into web/.site-images.
 *
 * `import { heroImage } from 'virtual:site-images'` gives the hero's URL, size in CSS pixels and
 * alt text: its SVG becomes an asset of the build (fingerprinted under /assets, cached for good),
 * shown as an <img> when the landing page is rendered in the browser; the prerendered page carries
 * the same SVG inline instead (`heroSvgMarkup`, put in by web/build/prerender.ts), so it is painted
 * with the page's first words. The link preview is copied to dist's root by vite.config.ts
 * (og:image needs a stable URL).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { SiteImages } from '@jsonable/contracts/site-images';

const MODULE = 'virtual:site-images';
const RESOLVED = `\0${MODULE}`;

export interface SiteImageFiles extends SiteImages {
  dir: string;
}

/**
 * Renders once per process: Vite may resolve the config (and so this module) again for each
 * environment it builds, and the client and the prerender builds must show the same file.
 */
const drawn = globalThis as { __jsonableSiteImages?: Map<string, SiteImageFiles> };

export function siteImageFiles(webRoot: string): SiteImageFiles {
  const dir = join(webRoot, '.site-images');
  const cache = (drawn.__jsonableSiteImages ??= new Map());
  let files = cache.get(dir);
  if (!files) {
    const repoRoot = resolve(webRoot, '..');
    execFileSync(
      process.execPath,
      ['--import', 'tsx', resolve(repoRoot, 'services/render/build/site-images.ts'), dir],
      { cwd: repoRoot, stdio: 'inherit' },
    );
    files = { dir, ...(JSON.parse(readFileSync(join(dir, 'site-images.json'), 'utf8')) as SiteImages) };
    cache.set(dir, files);
  }
  return files;
}

/** The hero's SVG as markup to put inside an HTML page (no XML declaration). */
export function heroSvgMarkup(webRoot: string): string {
  const { dir, hero } = siteImageFiles(webRoot);
  const svg = readFileSync(join(dir, hero.file), 'utf8').replace(/^<\?xml[^>]*>\s*/, '');
  if (!svg.startsWith('<svg ')) throw new Error(`site images: ${hero.file} does not start with <svg`);
  return svg;
}

export function siteImages(webRoot: string): Plugin {
  return {
    name: 'jsonable:site-images',
    resolveId: (id) => (id === MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const { dir, hero } = siteImageFiles(webRoot);
      return [
        `import src from ${JSON.stringify(join(dir, hero.file))};`,
        `export const heroImage = { src, width: ${hero.width}, height: ${hero.height}, alt: ${JSON.stringify(hero.alt)} };`,
      ].join('\n');
    },
  };
}
