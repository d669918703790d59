/**
 * The rendering routes (SPEC §7):
 * - POST /api/jsonable/table-to-image, /api/table-to-image (API key): stored, counted.
 * - POST …/table-to-image/preview (API key): temporary previewUrl + expiresAt; not counted.
 * - POST /api/jsonable/json-to-png (session): stored, counted; the dashboard's Add Example too.
 * - POST /api/jsonable/json-to-png/preview (session): the image bytes; nothing stored or counted.
 * - POST /api/jsonable/p/{endpoint}: a project's own endpoint; its key optional unless required.
 * - POST /api/demo/generate-image: the landing page's demo; no account, expiring image.
 * Previews and the demo are rate-limited instead of counted. Every one of them renders through
 * the one RenderService; its input's `keep` says counted, temporary (preview, demo) or neither.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  renderMessages,
  type DemoResponse,
  type GenerateResponse,
  type PreviewResponse,
  type ProjectEndpointResponse,
  type SaveImageResponse,
} from '@jsonable/contracts/render-api';
import { PROJECT_ENDPOINT_PREFIX } from '@jsonable/contracts/projects';
import { publicUrls } from '@jsonable/contracts/public-urls';
import { NotFoundError, UnauthorizedError } from '@jsonable/domain/errors';
import type { RenderService } from '@jsonable/domain/usage/render-table';
import { getProjectByEndpoint } from '@jsonable/read-models/projects/projects.queries';
import type { AppDeps } from '../../deps';
import { loadAccount } from '../../middleware/auth';
import { readBody } from '../../middleware/body';
import type { AppState } from '../../module';
import { imageSummaryOf, imagesOf, metadataOf, warningsOf } from './answers';
import { countedRender, ownProject, tableRequestOf, type CountedRender } from './render-flow';
import { accountLane, accountOf, ipLane, idempotencyKeyOf, principalOf, type Ctx } from './shared';

export interface RenderGuards {
  session: Middleware<AppState>;
  apiKey: Middleware<AppState>;
  /** Per key (or per user for sessions): bursts of counted renders. */
  renderRate: Middleware<AppState>;
  /** Previews are not counted, so they are limited more tightly. */
  previewRate: Middleware<AppState>;
  /** Per client IP. */
  demoRate: Middleware<AppState>;
  /** Per project endpoint. */
  endpointRate: Middleware<AppState>;
  /** Resolves an optional key on the project endpoint: whose key it is, or null when none was sent. */
  resolveKey(ctx: Ctx): Promise<{ userId: string; projectId?: string | undefined } | null>;
}

