import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './build/precompress';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Brotli and gzip copies of the built files, served by the API process (static.ts). */
function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'jsonable-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const r = await precompressDir(resolve(config.root, config.build.outDir));
      const kb = (n: number) => `${Math.round(n / 1024)} kB`;
      config.logger.info(`precompressed ${r.files} files: ${kb(r.bytes)} → brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)}`);
    },
  };
}

// The API process serves web/dist in production; in development Vite serves the app and
// forwards /api to the API on port 3000 so cookies stay same-origin.
export default defineConfig({
  root: here,
  plugins: [
    react(),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
