/**
 * Scheduled upkeep of stored files:
 * - purgeExpiredData: request JSON older than the retention period (SPEC §1: 30 days) is deleted,
 *   and ImageDataPurged appended for the images that were recorded. Request data of a render that
 *   was never recorded (a crash before the append) goes the same way, without an event.
 * - sweepOrphans: image files whose TableRendered never came (a crash between the file write and
 *   the append), found through the request-data documents of recent renders (an indexed range,
 *   not a listing of every file). The usage stream is the authority, not the read side, so a
 *   lagging projection can never get a live image swept.
 * - sweepOrphanFiles: the same over a full listing of the image files, for the rare file whose
 *   request-data document was never written (a crash between the two writes); run daily.
 * - sweepExpired: previews and demo images past their expiresAt.
 */
import { JSON_RETENTION_DAYS } from '@jsonable/contracts/render-api';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { BlobInfo, BlobStore, Clock, EventStore, Ids } from '../ports';
import { usageStream } from '../usage/streams';
import { twinKeyOf } from './filenames';
import { purgeImageData } from './images.handlers';
import { deleteRequestData, requestDataUpTo } from './request-data';

export interface MaintenanceDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  docs: DocumentStore;
  clock: Clock;
  ids: Ids;
}

const RETENTION_MS = JSON_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Recorded image ids per usage stream, read once per job run. */
function recordedImages(eventStore: EventStore): (userId: string, period: number) => Promise<Set<string>> {
  const cache = new Map<string, Set<string>>();
  return async (userId, period) => {
    const stream = usageStream(userId, period);
    let ids = cache.get(stream);
    if (!ids) {
      const events = await eventStore.readStream(stream);
      ids = new Set(
        events.filter((e) => e.type === 'TableRendered').map((e) => (e.data as { imageId: string }).imageId),
      );
      cache.set(stream, ids);
    }
    return ids;
  };
}

export async function purgeExpiredData(deps: MaintenanceDeps, batch = 500): Promise<number> {
  const cutoff = deps.clock.now().getTime() - RETENTION_MS;
  const recorded = recordedImages(deps.eventStore);
  let purged = 0;
  for (const data of await requestDataUpTo(deps.docs, cutoff, batch)) {
    if ((await recorded(data.userId, data.period)).has(data.id)) await purgeImageData(deps, data.id);
    else await deleteRequestData(deps.docs, data.id);
    purged++;
  }
  return purged;
}

/** A file is only an orphan once it is older than this: its render may still be appending. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
/** How far back the frequent sweep looks (it runs every 10 minutes; this covers missed runs). */
export const ORPHAN_LOOKBACK_MS = 6 * 60 * 60 * 1000;

export async function sweepOrphans(
  deps: MaintenanceDeps,
  graceMs = ORPHAN_GRACE_MS,
  lookbackMs = ORPHAN_LOOKBACK_MS,
): Promise<number> {
  const cutoff = deps.clock.now().getTime() - graceMs;
  const recorded = recordedImages(deps.eventStore);
  let swept = 0;
  for (let after = cutoff - lookbackMs; ;) {
    const page = await requestDataUpTo(deps.docs, cutoff, 500, after);
    for (const data of page) {
      if ((await recorded(data.userId, data.period)).has(data.id)) continue;
      await deps.blobs.delete(data.blobKey);
      await deps.blobs.delete(twinKeyOf(data.blobKey));
      await deleteRequestData(deps.docs, data.id);
      swept++;
    }
    const last = page[page.length - 1];
    if (page.length < 500 || !last) break;
    after = last.createdAtMs;
  }
  return swept;
}

export async function sweepOrphanFiles(deps: MaintenanceDeps, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const cutoff = deps.clock.now().getTime() - graceMs;
  const recorded = recordedImages(deps.eventStore);
  const candidates: BlobInfo[] = [];
  for await (const info of deps.blobs.list('images/')) {
    if (Date.parse(info.createdAt) <= cutoff) candidates.push(info);
  }
  let swept = 0;
  for (const info of candidates) {
    const { imageId, userId, period } = info.metadata;
    if (!imageId || !userId || period === undefined || !/^\d+$/.test(period)) continue;
    if ((await recorded(userId, Number(period))).has(imageId)) continue;
    await deps.blobs.delete(info.key);
    await deps.blobs.delete(twinKeyOf(info.key));
    swept++;
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
