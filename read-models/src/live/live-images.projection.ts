/**
 * live_images: one document per living image name of a project (issue #25), keyed by the
 * project's endpoint path and the name — what the public URL /live/{endpoint}/{name}.{ext}
 * holds — so serving the current version is one look-up by id. A deleted living image (or one
 * of a deleted project) stays as a tombstone until its name is created again.
 *
 * Ended versions whose files are not yet recorded as removed (LiveImageFilesRemoved) are listed
 * in `endedVersions`, and `filesPending` (indexed) is what the sweep of ended living images
 * selects by. The projection remembers deleted projects (live_deleted_projects), so a living
 * image created for a project already deleted (a PUT that raced the deletion) is a tombstone from
 * its first event: never served, and swept.
 */
import { rendersTwins } from '@jsonable/contracts/alt-text';
import type { LiveAuthor, LiveVersionPage } from '@jsonable/contracts/events';
import { storedImageOf, type StoredImage } from '@jsonable/contracts/image-files';
import type { Doc } from '../ports';
import { alreadyApplied, defineProjection } from '../projection';

export const LIVE_IMAGES = 'live_images';
/** Projects whose deletion this projection has seen: { id: projectId }. */
const DELETED_PROJECTS = 'live_deleted_projects';

/** One version: its stored image as LiveImageVersionRendered recorded it (the images read model keeps the same). */
export interface LiveVersionDoc extends StoredImage {
  version: number;
  imageId: string;
  by: LiveAuthor;
  createdAt: string;
  altText?: string;
  /** The render stored its data twins (rendersTwins): false for versions rendered before they existed. */
  hasTwins: boolean;
  /** A split version's pages after the first, in order (options.split); absent: one image. */
  pages?: LiveVersionPage[];
}

export interface LiveImageDoc extends Doc {
  /** liveImageDocId(endpointPath, name). */
  id: string;
  liveImageId: string;
  projectId: string;
  userId: string;
  name: string;
  endpointPath: string;
  currentVersion: number | null;
  latestVersion: number;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
  /** The project while the living image is live, null once deleted: what the lists select by. */
  listProjectId: string | null;
  /** Oldest first; purged versions are removed. */
  versions: LiveVersionDoc[];
  /** renderedAt of the oldest version the retention could purge (not current, not newest); null when none. */
  purgeableFrom: string | null;
  /** Versions of ended lives of this name whose files are not yet recorded as removed, ascending. */
  endedVersions: number[];
  /** endedVersions is not empty: the sweep of ended living images has work here. */
  filesPending: boolean;
  position: number;
}

function withEnded(doc: LiveImageDoc, add: readonly number[], remove: readonly number[] = []): LiveImageDoc {
  const gone = new Set(remove);
  const endedVersions = [...new Set([...doc.endedVersions, ...add])].filter((v) => !gone.has(v)).sort((a, b) => a - b);
  return { ...doc, endedVersions, filesPending: endedVersions.length > 0 };
}

export const liveImageDocId = (endpointPath: string, name: string): string => `${endpointPath}#${name}`;

function withPurgeable(doc: LiveImageDoc): LiveImageDoc {
  const newest = doc.versions[doc.versions.length - 1]?.version;
  const candidate = doc.deleted
    ? undefined
    : doc.versions.find((v) => v.version !== doc.currentVersion && v.version !== newest);
  return { ...doc, purgeableFrom: candidate?.createdAt ?? null };
}

