/**
 * The public pages that the build prerenders (web/build/prerender.ts): each is rendered to HTML
 * with its own title, description and link-preview tags, so the first response already holds the
 * page's words, and search engines and link previews see them. The sitemap is this list.
 *
 * `module` is the page's source file as Vite's manifest names it: its chunk (and the chunks it
 * imports) are preloaded from the page's HTML, so the browser fetches them in parallel with the
 * main bundle instead of after it.
 */
import { pageTitle } from './page-title';

export { PUBLIC_URL_TOKEN } from '../lib/origin';

export interface PublicPage {
  /** The URL path the page answers. */
  path: string;
  /** The HTML file under web/dist. */
  file: string;
  module: string;
  title: string;
  description: string;
  /** The HTTP status the page is served with. */
  status: 200 | 404;
  /**
   * The page draws something else for some query strings (/auth?tab=register, /examples?example=…);
   * with a query string the client renders it instead (no hydration of the wrong markup).
   */
  readsQuery?: boolean;
  /** Listed in sitemap.xml (not the 404 page). */
  inSitemap: boolean;
}

/** The URL the 404 page is rendered at: any path no route claims. */
export const NOT_FOUND_RENDER_PATH = '/__not-found__';

const page = (path: string, module: string, description: string, extra: Partial<PublicPage> = {}): PublicPage => ({
  path,
  file: path === '/' ? 'index.html' : `${path.slice(1)}.html`,
  module: `src/pages/${module}.tsx`,
  title: pageTitle(path) ?? 'Jsonable',
  description,
  status: 200,
  inSitemap: true,
  ...extra,
});

export const publicPages: PublicPage[] = [
  page(
    '/',
    'LandingPage',
    'Jsonable turns JSON table data into PNG, JPEG, SVG and PDF table images with permanent public URLs, through a web dashboard and an HTTP API.',
  ),
  page(
    '/documentation',
    'DocumentationPage',
    'Getting started with Jsonable: sending table data as JSON, table formats, export options and styling, with ready-to-run code samples.',
  ),
  page(
    '/api-reference',
    'ApiReferencePage',
    'Every Jsonable API endpoint: requests, responses, error codes and limits for turning JSON into table images.',
  ),
  page(
    '/examples',
    'ExamplesPage',
    'Nine ready-made tables — currencies, dates, nested data and per-cell colours — with their JSON, a live preview and the code to request them.',
    { readsQuery: true },
  ),
  page(
    '/make-integration',
    'integrations/MakeIntegrationPage',
    'Send table data from a Make scenario to Jsonable and get back a permanent image URL to post, mail or store.',
  ),
  page(
    '/n8n-integration',
    'integrations/N8nIntegrationPage',
    'Turn rows from an n8n workflow into a table image with one HTTP Request node and Jsonable.',
  ),
  page(
    '/zapier-integration',
    'integrations/ZapierIntegrationPage',
    'Use Webhooks by Zapier to turn table data into PNG, JPEG, SVG or PDF images with Jsonable.',
  ),
  page(
    '/gumloop-integration',
    'integrations/GumloopIntegrationPage',
    'Render table images from a Gumloop flow with Jsonable’s HTTP API.',
  ),
  page('/about', 'AboutPage', 'Why Jsonable exists and how it turns JSON into readable, permanent table images.'),
  page('/terms', 'legal/TermsPage', 'The terms of service for using Jsonable, its dashboard and its API.'),
  page('/privacy', 'legal/PrivacyPage', 'What data Jsonable keeps, for how long, and what it never does with it.'),
  page(
    '/auth',
    'AuthPage',
    'Sign in to Jsonable or create a free account to manage your projects, API keys and table images.',
    { readsQuery: true },
  ),
  {
    ...page(NOT_FOUND_RENDER_PATH, 'NotFoundPage', 'The page you asked for does not exist or has moved.'),
    file: '404.html',
    status: 404,
    inSitemap: false,
  },
];
