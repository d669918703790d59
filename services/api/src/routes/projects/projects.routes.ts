/**
 * Projects (SPEC §7): list, create, rename/settings, delete, regenerate the key, default styles.
 * Someone else's project answers 404 like a missing one. Mutations answer once the read models
 * show the change (read-your-writes), so the dashboard's refetch sees it.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { createProjectRequestSchema, projectMessages, updateProjectRequestSchema } from '@jsonable/contracts/projects';
import { stylesSchema } from '@jsonable/contracts/table';
import { NotFoundError } from '@jsonable/domain/errors';
import {
  createProject,
  deleteProject,
  regenerateProjectKey,
  saveProjectStyles,
  updateProject,
} from '@jsonable/domain/projects/projects.handlers';
import { deleteProjectLiveImages } from '@jsonable/domain/live/live.handlers';
import { projectLiveImageNames } from '@jsonable/read-models/live/live-images.queries';
import { PROJECTS } from '@jsonable/read-models/projects/projects.projection';
import {
  countActiveProjects,
  countProjectImages,
  getProjectView,
  pageProjects,
  type ProjectDoc,
} from '@jsonable/read-models/projects/projects.queries';
import { pageQuerySchema } from '@jsonable/contracts/lists';
import { answerPage } from '../paging';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { parse } from '../parse';
import { accountOf, bodyOf, principalOf, type Ctx } from '../render/shared';

/** PATCH …/styles takes the styles object itself, or `{ styles: {…} }`. */
function stylesBody(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'styles') return (body as { styles: unknown }).styles;
  }
  return body;
}

const stylesObjectSchema = z
  .record(z.string(), z.unknown(), { error: 'Styles must be a JSON object' })
  .pipe(stylesSchema);

export function projectRoutes(router: Router<AppState>, deps: AppDeps, session: Middleware<AppState>): void {
  const view = async (ctx: Ctx, projectId: string) => {
    const project = await getProjectView(deps.readModels, principalOf(ctx).userId, projectId);
    if (!project) throw new NotFoundError(projectMessages.notFound);
    return project;
  };
  /** A page of the user's live projects, oldest first (issue #30: `limit`, `cursor`). */
  const list = async (ctx: Ctx) => {
    const { userId } = principalOf(ctx);
    const page = await answerPage(
      ctx,
      deps,
      parse(pageQuerySchema, ctx.query),
      ['projects', userId],
      (p) => pageProjects(deps.readModels, userId, p),
      () => countActiveProjects(deps.readModels, userId),
    );
    ctx.body = page.projects;
  };

  router.get('/api/jsonable/projects', session, list);
  router.get('/api/projects', session, list);

  router.get('/api/jsonable/projects/:id', session, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await view(ctx, ctx.params.id!);
  });

  router.post('/api/jsonable/projects', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const input = parse(createProjectRequestSchema, bodyOf(ctx) ?? {});
    const [user, active] = await Promise.all([
      accountOf(ctx),
      deps.readModels.find<ProjectDoc>(PROJECTS, { userId, isActive: true }),
    ]);
    const created = await createProject(deps, {
      userId,
      name: input.name,
      description: input.description,
      endpointPath: input.endpointPath,
      requireKey: input.settings?.requireKey,
      planTier: user.current_plan_tier,
      activeProjectIds: active.map((p) => p.id),
    });
    await deps.waitForProjections(created.position);
    ctx.status = 201;
    ctx.body = { ...(await view(ctx, created.projectId)), apiKey: created.apiKey };
  });

  router.patch('/api/jsonable/projects/:id', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const input = parse(updateProjectRequestSchema, bodyOf(ctx) ?? {});
    const { position } = await updateProject(deps, {
      projectId: ctx.params.id!,
      userId,
      name: input.name,
      description: input.description,
      requireKey: input.settings?.requireKey,
    });
    await deps.waitForProjections(position);
    ctx.body = await view(ctx, ctx.params.id!);
  });

  router.delete('/api/jsonable/projects/:id', session, async (ctx) => {
    const { userId } = principalOf(ctx);
    const detachedImages = await countProjectImages(deps.readModels, userId, ctx.params.id!);
    const projectId = ctx.params.id!;
    const { position } = await deleteProject(deps, { projectId, userId });
    // Only after the project's own deletion: someone else's project (404) keeps its living images.
    // Once the read side has passed ProjectDeleted it knows every living image created before it;
    // one created later is ended by its own PUT, and whatever this cuts short (a crash, a store
    // failing) is finished by the sweep of ended living images (images module jobs).
    await deps.waitForProjections(position);
    const names = await projectLiveImageNames(deps.readModels, projectId);
    const live = await deleteProjectLiveImages(deps, { projectId, names });
    if (live.failed > 0)
      deps.logger.warn('project deleted; removing some living-image files failed, the sweep will finish it', {
        projectId,
        failed: live.failed,
      });
    await deps.waitForProjections(Math.max(position, live.position));
    ctx.body = { success: true, detachedImages };
  });

  const regenerate = async (ctx: Ctx) => {
    const { userId } = principalOf(ctx);
    const { apiKey, keyPrefix, position } = await regenerateProjectKey(deps, { projectId: ctx.params.id!, userId });
    // The key index must have dropped the old key before the new one is shown.
    await deps.waitForProjections(position);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, fullApiKey: apiKey, apiKeyPrefix: keyPrefix };
  };
  router.post('/api/projects/:id/regenerate-key', session, regenerate);
  router.post('/api/jsonable/projects/:id/regenerate-key', session, regenerate);

  const saveStyles = async (ctx: Ctx) => {
    const { userId } = principalOf(ctx);
    const styles = parse(stylesObjectSchema, stylesBody(bodyOf(ctx) ?? {}), { namePath: true });
    const { position } = await saveProjectStyles(deps, {
      projectId: ctx.params.id!,
      userId,
      styles: styles as Record<string, unknown>,
    });
    await deps.waitForProjections(position);
    ctx.body = { success: true, project: await view(ctx, ctx.params.id!) };
  };
  router.patch('/api/projects/:id/styles', session, saveStyles);
  router.patch('/api/jsonable/projects/:id/styles', session, saveStyles);
}
