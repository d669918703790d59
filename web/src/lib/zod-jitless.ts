/**
 * Zod compiles object parsers with `new Function` when it may, probing for it when the first object
 * schema is made; under the app's Content-Security-Policy (no 'unsafe-eval') that probe is reported
 * as a CSP violation. Zod reads this global config when it loads, so the interpreted parsers are
 * used from the start. main.tsx imports this module first; zod itself is never part of the entry's
 * static imports (issue 26: schemas load with the screens and calls that use them), so this runs
 * before any zod module does. It replaces a blocking classic script in the head.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
