import { twinsOf } from '@jsonable/contracts/formats';
import { publicUrls } from '@jsonable/contracts/public-urls';
import type { UserImage } from '@jsonable/contracts/render-api';
import { NO_PROJECT } from '../counts';
import { findPage, type KeysetOrder, type KeysetPosition, type PageRequest } from '../paging';
import type { Filter } from '../ports';
import type { ReadModels } from '../projection';
import { ALL_COUNT, IMAGE_COUNTS, IMAGES, imageCountId, type ImageCountDoc, type ImageDoc } from './images.projection';

export type { ImageDoc } from './images.projection';

export function getImageByFilename(readModels: ReadModels, filename: string): Promise<ImageDoc[]> {
  return readModels.find<ImageDoc>(IMAGES, { filename }, { limit: 1 });
}

/** A live image of this user, or null (someone else's is null too: the API answers 404). */
export async function getOwnImage(readModels: ReadModels, userId: string, imageId: string): Promise<ImageDoc | null> {
  const doc = await readModels.get<ImageDoc>(IMAGES, imageId);
  return doc && !doc.deleted && doc.userId === userId ? doc : null;
}

/** Which of a user's live images a list shows; bounds and `q` as parsed by the contract. */
export interface ImageSelection {
  userId: string;
  /** A project's images; null: images without a project (never had one, or it was deleted). */
  projectId?: string | null;
  format?: ImageDoc['format'];
  /** Inclusive lower bound of createdAt (ISO instant). */
  from?: string;
  /** Exclusive upper bound of createdAt (ISO instant). */
  to?: string;
  /** Case-insensitive substring of the title or the file name. */
  q?: string;
}

/** Newest first; id breaks ties, so every position is unique and pages never overlap. */
const NEWEST_FIRST: KeysetOrder<ImageDoc> = [
  ['createdAt', -1],
  ['id', -1],
];

function selectionFilter(s: ImageSelection): Filter {
  const filter: Filter = { listUserId: s.userId };
  if (s.projectId !== undefined) filter.projectId = s.projectId;
  if (s.format !== undefined) filter.format = s.format;
  if (s.from !== undefined || s.to !== undefined) {
    filter.createdAt = {
      ...(s.from !== undefined ? { $gte: s.from } : {}),
      ...(s.to !== undefined ? { $lt: s.to } : {}),
    };
  }
  if (s.q) filter.searchText = { $contains: s.q.toLowerCase() };
  return filter;
}

/** One page of a user's live images, newest first, after `page.after` when given. */
export async function pageUserImages(
  readModels: ReadModels,
  selection: ImageSelection,
  page: PageRequest,
): Promise<{ images: ImageDoc[]; next: KeysetPosition | null }> {
  const { docs, next } = await findPage(readModels, IMAGES, selectionFilter(selection), NEWEST_FIRST, page);
  return { images: docs, next };
}

/**
 * How many images a selection holds: without dates or search, the kept count of the user, project
 * and format (one document, however many images); otherwise counted by the query.
 */
export async function countSelectedImages(readModels: ReadModels, selection: ImageSelection): Promise<number> {
  if (selection.from === undefined && selection.to === undefined && !selection.q) {
    const project = selection.projectId === undefined ? ALL_COUNT : (selection.projectId ?? NO_PROJECT);
    const doc = await readModels.get<ImageCountDoc>(
      IMAGE_COUNTS,
      imageCountId(selection.userId, project, selection.format ?? ALL_COUNT),
    );
    return doc?.count ?? 0;
  }
  return readModels.count(IMAGES, selectionFilter(selection));
}

export function countUserImages(readModels: ReadModels, userId: string): Promise<number> {
  return countSelectedImages(readModels, { userId });
}

/** Live images of this user among `ids` (others' and deleted ones are left out). */
export async function getOwnImages(
  readModels: ReadModels,
  userId: string,
  ids: readonly string[],
): Promise<ImageDoc[]> {
  if (ids.length === 0) return [];
  return readModels.find<ImageDoc>(IMAGES, { id: { $in: [...ids] }, listUserId: userId });
}

/** `publicUrl` is the configured base (never the request's Host). */
export function toUserImage(doc: ImageDoc, publicUrl: string): UserImage {
  const url = publicUrls(publicUrl).image(doc.filename);
  return {
    id: doc.id,
    filename: doc.filename,
    url,
    public_url: url,
    title: doc.title,
    format: doc.format,
    width: doc.width,
    height: doc.height,
    size: doc.size,
    rows: doc.rows,
    columns: doc.columns,
    project_id: doc.projectId,
    user_id: doc.userId,
    created_at: doc.createdAt,
    createdAt: doc.createdAt,
    has_json_data: doc.dataExpiresAt !== null,
    altText: doc.altText ?? null,
    twins: twinsOf(url, doc.hasTwins),
  };
}
