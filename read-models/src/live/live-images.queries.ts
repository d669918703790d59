import { twinsOf } from '@jsonable/contracts/formats';
import type { LiveImage, LiveVersion } from '@jsonable/contracts/live';
import { publicUrls } from '@jsonable/contracts/public-urls';
import type { ReadModels } from '../projection';
import { LIVE_IMAGES, liveImageDocId, type LiveImageDoc, type LiveVersionDoc } from './live-images.projection';

export type { LiveImageDoc, LiveVersionDoc } from './live-images.projection';

/** The document of a project's living image name, deleted or not (null: never created). */
export async function getLiveImageDoc(
  readModels: ReadModels,
  endpointPath: string,
  name: string,
): Promise<LiveImageDoc | null> {
  return readModels.get<LiveImageDoc>(LIVE_IMAGES, liveImageDocId(endpointPath, name));
}

/** The living image served at /live/{slug}/{name}…, or null (unknown, deleted, or with no version). */
export async function getServedLiveImage(
  readModels: ReadModels,
  endpointPath: string,
  name: string,
): Promise<LiveImageDoc | null> {
  const doc = await getLiveImageDoc(readModels, endpointPath, name);
  return doc && !doc.deleted && doc.currentVersion !== null ? doc : null;
}

export function versionOf(doc: LiveImageDoc, version: number | null): LiveVersionDoc | null {
  return version === null ? null : (doc.versions.find((v) => v.version === version) ?? null);
}

/** How many images a version is (a split version's pages; else 1). */
export const pageCountOf = (version: LiveVersionDoc): number => 1 + (version.pages?.length ?? 0);

/**
 * Page `page` (1-based) of a version as a file to serve: page 1 is the version itself, a later page
 * its own file, size, rows and alt text; null past the version's last page.
 */
export function pageOf(version: LiveVersionDoc, page: number): LiveVersionDoc | null {
  if (page === 1) return version;
  const p = version.pages?.[page - 2];
  if (!p) return null;
  const { version: n, by, createdAt, format, contentType, columns, title } = version;
  const { imageId, filename, blobKey, width, height, size, rows } = p;
  return {
    ...{ version: n, by, createdAt, format, contentType, columns, title, hasTwins: version.hasTwins },
    ...{ imageId, filename, blobKey, width, height, size, rows },
    ...(p.altText ? { altText: p.altText } : {}),
  };
}

/** A project's living images, most recently updated first. */
export async function projectLiveImages(readModels: ReadModels, projectId: string): Promise<LiveImageDoc[]> {
  return readModels.find<LiveImageDoc>(
    LIVE_IMAGES,
    { listProjectId: projectId },
    {
      sort: [
        ['updatedAt', -1],
        ['id', 1],
      ],
    },
  );
}

/** The names a project ever gave its living images (deleted ones and those of a deleted project too). */
export async function projectLiveImageNames(readModels: ReadModels, projectId: string): Promise<string[]> {
  const docs = await readModels.find<LiveImageDoc>(LIVE_IMAGES, { projectId });
  return docs.map((d) => d.name);
}

/** Living images with a version rendered before `before` that the retention could purge. */
export async function liveImagesToPurge(
  readModels: ReadModels,
  before: string,
  limit: number,
): Promise<LiveImageDoc[]> {
  return readModels.find<LiveImageDoc>(
    LIVE_IMAGES,
    { purgeableFrom: { $lt: before } },
    { sort: [['purgeableFrom', 1]], limit },
  );
}

/** The API's view of a living image (only live ones with a current version reach this). */
export function toLiveImage(doc: LiveImageDoc, publicUrl: string): LiveImage {
  const urls = publicUrls(publicUrl).live(doc);
  const current = versionOf(doc, doc.currentVersion) ?? doc.versions[doc.versions.length - 1];
  const versions: LiveVersion[] = [...doc.versions].reverse().map((v) => ({
    version: v.version,
    url: urls.version(v),
    format: v.format,
    width: v.width,
    height: v.height,
    size: v.size,
    rows: v.rows,
    columns: v.columns,
    title: v.title,
    by: v.by,
    createdAt: v.createdAt,
    altText: v.altText ?? null,
    twins: twinsOf(urls.version(v), v.hasTwins, true),
    ...(v.pages && v.pages.length > 0
      ? {
          pages: Array.from({ length: pageCountOf(v) }, (_, i) => {
            const page = pageOf(v, i + 1)!;
            return {
              page: i + 1,
              url: urls.versionPage(v, i + 1),
              width: page.width,
              height: page.height,
              size: page.size,
              rows: page.rows,
              altText: page.altText ?? null,
            };
          }),
        }
      : {}),
  }));
  return {
    id: doc.liveImageId,
    name: doc.name,
    projectId: doc.projectId,
    url: urls.latest(current?.format ?? 'png'),
    currentVersion: doc.currentVersion ?? doc.latestVersion,
    latestVersion: doc.latestVersion,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    versions,
  };
}

/** Living images with ended versions whose files are not yet recorded as removed, by id after `after`. */
export async function liveImagesWithFilesPending(
  readModels: ReadModels,
  limit: number,
  after: string | null,
): Promise<LiveImageDoc[]> {
  return readModels.find<LiveImageDoc>(
    LIVE_IMAGES,
    { filesPending: true },
    { sort: [['id', 1]], limit, ...(after === null ? {} : { after: [after] }) },
  );
}
