/**
 * The images context: rendering routes (counted against the usage period), image files, the
 * user's images and statistics, the OpenAPI document, and the upkeep jobs of stored files.
 */
import { UnauthorizedError } from '@jsonable/domain/errors';
import { purgeExpiredData, sweepExpired, sweepOrphanFiles, sweepOrphans } from '@jsonable/domain/images/maintenance';
import { RenderService } from '@jsonable/domain/usage/render-table';
import { precheckRender } from '@jsonable/render/request';
import { imagesProjection } from '@jsonable/read-models/images/images.projection';
import { liveImagesProjection } from '@jsonable/read-models/live/live-images.projection';
import { statisticsProjection } from '@jsonable/read-models/statistics/statistics.projection';
import { usageProjection } from '@jsonable/read-models/usage/usage.projection';
import { usageHistoryProjection } from '@jsonable/read-models/usage-history/usage-history.projection';
import {
  API_KEY_MESSAGE,
  extractApiKey,
  requireApiKey,
  requireApiKeyOrSession,
  requireSession,
  resolveApiKey,
} from '../middleware/auth';
import type { ApiModule } from '../module';
import { openApiRoutes } from '../openapi';
import { imageRoutes } from '../routes/images/images.routes';
import { purgeExpiredLiveVersions } from '../routes/live/live-retention';
import { sweepEndedLiveImages } from '../routes/live/live-sweep';
import { liveRoutes } from '../routes/live/live.routes';
import {
  defaultRenderLimits,
  demoRateLimit,
  endpointRateLimit,
  previewRateLimit,
  renderRateLimit,
  type RenderLimits,
} from '../routes/render/limits';
import { renderRoutes } from '../routes/render/render.routes';
import { usageRoutes } from '../routes/images/usage.routes';

const MINUTE = 60_000;

export interface ImagesModuleOptions {
  /** Overrides of the rate limits (tests use small or large ones). */
  limits?: Partial<RenderLimits>;
}

export function createImagesModule(options: ImagesModuleOptions = {}): ApiModule {
  const limits: RenderLimits = { ...defaultRenderLimits, ...options.limits };
  return {
    name: 'images',
    projections: [
      imagesProjection,
      usageProjection,
      statisticsProjection,
      liveImagesProjection,
      usageHistoryProjection,
    ],
    routes(router, deps) {
      const session = requireSession(deps);
      // One render service for every render route; the engine's precheck refuses before anything is queued.
      const service = new RenderService({ ...deps, precheck: precheckRender });
      const renderRate = renderRateLimit(deps, limits);
      renderRoutes(router, deps, service, {
        session,
        apiKey: requireApiKey(deps),
        renderRate,
        previewRate: previewRateLimit(deps, limits),
        demoRate: demoRateLimit(deps, limits),
        endpointRate: endpointRateLimit(deps, limits),
        async resolveKey(ctx) {
          const raw = extractApiKey(ctx);
          if (!raw) return null;
          const principal = await resolveApiKey(deps, raw);
          if (!principal) throw new UnauthorizedError(API_KEY_MESSAGE);
          return { userId: principal.userId, projectId: principal.projectId };
        },
      });
      imageRoutes(router, deps, session);
      liveRoutes(router, deps, service, { auth: requireApiKeyOrSession(deps), renderRate });
      usageRoutes(router, deps, session);
      openApiRoutes(router, deps);
    },
    jobs: [
      // Retention: request JSON after 30 days, and living images' versions past the plan's retention.
      {
        name: 'images.purge-expired-data',
        everyMs: 60 * MINUTE,
        run: async (deps) => {
          await purgeExpiredData(deps);
          await purgeExpiredLiveVersions(deps);
        },
      },
      { name: 'images.sweep-orphans', everyMs: 10 * MINUTE, run: async (deps) => void (await sweepOrphans(deps)) },
      {
        name: 'images.sweep-orphan-files',
        everyMs: 24 * 60 * MINUTE,
        run: async (deps) => void (await sweepOrphanFiles(deps)),
      },
      { name: 'images.sweep-expired', everyMs: 10 * MINUTE, run: async (deps) => void (await sweepExpired(deps)) },
      // Files of deleted living images and of deleted projects' living images, when their removal was cut short.
      {
        name: 'images.sweep-ended-live-images',
        everyMs: 10 * MINUTE,
        run: async (deps) => void (await sweepEndedLiveImages(deps)),
      },
    ],
  };
}

export const imagesModule: ApiModule = createImagesModule();
