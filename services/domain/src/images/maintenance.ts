/**
 * Scheduled upkeep of stored files:
 * - purgeExpiredData: request JSON older than the retention period (SPEC §1: 30 days) is deleted
 *   and ImageDataPurged appended.
 * - sweepOrphans: image and data files whose TableRendered never came (a crash between the file
 *   write and the append). The usage stream named in the file's metadata is the authority, not
 *   the read side, so a lagging projection can never get a live image swept.
 * - sweepExpired: previews and demo images past their expiresAt.
 */
import type { ReadModels } from '@jsonable/read-models/projection';
import { imagesWithExpiredData } from '@jsonable/read-models/images/images.queries';
import type { BlobInfo, BlobStore, Clock, EventStore, Ids } from '../ports';
import { usageStream } from '../usage/streams';
import { purgeImageData } from './images.handlers';

export interface MaintenanceDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  readModels: ReadModels;
  clock: Clock;
  ids: Ids;
}

export async function purgeExpiredData(deps: MaintenanceDeps): Promise<number> {
  let purged = 0;
  for (const image of await imagesWithExpiredData(deps.readModels, deps.clock.now().getTime())) {
    await purgeImageData(deps, image.id);
    purged++;
  }
  return purged;
}

/** A file is only an orphan once it is older than this: its render may still be appending. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

export async function sweepOrphans(deps: MaintenanceDeps, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const cutoff = deps.clock.now().getTime() - graceMs;
  const recorded = new Map<string, Set<string>>();
  const imagesOf = async (stream: string) => {
    let ids = recorded.get(stream);
    if (!ids) {
      const events = await deps.eventStore.readStream(stream);
      ids = new Set(events.filter((e) => e.type === 'TableRendered').map((e) => (e.data as { imageId: string }).imageId));
      recorded.set(stream, ids);
    }
    return ids;
  };
  let swept = 0;
  for (const prefix of ['images/', 'data/']) {
    const candidates: BlobInfo[] = [];
    for await (const info of deps.blobs.list(prefix)) {
      if (Date.parse(info.createdAt) <= cutoff) candidates.push(info);
    }
    for (const info of candidates) {
      const { imageId, userId, period } = info.metadata;
      if (!imageId || !userId || period === undefined || !/^\d+$/.test(period)) continue;
      if ((await imagesOf(usageStream(userId, Number(period)))).has(imageId)) continue;
      await deps.blobs.delete(info.key);
      swept++;
    }
  }
  return swept;
}

export async function sweepExpired(deps: Pick<MaintenanceDeps, 'blobs' | 'clock'>): Promise<number> {
  const now = deps.clock.now().getTime();
  let swept = 0;
  for (const prefix of ['previews/', 'demo/']) {
    const expired: string[] = [];
    for await (const info of deps.blobs.list(prefix)) {
      const expiresAt = Date.parse(info.metadata.expiresAt ?? '');
      if (!Number.isFinite(expiresAt) || expiresAt <= now) expired.push(info.key);
    }
    for (const key of expired) {
      await deps.blobs.delete(key);
      swept++;
    }
  }
  return swept;
}
