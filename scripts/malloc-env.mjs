// glibc malloc settings for the server process (issue #21; figures in docs/benchmarks.md).
//
// Skia's pixel buffers (a render's canvas, a decoded image) are large blocks that glibc serves from
// mmap and gives back when freed, until one such block is freed: glibc then raises its mmap
// threshold to that block's size (up to 32 MB), and later blocks of that size come from the heap
// arenas, which keep freed memory. Each worker thread also gets arenas of its own. Under the abuse
// bench the process stayed ~300 MB above its starting RSS 10 s after the load. A fixed threshold
// (set it and the dynamic one is off) keeps large blocks on mmap, returned to the system when freed;
// a fixed trim threshold returns the heap's free top at once; two arenas bound the per-thread ones.
//
// glibc reads these when the process starts, so they must be in its environment: the Dockerfile
// sets them, and scripts/start.mjs re-executes itself with them (Linux) when they are missing.
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** `env` with the settings above added where it does not set them itself. */
export function withMallocEnv(env) {
  return { ...MALLOC_ENV, ...env };
}

/** Whether `env` already has every setting (set by us or by the operator). */
export function hasMallocEnv(env) {
  return Object.keys(MALLOC_ENV).every((k) => env[k] !== undefined);
}
