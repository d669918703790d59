/**
 * What the build step that draws the site's images (services/render/build/site-images.ts) writes
 * to `site-images.json` for the web build (web/build/site-images.ts): the landing page's hero
 * table as a file, its size in CSS pixels (the file has 2× pixels) and its alt text.
 */
export interface SiteImages {
  hero: { file: string; width: number; height: number; alt: string };
}