export function renderRoutes(
  router: Router<AppState>,
  deps: AppDeps,
  service: RenderService,
  guards: RenderGuards,
): void {
  const urls = publicUrls(deps.config.publicUrl);
  // Tables are the large bodies: read only once the caller passed its key and rate limit.
  const readTable = readBody(deps.config.bodyLimitBytes);

  /**
   * A counted render of the request's table for `counted.account` (queued in that account's lane,
   * bound to the request's Idempotency-Key); an answer replayed for the key says so in a header.
   */
  const renderCounted = async (
    ctx: Ctx,
    table: ReturnType<typeof tableRequestOf>,
    counted: Pick<CountedRender, 'account' | 'project' | 'source' | 'route'>,
  ) => {
    const result = await service.render(
      countedRender({
        ...counted,
        ...table,
        idempotencyKey: idempotencyKeyOf(ctx),
        lane: accountLane(counted.account.id),
      }),
    );
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    return result;
  };

  // ── API key: generate and preview (and their legacy aliases) ─────────────────────────
  const generate = (route: string) => async (ctx: Ctx) => {
    const principal = principalOf(ctx);
    const table = tableRequestOf(ctx);
    const project = await ownProject(deps, principal.userId, principal.projectId ?? table.request.projectId ?? null);
    const result = await renderCounted(ctx, table, {
      account: await accountOf(ctx),
      project,
      source: 'api_key',
      route,
    });
    const { image } = result;
    const summary = imageSummaryOf(image, urls);
    ctx.body = {
      success: true,
      imageUrl: summary.url,
      url: summary.url,
      metadata: metadataOf(image),
      image: summary,
      altText: summary.altText,
      ...imagesOf(result, urls),
      ...warningsOf(result),
    } satisfies GenerateResponse;
  };
  const preview = async (ctx: Ctx) => {
    const principal = principalOf(ctx);
    const { request } = tableRequestOf(ctx);
    const project = await ownProject(deps, principal.userId, principal.projectId ?? request.projectId ?? null);
    const temp = await service.render({
      keep: 'preview',
      request,
      projectStyles: project?.defaultStyles ?? null,
      lane: accountLane(principal.userId),
    });
    ctx.body = {
      success: true,
      previewUrl: urls.preview(temp.filename),
      expiresAt: temp.expiresAt.toISOString(),
      ...warningsOf(temp.output),
    } satisfies PreviewResponse;
  };
  for (const base of ['/api/jsonable/table-to-image', '/api/table-to-image']) {
    router.post(`${base}/preview`, guards.apiKey, guards.previewRate, readTable, preview);
    router.post(base, guards.apiKey, guards.renderRate, readTable, generate(base));
  }

  // ── session: the create-image screen and the dashboard ──────────────────────────────
  router.post('/api/jsonable/json-to-png/preview', guards.session, guards.previewRate, readTable, async (ctx) => {
    const principal = principalOf(ctx);
    const { request } = tableRequestOf(ctx);
    const project = await ownProject(deps, principal.userId, request.projectId ?? null);
    const output = await service.render({
      keep: 'none',
      request,
      projectStyles: project?.defaultStyles ?? null,
      lane: accountLane(principal.userId),
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // The body is the image: what the render left out travels in a header (percent-encoded).
    if (output.warnings.length > 0) ctx.set('X-Render-Warnings', encodeURIComponent(output.warnings.join('\n')));
    if (output.format === 'svg') ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = output.contentType;
    ctx.body = Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength);
  });

  router.post('/api/jsonable/json-to-png', guards.session, guards.renderRate, readTable, async (ctx) => {
    const principal = principalOf(ctx);
    const table = tableRequestOf(ctx);
    const project = await ownProject(deps, principal.userId, table.request.projectId ?? null);
    const result = await renderCounted(ctx, table, {
      account: await accountOf(ctx),
      project,
      source: 'session',
      route: '/api/jsonable/json-to-png',
    });
    const { image, position } = result;
    // The dashboard refetches its image list right after; let it see this image.
    await deps.waitForProjections(position);
    ctx.body = {
      success: true,
      image: imageSummaryOf(image, urls),
      ...imagesOf(result, urls),
      ...warningsOf(result),
    } satisfies SaveImageResponse;
  });

  // ── a project's own endpoint ───────────────────────────────────────────────────────
  router.post('/api/jsonable/p/:endpoint', guards.endpointRate, readTable, async (ctx) => {
    const project = await getProjectByEndpoint(deps.readModels, `${PROJECT_ENDPOINT_PREFIX}${ctx.params.endpoint}`);
    if (!project) throw new NotFoundError('Project endpoint not found');
    const key = await guards.resolveKey(ctx);
    if (key) {
      const fits = key.projectId ? key.projectId === project.id : key.userId === project.userId;
      if (!fits) throw new UnauthorizedError(renderMessages.invalidProjectKey);
    } else if (project.settings.requireKey) {
      throw new UnauthorizedError(renderMessages.keyRequired);
    }
    const result = await renderCounted(ctx, tableRequestOf(ctx), {
      // The render counts for the project's owner, whoever sent it.
      account: await loadAccount(deps, project.userId),
      project,
      source: 'project_endpoint',
      route: project.endpointPath,
    });
    const { image } = result;
    const summary = imageSummaryOf(image, urls);
    ctx.body = {
      success: true,
      image: summary,
      ...summary,
      image_url: summary.url,
      userId: project.userId,
      projectId: project.id,
      ...imagesOf(result, urls),
      ...warningsOf(result),
    } satisfies ProjectEndpointResponse;
  });

  // ── the landing page's demo ────────────────────────────────────────────────────────
  router.post('/api/demo/generate-image', guards.demoRate, readTable, async (ctx) => {
    const temp = await service.render({
      keep: 'demo',
      request: tableRequestOf(ctx).request,
      projectStyles: null,
      lane: ipLane(ctx, deps.config.trustProxy),
    });
    ctx.body = {
      success: true,
      url: urls.demo(temp.filename),
      expiresAt: temp.expiresAt.toISOString(),
      ...warningsOf(temp.output),
    } satisfies DemoResponse;
  });
}
