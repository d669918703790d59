/**
 * The prerendered public pages (issue 26's list, and the sitemap's) as a visitor sees them: the
 * <h1>, a sentence of the page's own text (not the shared header or footer), and the name their
 * screenshots carry.
 */
export interface PublicPageSeen {
  path: string;
  h1: string;
  words: string;
  name: string;
}

/** /<slug>-integration, headed "Jsonable + <product>". */
const integration = (slug: string, product: string, words: string): PublicPageSeen => ({
  path: `/${slug}-integration`,
  h1: `Jsonable + ${product}`,
  words,
  name: slug,
});

export const PUBLIC_PAGES: PublicPageSeen[] = [
  { path: '/', h1: 'Turn JSON into beautiful table images', words: 'Post your rows to one endpoint', name: 'landing' },
  { path: '/documentation', h1: 'Documentation', words: 'Getting Started', name: 'documentation' },
  { path: '/api-reference', h1: 'API Reference', words: '/api/jsonable/table-to-image', name: 'api-reference' },
  { path: '/examples', h1: 'Examples', words: 'Nine ready-made tables', name: 'examples' },
  integration('make', 'Make', 'Make'),
  integration('n8n', 'n8n', 'HTTP Request'),
  integration('zapier', 'Zapier', 'Webhooks by Zapier'),
  integration('gumloop', 'Gumloop', 'Gumloop'),
  { path: '/about', h1: 'About Jsonable', words: 'Readable tables', name: 'about' },
  { path: '/terms', h1: 'Terms of Service', words: 'Terms of Service', name: 'terms' },
  { path: '/privacy', h1: 'Privacy Policy', words: 'Privacy Policy', name: 'privacy' },
  { path: '/auth', h1: 'Welcome to Jsonable', words: 'Sign in to manage your projects', name: 'auth' },
];
