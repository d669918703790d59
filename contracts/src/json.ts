/** Small JSON helpers shared by the API's body handling and the contracts that read bodies. */

/**
 * Deepest nesting of arrays and objects accepted anywhere in a request or table payload: `1` is
 * depth 0, `[]` and `{"a":1}` depth 1, `[[{}]]` depth 3. JSON.parse of deeper text is refused
 * before it runs, since parsing millions of nested brackets blocks the event loop for seconds.
 */
export const MAX_JSON_DEPTH = 32;

/** An object that is not an array (nor null). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The deepest nesting of `[`/`{` in `text`, read as JSON text without parsing it: brackets inside
 * strings (escapes included) do not count. Stops as soon as `stopAbove` is passed and returns
 * that depth, so a hostile text costs one pass at most. Never throws; on text that is not JSON it
 * returns the depth its brackets reach, which bounds what a parser would build from it.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string: up to the next quote not escaped by a backslash (an odd run of them).
      // indexOf, not a loop over characters: long strings (data: URIs) are most of a big body.
      for (;;) {
        const quote = text.indexOf('"', i + 1);
        if (quote < 0) return deepest;
        let before = quote - 1;
        while (before > i && text.charCodeAt(before) === 0x5c /* \ */) before--;
        i = quote;
        if ((quote - 1 - before) % 2 === 0) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth > 0) depth--;
    }
  }
  return deepest;
}

/** The message of a refusal for nesting deeper than `limit`. */
export function nestingMessage(what: string, limit = MAX_JSON_DEPTH): string {
  return `${what} is nested too deeply (more than ${limit} levels of arrays and objects)`;
}

/**
 * The object or array that `text` holds as JSON, or null (not JSON, JSON of another kind, or
 * nested deeper than MAX_JSON_DEPTH, which is never parsed).
 */
export function jsonObjectIn(text: string): object | null {
  if (!/^\s*[[{]/.test(text)) return null;
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
