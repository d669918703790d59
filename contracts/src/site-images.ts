/**
 * What the build step that draws the site's images (services/render/build/site-images.ts) writes
 * to `site-images.json` for the web build (web/build/site-images.ts): the landing page's hero
 * table as an SVG file (its text drawn as paths, so it needs no font), its size in CSS pixels and
 * its alt text.
 */
export interface SiteImages {
  hero: { file: string; width: number; height: number; alt: string };
}
