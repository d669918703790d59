/** Small JSON helpers shared by the API's body handling and the contracts that read bodies. */

/** An object that is not an array (nor null). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The object or array that `text` holds as JSON, or null (not JSON, or JSON of another kind). */
export function jsonObjectIn(text: string): object | null {
  if (!/^\s*[[{]/.test(text)) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
