/**
 * Paged image lists (useSWRInfinite) are not reached by swr's global mutate with a key filter, so
 * each mounted list registers here and every mutation of images tells all of them to refetch.
 */
const listeners = new Set<() => Promise<unknown>>();

export function onImageListsChanged(refetch: () => Promise<unknown>): () => void {
  listeners.add(refetch);
  return () => listeners.delete(refetch);
}

export async function imageListsChanged(): Promise<void> {
  await Promise.all([...listeners].map((refetch) => refetch()));
}
