import { defineConfig, type ViteBuilder } from 'vite';
import react from '@vitejs/plugin-react';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { copyFileSync, rmSync } from 'node:fs';
import { precompressDir } from './build/precompress';
import { heroSvgMarkup, siteImageFiles, siteImages } from './build/site-images';
import { HERO_TABLE_ID } from './src/features/landing/hero-table';
import { LINK_PREVIEW, prerender, type PrerenderEntry, type RoutesFile } from './build/prerender';
import { describeFirstLoad, FIRST_LOAD_BUDGET_BYTES, firstLoadOf, kB } from './build/first-load';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Where react-router is installed (its production build is taken by path below). */
const reactRouter = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
/** The prerender entry's build: read once by the prerender step, then removed. */
const SSR_OUT = resolve(here, '.prerender');

/**
 * `vite build` builds the browser app into dist (the hero table drawn by our engine among its
 * assets: web/build/site-images.ts), then the prerender entry for Node, puts the link-preview image
 * drawn from the same table at dist's root, renders every public page into dist (web/build/prerender.ts),
 * and writes Brotli and gzip copies of the text files, served by the API process
 * (services/api/src/middleware/static.ts).
 */
async function buildApp(builder: ViteBuilder): Promise<void> {
  const { client, ssr } = builder.environments;
  if (!client || !ssr) throw new Error('vite.config: the client and ssr environments are missing');
  await builder.build(client);
  await builder.build(ssr);
  const dist = resolve(client.config.root, client.config.build.outDir);
  const logger = client.config.logger;
  copyFileSync(resolve(siteImageFiles(here).dir, LINK_PREVIEW.file), resolve(dist, LINK_PREVIEW.file));
  let routes: RoutesFile;
  try {
    const entry = (await import(pathToFileURL(resolve(SSR_OUT, 'entry-server.js')).href)) as PrerenderEntry;
    routes = await prerender(dist, entry, { [HERO_TABLE_ID]: heroSvgMarkup(here) });
    logger.info(`prerendered ${routes.pages.length} pages: ${routes.pages.map((p) => p.path).join(' ')}`);
  } finally {
    rmSync(SSR_OUT, { recursive: true, force: true });
    // The manifest was for the prerender step; the server has no use for it.
    rmSync(resolve(dist, '.vite'), { recursive: true, force: true });
  }
  logger.info(`first-load JavaScript, Brotli (budget ${kB(FIRST_LOAD_BUDGET_BYTES)} per page):`);
  for (const page of routes.pages) logger.info(`  ${describeFirstLoad(page.path, firstLoadOf(dist, page.file), 3)}`);
  const r = await precompressDir(dist, new Set(routes.templated));
  const kb = (n: number) => `${Math.round(n / 1024)} kB`;
  logger.info(`precompressed ${r.files} files: ${kb(r.bytes)} → brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)}`);
}

// The API process serves web/dist in production; in development Vite serves the app and
// forwards /api to the API on port 3000 so cookies stay same-origin.
export default defineConfig(({ command }) => ({
  root: here,
  plugins: [react(), siteImages(here)],
  resolve: {
    // react-router's package exports point every bundler at its development build (ENABLE_DEV_WARNINGS
    // = true), which would ship its warnings and their text; the build takes its production build,
    // the same code with them off (0.5 kB less of each page's first load, Brotli). `vite` in
    // development keeps the warnings.
    alias:
      command !== 'build'
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: resolve(reactRouter, 'dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: resolve(reactRouter, 'dist/production/dom-export.mjs'),
            },
          ],
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  environments: {
    client: {
      build: {
        // The manifest says which chunks each page needs: its HTML preloads them.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What every page loads (the main bundle's static imports: React, the router, Chakra,
              // the layout) in one chunk, not the ~30 small shared chunks the default splitting
              // makes of it: Brotli compresses one file far better than many (issue 26: the same
              // code, 145.8 kB in 35 files, is 134.6 kB in one; docs/benchmarks.md). The entry
              // (index.html's script, src/main.tsx) stays the entry chunk, the manifest's entry.
              groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/([\\/]src[\\/]main\.tsx|\.html)$/.test(id) }],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: SSR_OUT,
        emptyOutDir: true,
        rollupOptions: { input: { 'entry-server': resolve(here, 'src/entry-server.tsx') } },
      },
      // Bundled, so Node runs the same module graph the browser does (Chakra, emotion, our contracts).
      resolve: { noExternal: true },
    },
  },
  builder: { buildApp },
}));
