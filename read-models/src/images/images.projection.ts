/**
 * images: one document per rendered image (SPEC §3 table_images), kept as a tombstone
 * (`deleted: true`) after ImageDeleted so a redelivered TableRendered cannot bring it back.
 * A deleted project's images are kept and detached (projectId → null); a render of that project
 * recorded after its deletion arrives detached too (deleted project ids are remembered).
 */
import { rendersTwins } from '@jsonable/contracts/alt-text';
import type { TableRendered } from '@jsonable/contracts/events';
import { storedImageOf, type StoredImage } from '@jsonable/contracts/image-files';
import { JSON_RETENTION_DAYS } from '@jsonable/contracts/render-api';
import { NO_PROJECT } from '../counts';
import type { Doc } from '../ports';
import { alreadyApplied, defineProjection, type Positioned, type ProjectionTx } from '../projection';

export const IMAGES = 'images';
export const DETACHED_PROJECTS = 'images_deleted_projects';
/**
 * Live images per user, per project (or none) and per format, each also over all of them (`*`):
 * what a list without date or search filters answers as X-Total-Count without counting rows.
 */
export const IMAGE_COUNTS = 'image_counts';

export interface ImageCountDoc extends Doc {
  id: string;
  count: number;
}

/** Key of a count: project id, NO_PROJECT or ALL_COUNT; format or ALL_COUNT. */
export const ALL_COUNT = '*';
export const imageCountId = (userId: string, project: string, format: string): string =>
  `${userId}|${project}|${format}`;

/** Adds `delta` to the four counts an image of this project and format is in (empty ones go). */
async function addToCounts(
  tx: ProjectionTx,
  userId: string,
  projectId: string | null,
  format: string,
  delta: number,
): Promise<void> {
  for (const project of [ALL_COUNT, projectId ?? NO_PROJECT]) {
    for (const f of [ALL_COUNT, format]) {
      const id = imageCountId(userId, project, f);
      const doc = (await tx.getForUpdate<ImageCountDoc>(IMAGE_COUNTS, id)) ?? { id, count: 0 };
      doc.count += delta;
      if (doc.count > 0) tx.put(IMAGE_COUNTS, doc);
      else tx.delete(IMAGE_COUNTS, id);
    }
  }
}

/** The image as its TableRendered recorded it, and what the lists need besides. */
export interface ImageDoc
  extends Doc, StoredImage, Pick<TableRendered['data'], 'userId' | 'projectId' | 'period' | 'source'> {
  id: string;
  createdAt: string;
  deleted: boolean;
  /**
   * The owner while the image is live, null once deleted: the first field of the list indexes, so
   * a page, a count or a search of a user's images reads only live ones, from the index alone.
   */
  listUserId: string | null;
  /** Lower-cased title and file name (one line each): what `q` searches as a substring. */
  searchText: string;
  /** The request JSON is kept until this time (epoch ms), then purged; null once purged or deleted. */
  dataExpiresAt: number | null;
  /** Generated at render time or written by the owner (issue #25); absent on older images. */
  altText?: string;
  /** The render stored its data twins (rendersTwins): false for images rendered before they existed. */
  hasTwins: boolean;
  position: number;
}

/** What a search matches: the title and the file name, lower-cased (case-insensitive search). */
export function searchTextOf(title: string | null, filename: string): string {
  return `${(title ?? '').toLowerCase()}\n${filename.toLowerCase()}`;
}

const RETENTION_MS = JSON_RETENTION_DAYS * 24 * 60 * 60 * 1000;

async function detachProject(tx: ProjectionTx, projectId: string, position: number): Promise<void> {
  const marker = await tx.get<Positioned>(DETACHED_PROJECTS, projectId);
  if (alreadyApplied(marker, position)) return;
  tx.put(DETACHED_PROJECTS, { id: projectId, position });
  const attached = await tx.find<ImageDoc>(IMAGES, { projectId });
  for (const image of attached) {
    if (alreadyApplied(image, position)) continue;
    tx.put(IMAGES, { ...image, projectId: null, position });
    if (!image.deleted) {
      await addToCounts(tx, image.userId, projectId, image.format, -1);
      await addToCounts(tx, image.userId, null, image.format, 1);
    }
  }
}