export const liveImagesProjection = defineProjection({
  name: 'live-images',
  version: 2,
  collections: [
    { name: LIVE_IMAGES, indexes: ['projectId', 'listProjectId', 'purgeableFrom', 'filesPending'] },
    { name: DELETED_PROJECTS, indexes: [] },
  ],
  handles: [
    'LiveImageCreated',
    'LiveImageVersionRendered',
    'LiveImageRolledBack',
    'LiveImageVersionsPurged',
    'LiveImageAltTextChanged',
    'LiveImageDeleted',
    'LiveImageFilesRemoved',
    'ProjectDeleted',
  ],
  async handle(event, tx) {
    const position = event.position;
    if (event.type === 'ProjectDeleted') {
      tx.put(DELETED_PROJECTS, { id: event.data.projectId });
      for (const doc of await tx.find<LiveImageDoc>(LIVE_IMAGES, { listProjectId: event.data.projectId })) {
        if (!alreadyApplied(doc, position))
          tx.put(
            LIVE_IMAGES,
            withPurgeable(
              withEnded(
                { ...doc, deleted: true, listProjectId: null, position },
                doc.versions.map((v) => v.version),
              ),
            ),
          );
      }
      return;
    }
    if (event.type === 'LiveImageFilesRemoved') {
      const [doc] = await tx.find<LiveImageDoc>(
        LIVE_IMAGES,
        { projectId: event.data.projectId, name: event.data.name },
        { limit: 1 },
      );
      if (doc && !alreadyApplied(doc, position))
        tx.put(LIVE_IMAGES, withEnded({ ...doc, position }, [], event.data.versions));
      return;
    }
    if (event.type === 'LiveImageCreated') {
      const d = event.data;
      const id = liveImageDocId(d.endpointPath, d.name);
      const existing = await tx.get<LiveImageDoc>(LIVE_IMAGES, id);
      if (alreadyApplied(existing, position)) return;
      // Created for a project already deleted (a PUT that raced the deletion): a tombstone at once.
      const projectGone = (await tx.get(DELETED_PROJECTS, d.projectId)) !== null;
      const endedVersions = existing?.endedVersions ?? [];
      tx.put(LIVE_IMAGES, {
        id,
        liveImageId: d.liveImageId,
        projectId: d.projectId,
        userId: d.userId,
        name: d.name,
        endpointPath: d.endpointPath,
        currentVersion: null,
        latestVersion: existing?.latestVersion ?? 0,
        createdAt: d.createdAt,
        updatedAt: d.createdAt,
        deleted: projectGone,
        listProjectId: projectGone ? null : d.projectId,
        versions: [],
        purgeableFrom: null,
        endedVersions,
        filesPending: endedVersions.length > 0,
        position,
      } satisfies LiveImageDoc);
      return;
    }
    // The other events name the living image by its id; its document is found by project and name.
    const [doc] = await tx.find<LiveImageDoc>(
      LIVE_IMAGES,
      { projectId: event.data.projectId, liveImageId: event.data.liveImageId },
      { limit: 1 },
    );
    if (!doc || alreadyApplied(doc, position)) return;
    switch (event.type) {
      case 'LiveImageVersionRendered': {
        const d = event.data;
        const version: LiveVersionDoc = {
          version: d.version,
          imageId: d.imageId,
          ...storedImageOf(d),
          by: d.by,
          createdAt: d.renderedAt,
          ...(d.altText ? { altText: d.altText } : {}),
          hasTwins: rendersTwins(d),
          ...(d.pages && d.pages.length > 0 ? { pages: d.pages } : {}),
        };
        const next = withPurgeable({
          ...doc,
          versions: [...doc.versions, version],
          currentVersion: d.version,
          latestVersion: Math.max(doc.latestVersion, d.version),
          updatedAt: d.renderedAt,
          position,
        });
        // A version of a living image whose project is gone is ended from the start.
        tx.put(LIVE_IMAGES, doc.deleted ? withEnded(next, [d.version]) : next);
        return;
      }
      case 'LiveImageRolledBack':
        tx.put(
          LIVE_IMAGES,
          withPurgeable({ ...doc, currentVersion: event.data.version, updatedAt: event.data.rolledBackAt, position }),
        );
        return;
      case 'LiveImageVersionsPurged': {
        const gone = new Set(event.data.versions);
        tx.put(
          LIVE_IMAGES,
          withPurgeable({ ...doc, versions: doc.versions.filter((v) => !gone.has(v.version)), position }),
        );
        return;
      }
      case 'LiveImageAltTextChanged': {
        const { version, altText } = event.data;
        tx.put(LIVE_IMAGES, {
          ...doc,
          versions: doc.versions.map((v) => (v.version === version ? { ...v, altText } : v)),
          position,
        });
        return;
      }
      case 'LiveImageDeleted':
        tx.put(
          LIVE_IMAGES,
          withPurgeable(
            withEnded(
              {
                ...doc,
                deleted: true,
                listProjectId: null,
                currentVersion: null,
                updatedAt: event.data.deletedAt,
                position,
              },
              doc.versions.map((v) => v.version),
            ),
          ),
        );
        return;
    }
  },
});
