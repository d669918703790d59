// knip: unused files, exports and dependencies, checked in `npm test` (issue #27).
// Entry points that are loaded by path rather than imported are listed here, each with why.
export default {
  ignoreExportsUsedInFile: true,
  // mount/umount: the full-disk test mounts a small tmpfs where the machine allows it; pdftoppm
  // (poppler, installed by .ci/run) rasterises the PDFs the tests render, pdftotext and pdfinfo
  // (the same package) read their text, metadata and structure tree.
  ignoreBinaries: ['mount', 'umount', 'pdftoppm', 'pdfinfo'],
  workspaces: {
    '.': {
      // prune-fonts.mjs runs in the Dockerfile's build stage.
      entry: ['scripts/*.{ts,mjs}'],
    },
    'services/render': {
      // The pool starts its worker by URL; measure-* and update-goldens are run by hand (see their headers);
      // the web build runs build/site-images.ts by path (web/build/site-images.ts).
      entry: ['src/pool/worker-entry.mjs', 'test/measure-*.ts', 'test/update-goldens.ts', 'bench/*.ts', 'build/*.ts'],
      // The fonts are read from their packages' files by path (src/fonts.ts), never imported.
      ignoreDependencies: ['@expo-google-fonts/.+'],
    },
    web: {
      // The prerender entry: vite.config.ts builds it for Node by path, and web/build/prerender.ts runs it.
      entry: ['src/entry-server.tsx'],
    },
    'services/api': {
      // Benchmarks run by hand or by npm scripts (see docs/benchmarks.md for each command).
      entry: ['bench/*.ts'],
    },
    'services/adapters': {
      // Child processes of the crash and two-process tests, started by path.
      entry: ['test/support/*-loop.ts'],
    },
  },
};
