/**
 * Blob keys reach the file system (FileBlobStore) and GridFS file names, so they are checked once
 * here: `/`-separated segments of a conservative character set, no empty, `.` or `..` segment,
 * no leading `/`, no NUL, no backslash. `~` is left out on purpose: the file store uses it to tell
 * its own files apart from folders.
 */
const SEGMENT = /^[A-Za-z0-9._@=+-]+$/;
export const MAX_KEY_LENGTH = 512;

export function assertBlobKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    }
  }
  return key;
}

/** A prefix is a key in the making: it may be empty or end with `/`. */
export function assertBlobPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const body = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  assertBlobKey(body);
  return prefix;
}

export function assertBlobMetadata(metadata: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata ?? {})) {
    if (typeof value !== 'string') throw new Error(`Blob metadata ${name} must be a string`);
    out[name] = value;
  }
  return out;
}
