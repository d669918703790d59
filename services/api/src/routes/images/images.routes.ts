/**
 * Images (SPEC §7): public files by name, temporary previews and demo images, and the signed-in
 * user's list, deletion and statistics.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { renderMessages } from '@jsonable/contracts/render-api';
import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { NotFoundError, PayloadTooLargeError } from '@jsonable/domain/errors';
import { blobKeys } from '@jsonable/domain/images/filenames';
import { changeImageAltText, deleteImage } from '@jsonable/domain/images/images.handlers';
import { updateImageRequestSchema } from '@jsonable/contracts/alt-text';
import {
  imageListQuerySchema,
  NO_PROJECT_FILTER,
  ZIP_MAX_BYTES,
  zipMessages,
  zipRequestSchema,
} from '@jsonable/contracts/lists';
import { projectMessages } from '@jsonable/contracts/projects';
import {
  countSelectedImages,
  getImageByFilename,
  getOwnImage,
  getOwnImages,
  pageUserImages,
  toUserImage,
  type ImageSelection,
} from '@jsonable/read-models/images/images.queries';
import { getOwnProject } from '@jsonable/read-models/projects/projects.queries';
import { userStatistics } from '@jsonable/read-models/statistics/statistics.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { answerPage } from '../paging';
import { parse } from '../parse';
import { accountOf, bodyOf, principalOf, type Ctx } from '../render/shared';
import { checkedFilename, sendBlob } from './serve';
import { sendTwin, TWIN_SUFFIX, type TwinKind } from './twins';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function imageRoutes(router: Router<AppState>, deps: AppDeps, session: Middleware<AppState>): void {
  const serveImage = async (ctx: Ctx) => {
    // `{file}.csv` and `{file}.html`: the image's data twins (issue #25).
    const raw = ctx.params.filename ?? '';
    const twin = TWIN_SUFFIX.exec(raw)?.[1] as TwinKind | undefined;
    const filename = checkedFilename(twin ? raw.slice(0, -twin.length - 1) : raw);
    // A deleted image is gone even if removing its file failed; an image whose record the read
    // side has not seen yet (just rendered) is served from its file.
    const [doc] = await getImageByFilename(deps.readModels, filename);
    if (doc?.deleted) throw new NotFoundError(renderMessages.imageNotFound);
    if (twin)
      return sendTwin(deps, ctx, {
        imageKey: blobKeys.image(filename),
        filename,
        kind: twin,
        altText: doc?.altText ?? null,
        cacheControl: IMMUTABLE,
        hasTwins: doc ? doc.hasTwins : null,
      });
    await sendBlob(deps, ctx, blobKeys.image(filename), filename, () => IMMUTABLE);
  };
  router.get('/api/images/:filename', serveImage);
  router.get('/api/jsonable/images/:filename', serveImage);

  /** Temporary files: cacheable until they expire, 404 afterwards (before the sweep removes them). */
  const serveExpiring = (keyOf: (filename: string) => string) => async (ctx: Ctx) => {
    const filename = checkedFilename(ctx.params.filename);
    const now = deps.clock.now().getTime();
    await sendBlob(deps, ctx, keyOf(filename), filename, (info) => {
      const expires = Date.parse(info.metadata.expiresAt ?? '');
      if (!Number.isFinite(expires) || expires <= now) return null;
      return `public, max-age=${Math.floor((expires - now) / 1000)}`;
    });
  };
  router.get('/api/previews/:filename', serveExpiring(blobKeys.preview));
  router.get('/api/jsonable/previews/:filename', serveExpiring(blobKeys.preview));
  router.get('/api/demo/images/:filename', serveExpiring(blobKeys.demo));

  /**
   * A page of the user's live images, newest first, filtered by the query (issue #30): `limit`,
   * `cursor`, `projectId`, `format`, `from`, `to`, `q`. A project given by the path or the query
   * must be one of the user's live projects (404 otherwise, like everywhere else).
   */
  const listImages = (projectIdOf: (ctx: Ctx) => string | undefined) => async (ctx: Ctx) => {
    const { userId } = principalOf(ctx);
    const query = parse(imageListQuerySchema, ctx.query);
    const named = projectIdOf(ctx) ?? query.projectId;
    // `projectId=none`: the images without a project (the dashboard's own group).
    const projectId = named === NO_PROJECT_FILTER && !projectIdOf(ctx) ? null : named;
    if (typeof projectId === 'string' && !(await getOwnProject(deps.readModels, userId, projectId))) {
      throw new NotFoundError(projectMessages.notFound);
    }
    const selection: ImageSelection = {
      userId,
      projectId,
      format: query.format,
      from: query.from,
      to: query.to,
      q: query.q ? query.q.toLowerCase() : undefined,
    };
    const scope = [
      'images',
      userId,
      projectId ?? null,
      query.format ?? null,
      query.from ?? null,
      query.to ?? null,
      selection.q ?? null,
    ];
    const page = await answerPage(
      ctx,
      deps,
      query,
      scope,
      (p) => pageUserImages(deps.readModels, selection, p),
      () => countSelectedImages(deps.readModels, selection),
    );
    ctx.body = page.images.map((doc) => toUserImage(doc, deps.config.publicUrl));
  };
  router.get(
    '/api/jsonable/user/images',
    session,
    listImages(() => undefined),
  );
  router.get(
    '/api/jsonable/projects/:id/images',
    session,
    listImages((ctx) => ctx.params.id!),
  );

  /**
   * "Download selected as ZIP": the user's own live images by id, streamed as one archive while
   * the files are read. Checked before the first byte (so a refusal is a clean 4xx): every id must
   * be one of the user's live images (404 naming how many are not) and the files must fit the
   * bounds (ZIP_MAX_IMAGES, ZIP_MAX_BYTES: 413). PNG, JPEG and PDF are already compressed and are
   * stored as they are; SVG is deflated.
   */
  router.post('/api/jsonable/user/images/zip', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const { ids } = parse(zipRequestSchema, bodyOf(ctx) ?? {});
    const unique = [...new Set(ids)];
    const images = await getOwnImages(deps.readModels, userId, unique);
    if (images.length !== unique.length) throw new NotFoundError(zipMessages.missing(unique.length - images.length));
    const bytes = images.reduce((sum, image) => sum + image.size, 0);
    if (bytes > ZIP_MAX_BYTES) throw new PayloadTooLargeError(zipMessages.tooLarge(bytes));
    // Newest first, as the lists show them; file names are unique (they carry a random part).
    images.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    const archive = new ZipArchive({ zlib: { level: 6 } });
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="jsonable-images-${deps.clock.now().toISOString().slice(0, 10)}.zip"`,
    );
    ctx.type = 'application/zip';
    const body = new PassThrough();
    archive.on('error', (error: Error) => body.destroy(error));
    archive.pipe(body);
    ctx.body = body;
    void (async () => {
      try {
        for (const image of images) {
          const blob = await deps.blobs.get(image.blobKey);
          // A file missing behind a live record is skipped rather than failing the whole archive.
          if (!blob) continue;
          const done = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
          archive.append(blob.stream as Readable, {
            name: image.filename,
            date: new Date(image.createdAt),
            store: image.format !== 'svg',
          });
          // One file open at a time: memory stays at one file's buffers whatever the selection.
          await done;
        }
        await archive.finalize();
      } catch (error) {
        archive.abort();
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    })();
  });

  /** The owner rewrites an image's alt text (issue #25). */
  router.patch('/api/jsonable/user/images/:id', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const image = await getOwnImage(deps.readModels, userId, ctx.params.id!);
    if (!image) throw new NotFoundError(renderMessages.imageNotFound);
    const { altText } = parse(updateImageRequestSchema, bodyOf(ctx) ?? {});
    const { position } = await changeImageAltText(deps, {
      imageId: image.id,
      userId,
      altText,
      current: image.altText ?? null,
    });
    await deps.waitForProjections(position);
    const updated = await getOwnImage(deps.readModels, userId, image.id);
    if (!updated) throw new NotFoundError(renderMessages.imageNotFound);
    ctx.body = toUserImage(updated, deps.config.publicUrl);
  });

  router.delete('/api/jsonable/user/images/:id', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const image = await getOwnImage(deps.readModels, userId, ctx.params.id!);
    if (!image) throw new NotFoundError(renderMessages.imageNotFound);
    const { position } = await deleteImage(deps, {
      imageId: image.id,
      userId,
      filename: image.filename,
      blobKey: image.blobKey,
    });
    await deps.waitForProjections(position);
    ctx.body = { success: true };
  });

  router.get('/api/jsonable/user/stats', session, async (ctx) => {
    const user = await accountOf(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await userStatistics(deps.readModels, user, deps.clock.now());
  });
}
