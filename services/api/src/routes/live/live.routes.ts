/**
 * Living images (issue #25): the API that writes and lists them (a project key, a user key with
 * projectId, or the dashboard's session with projectId), and the public URLs that serve them.
 * Another user's project or name is a 404 like everywhere else.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  LIVE_MAX_AGE_SECONDS,
  LIVE_NAME_PATTERN,
  liveMessages,
  rollbackLiveImageRequestSchema,
  type PutLiveImageResponse,
} from '@jsonable/contracts/live';
import { updateImageRequestSchema } from '@jsonable/contracts/alt-text';
import { extensionOf } from '@jsonable/contracts/formats';
import { PROJECT_ENDPOINT_PREFIX } from '@jsonable/contracts/projects';
import { publicUrls } from '@jsonable/contracts/public-urls';
import { projectIdFrom } from '@jsonable/contracts/table-request';
import { NotFoundError, ValidationError } from '@jsonable/domain/errors';
import type { LiveExpectation } from '@jsonable/domain/live/live.decider';
import {
  changeLiveAltText,
  deleteLiveImage,
  putLiveVersion,
  rollBackLiveImage,
} from '@jsonable/domain/live/live.handlers';
import type { RenderService } from '@jsonable/domain/usage/render-table';
import {
  getLiveImageDoc,
  getServedLiveImage,
  pageCountOf,
  pageOf,
  projectLiveImages,
  toLiveImage,
  versionOf,
  type LiveImageDoc,
  type LiveVersionDoc,
} from '@jsonable/read-models/live/live-images.queries';
import type { ProjectDoc } from '@jsonable/read-models/projects/projects.queries';
import type { AppDeps } from '../../deps';
import { readBody } from '../../middleware/body';
import type { AppState, Principal } from '../../module';
import { fileEtag, matchesEtag, sendBlob } from '../images/serve';
import { sendTwin } from '../images/twins';
import { parseTableRequest } from '@jsonable/render/request';
import { metadataOf, warningsOf } from '../render/answers';
import { countedRender, ownProject } from '../render/render-flow';
import { parse } from '../parse';
import { accountLane, accountOf, bodyOf, principalOf, tableBodyOf, type Ctx } from '../render/shared';

export interface LiveGuards {
  /** An API key when one is sent, else the session. */
  auth: Middleware<AppState>;
  renderRate: Middleware<AppState>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = `public, max-age=${LIVE_MAX_AGE_SECONDS}, must-revalidate`;
const ENDPOINT_SLUG = /^[A-Za-z0-9_-]{1,200}$/;
const LATEST_FILE = /^([a-z0-9-]{1,64})\.(png|jpg|jpeg|webp|avif|svg|pdf|csv|html)$/;
const VERSION_FILE = /^([1-9][0-9]{0,8})\.(png|jpg|jpeg|webp|avif|svg|pdf|csv|html)$/;
const VERSION_NUMBER = /^[1-9][0-9]{0,8}$/;
/** Page i of a split version: {i}.{ext} (at most MAX_SPLIT_IMAGES pages, so a few digits). */
const PAGE_FILE = /^([1-9][0-9]{0,2})\.(png|jpg|jpeg|webp|avif|svg|pdf|csv|html)$/;

export function checkedLiveName(raw: string | undefined): string {
  if (!raw || !LIVE_NAME_PATTERN.test(raw)) throw new ValidationError(liveMessages.invalidName);
  return raw;
}

/** If-Match of a PUT: `"3"`, `3`, `W/"3"` or `*`; absent: no condition. */
export function expectationOf(header: string): LiveExpectation {
  const value = header.trim();
  if (value === '') return null;
  if (value === '*') return '*';
  const match = /^(?:W\/)?"?([1-9][0-9]{0,8})"?$/.exec(value);
  if (!match?.[1]) throw new ValidationError(liveMessages.invalidIfMatch);
  return Number(match[1]);
}

/** The project a call works on: the project key's own, or `projectId` (one of the caller's projects). */
async function projectOf(deps: AppDeps, ctx: Ctx, principal: Principal): Promise<ProjectDoc> {
  const named = projectIdFrom(ctx.query.projectId) ?? null;
  if (principal.projectId && named !== null && named !== principal.projectId)
    throw new NotFoundError(liveMessages.notFound);
  const project = await ownProject(deps, principal.userId, principal.projectId ?? named);
  if (!project) throw new ValidationError(liveMessages.projectRequired);
  return project;
}

