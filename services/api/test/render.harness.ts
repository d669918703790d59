/**
 * The projects/images/render HTTP tests' app (support/test-app: real SQLite stores and file blobs
 * in a temporary folder, the real projector, a clock the tests can move) with the accounts,
 * projects and images modules and the real render pool. Users are created through the accounts
 * handlers (registerUser, openSession, generateUserApiKey, changePlan).
 */
import request from 'supertest';
import { expect } from 'vitest';
import type { PlanTier } from '@jsonable/contracts/plans';
import { changePlan, generateUserApiKey, openSession, registerUser } from '@jsonable/domain/accounts/accounts.handlers';
import type { TableRenderer } from '@jsonable/domain/ports';
import { randomIds } from '@jsonable/domain/runtime/system';
import { createRenderPool } from '@jsonable/render/pool/index';
import type { AppConfig, Logger } from '../src/deps';
import { createAccountsModule } from '../src/modules/accounts';
import { createImagesModule, type ImagesModuleOptions } from '../src/modules/images';
import { projectsModule } from '../src/modules/projects';
import { allProjections } from '../src/read-models';
import type { RenderLimits } from '../src/routes/render/limits';
import { roomyLimits } from './accounts.harness';
import { given, type GivenOptions } from './support/given';
import { replayVerify, startTestApp, type TestApp } from './support/test-app';

export { PUBLIC_URL } from './support/test-app';

/** Limits functional tests never meet (the rate-limit tests set their own). */
const roomy = { limit: 100_000, windowMs: 60_000 };
export const roomyRenderLimits: RenderLimits = {
  renderPerMinute: { free: 100_000, basic: 100_000, premium: 100_000, business: 100_000, enterprise: 100_000 },
  preview: roomy,
  demo: roomy,
  endpoint: roomy,
};
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

export interface TestUser {
  userId: string;
  email: string;
  /** `Cookie` header value of a signed-in session. */
  cookie: string;
  /** The user's API key. */
  apiKey: string;
}

export interface RenderHarness extends TestApp {
  /** A registered, signed-in user with an API key on `plan`. */
  user(plan?: PlanTier): Promise<TestUser>;
  /** POST /api/jsonable/table-to-image with the API key `apiKey` (a user's or a project's): send the body next. */
  postTable(apiKey: string): request.Test;
  /** A project of the user's, created through the API. */
  project(u: TestUser, name?: string): Promise<TestProject>;
  /** A new session cookie for the user at the current (moved) time. */
  signIn(userId: string): Promise<string>;
  events(type?: string): Promise<RecordedTestEvent[]>;
  /** The user's TableRendered events (each counted render), oldest first. */
  rendered(userId: string): Promise<RecordedTestEvent[]>;
  /** Files under a blob prefix. */
  blobKeys(prefix: string): Promise<string[]>;
}

export interface RecordedTestEvent {
  type: string;
  streamId: string;
  data: Record<string, unknown>;
}

type RenderHarnessOptions = {
  config?: Partial<AppConfig>;
  renderer?: TableRenderer;
  images?: ImagesModuleOptions;
  /**
   * Another harness's folder: this one opens its own stores, projector and app on the same files,
   * as a second API replica sharing the store would (the folder stays the first harness's to remove).
   */
  dir?: string;
};

let sharedRenderer: (TableRenderer & { ready(): Promise<void> }) | null = null;

/**
 * The harness of a whole test file: started in beforeAll, closed (with the file's shared render
 * pool, then `hooks.after`) in afterAll. `options` may be a function, for options made in
 * beforeAll (a pool of the test's own).
 */
export function givenRenderHarness(
  options: RenderHarnessOptions | (() => Promise<RenderHarnessOptions>) = {},
  hooks: GivenOptions = {},
): RenderHarness {
  return given(async () => startRenderHarness(typeof options === 'function' ? await options() : options), {
    ...hooks,
    after: async () => {
      await closeSharedRenderer();
      await hooks.after?.();
    },
  });
}

