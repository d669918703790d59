/**
 * A project's living images (issue #25): list with versions, create or update (a PUT renders a
 * new version), roll back, delete. The server answers once its read models show the change, so
 * the refetch after each mutation sees it.
 */
import useSWR, { mutate } from 'swr';
import {
  deleteLiveImageResponseSchema,
  liveImageListSchema,
  liveImageSchema,
  putLiveImageResponseSchema,
  rollbackLiveImageResponseSchema,
  type LiveImage,
} from '@jsonable/contracts/live';
import { api } from '../../../lib/api-client';
import { ACCOUNT_KEY, STATISTICS_KEY } from '../../../lib/api/keys';

export type { LiveImage, LiveVersion } from '@jsonable/contracts/live';

const query = (projectId: string) => `projectId=${encodeURIComponent(projectId)}`;
export const liveImagesKey = (projectId: string) => `/api/jsonable/live?${query(projectId)}`;
const one = (projectId: string, name: string, tail = '') =>
  `/api/jsonable/live/${encodeURIComponent(name)}${tail}?${query(projectId)}`;

export function useLiveImages(projectId: string) {
  const { data, error, isLoading } = useSWR<LiveImage[]>(liveImagesKey(projectId), (key: string) =>
    api.get(key, liveImageListSchema),
  );
  return { liveImages: data ?? [], error: error as unknown, isLoading, loaded: data !== undefined };
}

/** The same URL on the host that serves the app: what an <img> in the dashboard loads. */
export function sitePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export async function putLiveImage(projectId: string, name: string, payload: unknown) {
  const answer = await api.put(one(projectId, name), payload, putLiveImageResponseSchema);
  // A version counts as a table: usage and statistics change too.
  await Promise.all([mutate(liveImagesKey(projectId)), mutate(ACCOUNT_KEY), mutate(STATISTICS_KEY)]);
  return answer;
}

export async function rollBackLiveImage(projectId: string, name: string, version: number): Promise<void> {
  await api.post(one(projectId, name, '/rollback'), { version }, rollbackLiveImageResponseSchema);
  await mutate(liveImagesKey(projectId));
}

/** Rewrites version n's alt text; answers the text as stored (trimmed). */
export async function updateLiveAltText(
  projectId: string,
  name: string,
  version: number,
  altText: string,
): Promise<string | null> {
  const live = await api.patch(one(projectId, name, `/versions/${version}`), { altText }, liveImageSchema);
  await mutate(liveImagesKey(projectId));
  return live.versions.find((v) => v.version === version)?.altText ?? null;
}

export async function deleteLiveImage(projectId: string, name: string): Promise<void> {
  await api.delete(one(projectId, name), deleteLiveImageResponseSchema);
  await mutate(liveImagesKey(projectId));
}