export const imagesProjection = defineProjection({
  name: 'images',
  // v2: listUserId and searchText, and the compound indexes of paged lists (issue #30).
  // v3: a substring index of searchText, so a search reads the images that match instead of
  // every image of the account (100,000 images: ~1 s per search before).
  // v4: image_counts, so a list's total is one document instead of a count of every image.
  // v5: hasTwins, from the TableRendered event (an alt text edited later says nothing about twins).
  version: 5,
  collections: [
    // Only the fields queries select by (images.queries.ts, projects.queries.ts, the audit): with
    // no statistics SQLite picks any indexed equality, and an index on `deleted` (two values) made
    // it scan every live image for `{ userId, deleted: false }`. Fewer indexes also make a
    // rebuild cheaper. Lists page newest first on (createdAt, id) after equalities on the owner
    // and optionally the project or the format: one compound index for each shape, so a page
    // is a seek plus `limit` index steps however many images the account holds, and SQLite's
    // planner (which takes the index matching the most equalities) finds the right one.
    {
      name: IMAGES,
      indexes: ['userId', 'projectId', 'filename'],
      compoundIndexes: [
        ['listUserId', 'createdAt', 'id'],
        ['listUserId', 'projectId', 'createdAt', 'id'],
        ['listUserId', 'format', 'createdAt', 'id'],
      ],
      substringIndexes: ['searchText'],
    },
    { name: DETACHED_PROJECTS, indexes: [] },
    { name: IMAGE_COUNTS, indexes: [] },
  ],
  handles: ['TableRendered', 'ImageDeleted', 'ImageDataPurged', 'ImageAltTextChanged', 'ProjectDeleted'],
  async handle(event, tx) {
    const position = event.position;
    if (event.type === 'ProjectDeleted') return detachProject(tx, event.data.projectId, position);

    const doc = await tx.get<ImageDoc>(IMAGES, event.data.imageId);
    if (alreadyApplied(doc, position)) return;
    switch (event.type) {
      case 'TableRendered': {
        // A living image's version is listed with its living image (live-images), not here.
        if (doc || event.data.live) return;
        const d = event.data;
        const detached = d.projectId !== null && (await tx.get(DETACHED_PROJECTS, d.projectId)) !== null;
        tx.put(IMAGES, {
          id: d.imageId,
          userId: d.userId,
          projectId: detached ? null : d.projectId,
          period: d.period,
          ...storedImageOf(d),
          source: d.source,
          createdAt: d.renderedAt,
          deleted: false,
          listUserId: d.userId,
          searchText: searchTextOf(d.title, d.filename),
          dataExpiresAt: new Date(d.renderedAt).getTime() + RETENTION_MS,
          hasTwins: rendersTwins(d),
          position,
          ...(d.altText ? { altText: d.altText } : {}),
        } satisfies ImageDoc);
        await addToCounts(tx, d.userId, detached ? null : d.projectId, d.format, 1);
        return;
      }
      case 'ImageDeleted':
        if (!doc) return;
        tx.put(IMAGES, { ...doc, deleted: true, listUserId: null, dataExpiresAt: null, position });
        if (!doc.deleted) await addToCounts(tx, doc.userId, doc.projectId, doc.format, -1);
        return;
      case 'ImageDataPurged':
        if (doc) tx.put(IMAGES, { ...doc, dataExpiresAt: null, position });
        return;
      case 'ImageAltTextChanged':
        if (doc && !doc.deleted) tx.put(IMAGES, { ...doc, altText: event.data.altText, position });
        return;
    }
  },
});
