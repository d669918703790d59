/**
 * How a bounded context plugs into the API process. Each context exports one ApiModule from
 * services/api/src/modules/<context>.ts and is listed in modules/index.ts; createApp mounts the
 * routes, the projector runs the projections, main.ts starts the jobs.
 */
import type Router from '@koa/router';
import type { UserDoc } from '@jsonable/read-models/accounts/users.queries';
import type { Projection } from '@jsonable/read-models/projection';
import type { AppDeps } from './deps';

export interface BackgroundJob {
  name: string;
  /** How often it runs. */
  everyMs: number;
  run(deps: AppDeps): Promise<void>;
}

export interface ApiModule {
  name: string;
  projections?: Projection[];
  /** Adds this context's routes (paths are absolute, e.g. '/api/jsonable/projects'). */
  routes?(router: Router<AppState>, deps: AppDeps): void;
  jobs?: BackgroundJob[];
}

/** Who is calling, set by the auth middlewares of the accounts context. */
export interface Principal {
  userId: string;
  via: 'session' | 'user_key' | 'project_key';
  /** Set when a project key authenticated the call. */
  projectId?: string;
  /** SHA-256 of the session id, when via === 'session'. */
  sessionHash?: string;
}

export interface AppState {
  requestId: string;
  principal?: Principal;
  /**
   * The principal's account as the read side knows it (plan, registration time): set with
   * `principal` by the auth middlewares, looked up on first call and then kept for the request
   * (the rate limiter and the render both need it). Read it through `accountOf(ctx)`.
   */
  account?: () => Promise<UserDoc>;
}
