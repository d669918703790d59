// Zod compiles object parsers with `new Function` when it may, probing for it once; under the
// app's Content-Security-Policy (no 'unsafe-eval') that probe is reported as a CSP violation.
// Zod reads this global config when it loads (before any module of the app runs), so the
// interpreted parsers are used from the start.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
