/**
 * Images (SPEC §7): public files by name, temporary previews and demo images, and the signed-in
 * user's list, deletion and statistics.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { renderMessages } from '@jsonable/contracts/render-api';
import { NotFoundError } from '@jsonable/domain/errors';
import { blobKeys } from '@jsonable/domain/images/filenames';
import { deleteImage } from '@jsonable/domain/images/images.handlers';
import { getImageByFilename, getOwnImage, listUserImages, toUserImage } from '@jsonable/read-models/images/images.queries';
import { userStatistics } from '@jsonable/read-models/statistics/statistics.queries';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { accountOf, principalOf, type Ctx } from '../render/shared';
import { checkedFilename, sendBlob } from './serve';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function imageRoutes(router: Router<AppState>, deps: AppDeps, session: Middleware<AppState>): void {
  const serveImage = async (ctx: Ctx) => {
    const filename = checkedFilename(ctx.params.filename);
    // A deleted image is gone even if removing its file failed; an image whose record the read
    // side has not seen yet (just rendered) is served from its file.
    const [doc] = await getImageByFilename(deps.readModels, filename);
    if (doc?.deleted) throw new NotFoundError(renderMessages.imageNotFound);
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

  router.get('/api/jsonable/user/images', session, async (ctx) => {
    const docs = await listUserImages(deps.readModels, principalOf(ctx).userId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = docs.map((doc) => toUserImage(doc, deps.config.publicUrl));
  });

  router.delete('/api/jsonable/user/images/:id', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const image = await getOwnImage(deps.readModels, userId, ctx.params.id!);
    if (!image) throw new NotFoundError(renderMessages.imageNotFound);
    const { position } = await deleteImage(deps, { imageId: image.id, userId, filename: image.filename, blobKey: image.blobKey });
    await deps.waitForProjections(position);
    ctx.body = { success: true };
  });

  router.get('/api/jsonable/user/stats', session, async (ctx) => {
    const user = await accountOf(deps, principalOf(ctx).userId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await userStatistics(deps.readModels, user, deps.clock.now());
  });
}
