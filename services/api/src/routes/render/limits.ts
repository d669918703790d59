/**
 * Rate limits of the rendering routes, on the accounts context's shared sliding-window limiter.
 * Counted renders are limited per key (per user for sessions) by the plan's requests per minute;
 * previews per user, the demo per client IP, project endpoints per endpoint.
 */
import type { Middleware } from 'koa';
import { planOf } from '@jsonable/contracts/plans';
import {
  apiRateLimitPerMinute,
  demoRateLimitPerHour,
  endpointRateLimitPerMinute,
  previewRateLimitPerMinute,
} from '@jsonable/contracts/render-api';
import { RateLimitedError } from '@jsonable/domain/errors';
import type { AppDeps } from '../../deps';
import { clientIp, ipRateKey } from '../../middleware/client-ip';
import { hitRateLimit, rateLimit } from '../../middleware/rate-limit';
import type { AppState } from '../../module';
import { accountOf, principalOf } from './shared';

const MINUTE = 60_000;
const MESSAGE = 'Too many requests. Please try again later.';

export interface RenderLimits {
  /** Counted renders per key per minute, by plan. */
  renderPerMinute: Record<keyof typeof apiRateLimitPerMinute, number>;
  preview: { limit: number; windowMs: number };
  demo: { limit: number; windowMs: number };
  endpoint: { limit: number; windowMs: number };
}

export const ENDPOINT_RATE_PER_MINUTE = endpointRateLimitPerMinute;
export const defaultRenderLimits: RenderLimits = {
  renderPerMinute: apiRateLimitPerMinute,
  preview: { limit: previewRateLimitPerMinute, windowMs: MINUTE },
  demo: { limit: demoRateLimitPerHour, windowMs: 60 * MINUTE },
  endpoint: { limit: ENDPOINT_RATE_PER_MINUTE, windowMs: MINUTE },
};

export function renderRateLimit(deps: AppDeps, limits: RenderLimits): Middleware<AppState> {
  return async (ctx, next) => {
    const principal = principalOf(ctx);
    const user = await accountOf(ctx);
    const limit = limits.renderPerMinute[planOf(user.current_plan_tier).tier];
    const key =
      principal.via === 'project_key' ? `project:${principal.projectId}` : `${principal.via}:${principal.userId}`;
    const decision = await hitRateLimit(deps.docs, deps.clock.now(), { name: 'render', limit, windowMs: MINUTE }, key);
    if (!decision.allowed) throw new RateLimitedError(MESSAGE, decision.retryAfterSeconds);
    await next();
  };
}

export function previewRateLimit(deps: AppDeps, limits: RenderLimits): Middleware<AppState> {
  return rateLimit(deps, { name: 'preview', ...limits.preview, key: (ctx) => ctx.state.principal?.userId ?? null });
}

export function demoRateLimit(deps: AppDeps, limits: RenderLimits): Middleware<AppState> {
  return rateLimit(deps, {
    name: 'demo',
    ...limits.demo,
    key: (ctx) => ipRateKey(clientIp(ctx, deps.config.trustProxy)),
    message: 'Too many demo images from your address. Please try again later, or sign up for free.',
  });
}

export function endpointRateLimit(deps: AppDeps, limits: RenderLimits): Middleware<AppState> {
  return rateLimit(deps, {
    name: 'project-endpoint',
    ...limits.endpoint,
    key: (ctx) => String((ctx as unknown as { params?: Record<string, string> }).params?.endpoint ?? ctx.path),
  });
}