export async function startRenderHarness(options: RenderHarnessOptions = {}): Promise<RenderHarness> {
  if (!options.renderer && !sharedRenderer) {
    const pool = createRenderPool({ size: 2 });
    await pool.ready();
    sharedRenderer = pool;
  }
  const base = await startTestApp({
    prefix: 'render',
    dir: options.dir,
    modules: [
      createAccountsModule({ limits: roomyLimits }),
      projectsModule,
      createImagesModule({ limits: { ...roomyRenderLimits, ...options.images?.limits } }),
    ],
    renderer: options.renderer ?? sharedRenderer!,
    logger: silent,
    config: { bodyLimitBytes: 5 * 1024 * 1024, ...options.config },
  });
  const { deps } = base;
  let n = 0;
  const events = async (type?: string): Promise<RecordedTestEvent[]> => {
    const all = await deps.eventStore.readAll();
    return all
      .filter((e) => !type || e.type === type)
      .map((e) => ({ type: e.type, streamId: e.streamId, data: e.data as Record<string, unknown> }));
  };

  const harness: RenderHarness = {
    ...base,
    project: (u, name) => createProject(harness, u, name),
    postTable: (apiKey) => request(base.server).post('/api/jsonable/table-to-image').set('X-API-Key', apiKey),
    async user(plan = 'free') {
      const email = `user${++n}-${randomIds.uuid().slice(0, 8)}@example.com`;
      const { userId } = await registerUser(deps, { email, password: null, plan });
      const session = await openSession(deps, userId);
      const key = await generateUserApiKey(deps, { userId });
      await deps.waitForProjections(key.position);
      return { userId, email, cookie: `jsonable_session=${session.sessionId}`, apiKey: key.apiKey };
    },
    async signIn(userId) {
      const session = await openSession(deps, userId);
      await deps.waitForProjections(session.position);
      return `jsonable_session=${session.sessionId}`;
    },
    events,
    async rendered(userId) {
      return (await events('TableRendered')).filter((e) => e.data.userId === userId);
    },
    async blobKeys(prefix) {
      const keys: string[] = [];
      for await (const info of deps.blobs.list(prefix)) keys.push(info.key);
      return keys.sort();
    },
  };
  return harness;
}

/** Closes the render pool shared by the harnesses of one test file. */
export async function closeSharedRenderer(): Promise<void> {
  await sharedRenderer?.close();
  sharedRenderer = null;
}

export async function setPlan(h: RenderHarness, userId: string, to: PlanTier): Promise<void> {
  const { position } = await changePlan(h.deps, { userId, to, reason: 'operator' });
  await h.deps.waitForProjections(position);
}

/** The SPEC's reference table: 20 rows × 4 columns. */
export function referenceTable(title = 'Inventory Status') {
  return {
    title,
    data: Array.from({ length: 20 }, (_, i) => ({
      SKU: `SKU-${1000 + i}`,
      Product: `Product ${i + 1}`,
      Stock: (i * 37) % 200,
      Price: `$${(9.99 + i).toFixed(2)}`,
    })),
  };
}

export const smallTable = {
  title: 'Team',
  headers: ['Name', 'Role'],
  rows: [
    ['Ada', 'Engineer'],
    ['Grace', 'Admiral'],
  ],
};

export const http = (h: RenderHarness) => request(h.server);

export interface TestProject {
  id: string;
  endpointPath: string;
  apiKey: string;
}

/** A project of the user's, created through the API. */
async function createProject(h: RenderHarness, u: TestUser, name = 'Live'): Promise<TestProject> {
  const res = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name });
  expect(res.status).toBe(201);
  return res.body as TestProject;
}

/** `replay --verify` on the harness's stores: every read model rebuilt equals the live one. Answers its output. */
export async function verifyReplay(h: RenderHarness): Promise<string> {
  const { code, output } = await replayVerify(h.deps, allProjections([createImagesModule()]));
  expect(code, output).toBe(0);
  return output;
}
