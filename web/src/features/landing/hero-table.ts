/**
 * The id of the landing page's hero table element. The prerender step (web/build/prerender.ts)
 * fills it with the table as inline SVG, drawn by our engine (web/build/site-images.ts).
 */
export const HERO_TABLE_ID = 'hero-table';