export function liveRoutes(router: Router<AppState>, deps: AppDeps, service: RenderService, guards: LiveGuards): void {
  const readTable = readBody(deps.config.bodyLimitBytes);
  const view = (doc: LiveImageDoc) => toLiveImage(doc, deps.config.publicUrl);

  async function ownLive(ctx: Ctx): Promise<{ project: ProjectDoc; name: string; doc: LiveImageDoc }> {
    const name = checkedLiveName(ctx.params.name);
    const project = await projectOf(deps, ctx, principalOf(ctx));
    const doc = await getServedLiveImage(deps.readModels, project.endpointPath, name);
    if (!doc) throw new NotFoundError(liveMessages.notFound);
    return { project, name, doc };
  }

  router.put('/api/jsonable/live/:name', guards.auth, guards.renderRate, readTable, async (ctx) => {
    const name = checkedLiveName(ctx.params.name);
    const principal = principalOf(ctx);
    const project = await projectOf(deps, ctx, principal);
    const expected = expectationOf(ctx.get('If-Match'));
    const body = tableBodyOf(ctx);
    const live = { projectId: project.id, name };
    const result = await putLiveVersion(deps, {
      ...live,
      userId: principal.userId,
      endpointPath: project.endpointPath,
      expected,
      by: principal.via,
      render: async (admit) =>
        service.render(
          countedRender({
            account: await accountOf(ctx),
            project,
            source: principal.via === 'session' ? 'session' : 'api_key',
            route: `/api/jsonable/live/${name}`,
            // Parsed here, after If-Match was checked, as before. A split version is all its pages.
            request: parseTableRequest(body),
            body,
            // A PUT is made safe to retry by If-Match, not by Idempotency-Key.
            idempotencyKey: null,
            live,
            lane: accountLane(principal.userId),
            admit,
          }),
        ),
    });
    await deps.waitForProjections(result.position);
    // Rendered and counted: answered as such even when the project (and with it this living
    // image) was deleted right after the version was recorded; its URLs then answer 404.
    const doc = await getLiveImageDoc(deps.readModels, project.endpointPath, name);
    if (!doc) throw new NotFoundError(liveMessages.notFound);
    const { image, images } = result.rendered;
    const urls = publicUrls(deps.config.publicUrl).live(doc);
    const version = { version: result.version, format: image.format };
    ctx.status = result.created ? 201 : 200;
    ctx.body = {
      success: true,
      url: urls.latest(image.format),
      versionUrl: urls.version({ version: result.version, format: image.format }),
      version: result.version,
      created: result.created,
      metadata: metadataOf(image),
      liveImage: view(doc),
      ...(images && images.length > 1
        ? {
            pages: images.map((page, i) => ({
              page: i + 1,
              url: urls.latestPage(page.format, i + 1),
              versionUrl: urls.versionPage(version, i + 1),
              width: page.width,
              height: page.height,
              size: page.size,
            })),
          }
        : {}),
      ...warningsOf(result.rendered),
    } satisfies PutLiveImageResponse;
  });

  router.get('/api/jsonable/live', guards.auth, async (ctx) => {
    const project = await projectOf(deps, ctx, principalOf(ctx));
    const docs = await projectLiveImages(deps.readModels, project.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = docs.filter((d) => d.currentVersion !== null).map(view);
  });

  router.get('/api/jsonable/live/:name', guards.auth, async (ctx) => {
    const { doc } = await ownLive(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = view(doc);
  });

  router.post('/api/jsonable/live/:name/rollback', guards.auth, async (ctx) => {
    const { project, name } = await ownLive(ctx);
    const { version } = parse(rollbackLiveImageRequestSchema, bodyOf(ctx) ?? {});
    const result = await rollBackLiveImage(deps, { projectId: project.id, name, version });
    await deps.waitForProjections(result.position);
    const doc = await getServedLiveImage(deps.readModels, project.endpointPath, name);
    if (!doc) throw new NotFoundError(liveMessages.notFound);
    const live = view(doc);
    ctx.body = { success: true, url: live.url, version: result.version, liveImage: live };
  });

  /** The owner rewrites one version's alt text (as PATCH /user/images/{id} does for other images). */
  router.patch('/api/jsonable/live/:name/versions/:version', guards.auth, async (ctx) => {
    const { project, name, doc } = await ownLive(ctx);
    const number = VERSION_NUMBER.test(ctx.params.version ?? '') ? Number(ctx.params.version) : null;
    const version = number === null ? null : versionOf(doc, number);
    if (!version) throw new NotFoundError(liveMessages.versionNotFound(number ?? 0));
    const { altText } = parse(updateImageRequestSchema, bodyOf(ctx) ?? {});
    const { position } = await changeLiveAltText(deps, {
      projectId: project.id,
      name,
      version: version.version,
      altText,
      current: version.altText ?? null,
    });
    await deps.waitForProjections(position);
    const updated = await getServedLiveImage(deps.readModels, project.endpointPath, name);
    if (!updated) throw new NotFoundError(liveMessages.notFound);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = view(updated);
  });

  router.delete('/api/jsonable/live/:name', guards.auth, async (ctx) => {
    const { project, name } = await ownLive(ctx);
    const { position } = await deleteLiveImage(deps, { projectId: project.id, name });
    await deps.waitForProjections(position);
    ctx.body = { success: true };
  });

  // ── public files ───────────────────────────────────────────────────────────────────
  async function served(
    ctx: Ctx,
    file: RegExp,
    param: string | undefined,
    name: string | undefined,
  ): Promise<{ doc: LiveImageDoc; match: RegExpExecArray }> {
    const endpoint = ctx.params.endpoint;
    const match = param === undefined ? null : file.exec(param);
    const liveName = name ?? match?.[1];
    if (!endpoint || !ENDPOINT_SLUG.test(endpoint) || !match || !liveName || !LIVE_NAME_PATTERN.test(liveName))
      throw new NotFoundError(liveMessages.notFound);
    const doc = await getServedLiveImage(deps.readModels, `${PROJECT_ENDPOINT_PREFIX}${endpoint}`, liveName);
    if (!doc) throw new NotFoundError(liveMessages.notFound);
    return { doc, match };
  }

  async function send(
    ctx: Ctx,
    version: LiveVersionDoc,
    extension: string | undefined,
    cacheControl: string,
  ): Promise<void> {
    if (extension === 'csv' || extension === 'html') {
      return sendTwin(deps, ctx, {
        imageKey: version.blobKey,
        filename: version.filename,
        kind: extension,
        altText: version.altText ?? null,
        cacheControl,
        hasTwins: version.hasTwins,
      });
    }
    const wanted = extension === 'jpeg' ? 'jpg' : extension;
    if (wanted !== extensionOf(version.format)) throw new NotFoundError(liveMessages.wrongFormat(version.format));
    // The version's ETag is known from the read model: a revalidation never opens the file.
    const etag = fileEtag(version.filename, version.size);
    if (matchesEtag(ctx, etag)) {
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', cacheControl);
      ctx.status = 304;
      return;
    }
    await sendBlob(deps, ctx, version.blobKey, version.filename, () => cacheControl);
  }

  router.get('/live/:endpoint/:file', async (ctx) => {
    const { doc, match } = await served(ctx, LATEST_FILE, ctx.params.file, undefined);
    const current = versionOf(doc, doc.currentVersion);
    if (!current) throw new NotFoundError(liveMessages.notFound);
    await send(ctx, current, match[2], REVALIDATE);
  });

  router.get('/live/:endpoint/:name/v/:file', async (ctx) => {
    const { doc, match } = await served(ctx, VERSION_FILE, ctx.params.file, ctx.params.name);
    const version = versionOf(doc, Number(match[1]));
    if (!version) throw new NotFoundError(liveMessages.versionNotFound(Number(match[1])));
    await send(ctx, version, match[2], IMMUTABLE);
  });

  /** Page i of a split version (page 1 is what the URL without /p/ serves). */
  function pageFile(version: LiveVersionDoc, page: number): LiveVersionDoc {
    const file = pageOf(version, page);
    if (!file) throw new NotFoundError(liveMessages.pageNotFound(page, pageCountOf(version)));
    return file;
  }

  router.get('/live/:endpoint/:name/p/:file', async (ctx) => {
    const { doc, match } = await served(ctx, PAGE_FILE, ctx.params.file, ctx.params.name);
    const current = versionOf(doc, doc.currentVersion);
    if (!current) throw new NotFoundError(liveMessages.notFound);
    await send(ctx, pageFile(current, Number(match[1])), match[2], REVALIDATE);
  });

  router.get('/live/:endpoint/:name/v/:version/p/:file', async (ctx) => {
    const { doc, match } = await served(ctx, PAGE_FILE, ctx.params.file, ctx.params.name);
    const number = VERSION_NUMBER.test(ctx.params.version ?? '') ? Number(ctx.params.version) : null;
    const version = number === null ? null : versionOf(doc, number);
    if (!version) throw new NotFoundError(liveMessages.versionNotFound(number ?? 0));
    await send(ctx, pageFile(version, Number(match[1])), match[2], IMMUTABLE);
  });
}
