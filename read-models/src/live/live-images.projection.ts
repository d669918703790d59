/**
 * live_images: one document per living image name of a project (issue #25), keyed by the
 * project's endpoint path and the name — what the public URL /live/{endpoint}/{name}.{ext}
 * holds — so serving the current version is one look-up by id. A deleted living image (or one
 * of a deleted project) stays as a tombstone until its name is created again.
 */
import type { LiveAuthor } from '@jsonable/contracts/events';
import type { Doc } from '../ports';
import type { ImageDoc } from '../images/images.projection';
import { alreadyApplied, defineProjection } from '../projection';

export const LIVE_IMAGES = 'live_images';

/** One version: the image fields as the images read model keeps them. */
export interface LiveVersionDoc extends Pick<
  ImageDoc,
  'filename' | 'blobKey' | 'format' | 'contentType' | 'width' | 'height' | 'size' | 'rows' | 'columns' | 'title'
> {
  version: number;
  imageId: string;
  by: LiveAuthor;
  createdAt: string;
  altText?: string;
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
  position: number;
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
  version: 1,
  collections: [{ name: LIVE_IMAGES, indexes: ['projectId', 'listProjectId', 'purgeableFrom'] }],
  handles: [
    'LiveImageCreated',
    'LiveImageVersionRendered',
    'LiveImageRolledBack',
    'LiveImageVersionsPurged',
    'LiveImageAltTextChanged',
    'LiveImageDeleted',
    'ProjectDeleted',
  ],
  async handle(event, tx) {
    const position = event.position;
    if (event.type === 'ProjectDeleted') {
      for (const doc of await tx.find<LiveImageDoc>(LIVE_IMAGES, { listProjectId: event.data.projectId })) {
        if (!alreadyApplied(doc, position))
          tx.put(LIVE_IMAGES, withPurgeable({ ...doc, deleted: true, listProjectId: null, position }));
      }
      return;
    }
    if (event.type === 'LiveImageCreated') {
      const d = event.data;
      const id = liveImageDocId(d.endpointPath, d.name);
      const existing = await tx.get<LiveImageDoc>(LIVE_IMAGES, id);
      if (alreadyApplied(existing, position)) return;
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
        deleted: false,
        listProjectId: d.projectId,
        versions: [],
        purgeableFrom: null,
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
          filename: d.filename,
          blobKey: d.blobKey,
          format: d.format,
          contentType: d.contentType,
          width: d.width,
          height: d.height,
          size: d.size,
          rows: d.rows,
          columns: d.columns,
          title: d.title,
          by: d.by,
          createdAt: d.renderedAt,
          ...(d.altText ? { altText: d.altText } : {}),
        };
        tx.put(
          LIVE_IMAGES,
          withPurgeable({
            ...doc,
            versions: [...doc.versions, version],
            currentVersion: d.version,
            latestVersion: Math.max(doc.latestVersion, d.version),
            updatedAt: d.renderedAt,
            position,
          }),
        );
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
          withPurgeable({
            ...doc,
            deleted: true,
            listProjectId: null,
            currentVersion: null,
            updatedAt: event.data.deletedAt,
            position,
          }),
        );
        return;
    }
  },
});
