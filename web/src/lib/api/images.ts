/**
 * The user's images (SPEC §3, §7). The public URL is presented as /api/images/{last segment of
 * the stored public URL}, so it works on whatever host serves the app.
 */
import { mutate } from 'swr';
import {
  deleteImageResponseSchema,
  saveImageResponseSchema,
  userImageSchema,
  type UserImage,
} from '@jsonable/contracts/render-api';
import { api } from '../api-client';
import { ACCOUNT_KEY, IMAGES_KEY, STATISTICS_KEY } from './keys';
import { imageListsChanged } from './image-list-events';
import { refreshProjectLists } from './projects';

export interface TableImage {
  id: string;
  filename: string;
  /** Site-relative public URL: /api/images/{file}. */
  url: string;
  title: string | null;
  createdAt: string | null;
  projectId: string | null;
  /** Generated from the data drawn, or rewritten by the owner (issue #25); null on older images. */
  altText: string | null;
  /** The image has CSV and HTML data twins (false for images rendered before they existed). */
  hasTwins: boolean;
}

export function presentedImageUrl(stored: string | null | undefined, filename: string): string {
  const last = (stored ?? '').split('?')[0]?.split('/').filter(Boolean).pop();
  return `/api/images/${encodeURIComponent(last || filename)}`;
}

export function toTableImage(raw: UserImage): TableImage {
  return {
    id: raw.id,
    filename: raw.filename,
    url: presentedImageUrl(raw.public_url || raw.url, raw.filename),
    title: raw.title,
    createdAt: raw.created_at,
    projectId: raw.project_id,
    altText: raw.altText,
    hasTwins: raw.twins !== null,
  };
}

/**
 * Refetches every image list (each project's pages, the loose images', whatever the filters: their
 * keys all hold `/images`) and what counts images: account, statistics, projects.
 */
export async function refreshAfterRender(): Promise<void> {
  await Promise.all([imageListsChanged(), mutate(ACCOUNT_KEY), mutate(STATISTICS_KEY), refreshProjectLists()]);
}

/** Rewrites the image's alt text; answers the text as stored (trimmed). */
export async function updateAltText(imageId: string, altText: string): Promise<string | null> {
  const image = await api.patch(`${IMAGES_KEY}/${encodeURIComponent(imageId)}`, { altText }, userImageSchema);
  await imageListsChanged();
  return image.altText;
}

export async function deleteImage(imageId: string): Promise<void> {
  await api.delete(`${IMAGES_KEY}/${encodeURIComponent(imageId)}`, deleteImageResponseSchema);
  await refreshAfterRender();
}

/** The dashboard's Add Example Image: a small real table rendered into the project (SPEC §7). */
export async function addExampleImage(projectId: string, title: string): Promise<void> {
  await api.post(
    `/api/jsonable/json-to-png?projectId=${encodeURIComponent(projectId)}`,
    {
      title,
      headers: ['Region', 'Orders', 'Revenue', 'Growth'],
      data: [
        ['North', 1284, '$48,120', '+12%'],
        ['South', 962, '$35,870', '+8%'],
        ['East', 1530, '$61,400', '+17%'],
        ['West', 1107, '$42,930', '+5%'],
      ],
      options: { projectId },
      projectId,
    },
    saveImageResponseSchema,
  );
  await refreshAfterRender();
}
