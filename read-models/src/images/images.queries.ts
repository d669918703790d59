import type { UserImage } from '@jsonable/contracts/render-api';
import type { ReadModels } from '../projection';
import { IMAGES, type ImageDoc } from './images.projection';

export type { ImageDoc } from './images.projection';

export function getImageByFilename(readModels: ReadModels, filename: string): Promise<ImageDoc[]> {
  return readModels.find<ImageDoc>(IMAGES, { filename }, { limit: 1 });
}

/** A live image of this user, or null (someone else's is null too: the API answers 404). */
export async function getOwnImage(readModels: ReadModels, userId: string, imageId: string): Promise<ImageDoc | null> {
  const doc = await readModels.get<ImageDoc>(IMAGES, imageId);
  return doc && !doc.deleted && doc.userId === userId ? doc : null;
}

export function listUserImages(readModels: ReadModels, userId: string): Promise<ImageDoc[]> {
  return readModels.find<ImageDoc>(IMAGES, { userId, deleted: false }, { sort: [['createdAt', -1]] });
}

export function countUserImages(readModels: ReadModels, userId: string): Promise<number> {
  return readModels.count(IMAGES, { userId, deleted: false });
}

/** `publicUrl` is the configured base (never the request's Host). */
export function imageUrl(publicUrl: string, filename: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/images/${filename}`;
}

export function toUserImage(doc: ImageDoc, publicUrl: string): UserImage {
  const url = imageUrl(publicUrl, doc.filename);
  return {
    id: doc.id, filename: doc.filename, url, public_url: url, title: doc.title, format: doc.format,
    width: doc.width, height: doc.height, size: doc.size, rows: doc.rows, columns: doc.columns,
    project_id: doc.projectId, user_id: doc.userId, created_at: doc.createdAt, createdAt: doc.createdAt,
    has_json_data: doc.dataExpiresAt !== null,
  };
}
