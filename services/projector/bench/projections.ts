/**
 * A projection mix shaped like Jsonable's read side (users, projects with a key index, images,
 * usage counters per period, per-project statistics): puts, read-modify-writes of hot counters,
 * deletes, and an indexed find. Used by the projector tests and the rebuild bench.
 */
import type { Doc } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';

export interface MixEvent {
  type: string;
  data: Record<string, unknown>;
  streamId: string;
}

const str = (v: unknown): string => String(v);
const num = (v: unknown): number => Number(v);

export const usersProjection: Projection = {
  name: 'mix-users',
  version: 1,
  collections: [{ name: 'mix_users', indexes: ['email'] }],
  handles: ['UserRegistered', 'PlanChanged'],
  async handle(e, tx) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'UserRegistered') {
      tx.put('mix_users', {
        id: str(d.userId),
        email: str(d.email),
        plan: 'free',
        registeredAt: e.createdAt,
        lastPosition: e.position,
      });
    } else {
      const user = await tx.get('mix_users', str(d.userId));
      if (user) tx.put('mix_users', { ...user, plan: str(d.to), lastPosition: e.position });
    }
  },
};

export const projectsProjection: Projection = {
  name: 'mix-projects',
  version: 1,
  collections: [
    { name: 'mix_projects', indexes: ['userId', 'createdAt'] },
    { name: 'mix_project_keys', indexes: ['projectId'] },
  ],
  handles: ['ProjectCreated', 'ProjectRenamed', 'ProjectKeyRegenerated', 'ProjectDeleted'],
  async handle(e, tx) {
    const d = e.data as Record<string, unknown>;
    const projectId = str(d.projectId);
    switch (e.type) {
      case 'ProjectCreated':
        tx.put('mix_projects', {
          id: projectId,
          userId: str(d.userId),
          name: str(d.name),
          createdAt: e.createdAt,
          images: 0,
        });
        tx.put('mix_project_keys', { id: str(d.keyHash), projectId, userId: str(d.userId) });
        return;
      case 'ProjectRenamed': {
        const p = await tx.get('mix_projects', projectId);
        if (p) tx.put('mix_projects', { ...p, name: str(d.name) });
        return;
      }
      case 'ProjectKeyRegenerated': {
        // The key index is keyed by hash: find the old entry through the projectId index.
        const old = await tx.find('mix_project_keys', { projectId });
        for (const k of old) tx.delete('mix_project_keys', k.id);
        const p = await tx.get('mix_projects', projectId);
        if (p) tx.put('mix_project_keys', { id: str(d.keyHash), projectId, userId: str(p.userId) });
        return;
      }
      case 'ProjectDeleted': {
        tx.delete('mix_projects', projectId);
        for (const k of await tx.find('mix_project_keys', { projectId })) tx.delete('mix_project_keys', k.id);
        return;
      }
    }
  },
};

export const imagesProjection: Projection = {
  name: 'mix-images',
  version: 1,
  collections: [{ name: 'mix_images', indexes: ['userId', 'projectId', 'createdAt'] }],
  handles: ['TableRendered', 'ImageDeleted'],
  async handle(e, tx) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'TableRendered') {
      tx.put('mix_images', {
        id: str(d.imageId),
        userId: str(d.userId),
        projectId: str(d.projectId),
        filename: str(d.filename),
        format: str(d.format),
        size: num(d.size),
        createdAt: e.createdAt,
      });
    } else {
      tx.delete('mix_images', str(d.imageId));
    }
  },
};

export const usageProjection: Projection = {
  name: 'mix-usage',
  version: 1,
  collections: [
    { name: 'mix_usage', indexes: ['userId'] },
    { name: 'mix_project_stats', indexes: [] },
  ],
  handles: ['TableRendered'],
  async handle(e, tx) {
    const d = e.data as Record<string, unknown>;
    const usageId = `${str(d.userId)}-${num(d.period)}`;
    // Read-modify-write as the app's statistics projection does it: a private copy per batch,
    // changed in place (ProjectionTx.getForUpdate), instead of a copy per event.
    const usage: Doc = (await tx.getForUpdate('mix_usage', usageId)) ?? {
      id: usageId,
      userId: str(d.userId),
      period: num(d.period),
      tables: 0,
      bytes: 0,
    };
    usage.tables = num(usage.tables) + 1;
    usage.bytes = num(usage.bytes) + num(d.size);
    tx.put('mix_usage', usage);
    const statsId = str(d.projectId);
    const stats: Doc = (await tx.getForUpdate('mix_project_stats', statsId)) ?? { id: statsId, total: 0, byFormat: {} };
    const byFormat = stats.byFormat as Record<string, number>;
    byFormat[str(d.format)] = (byFormat[str(d.format)] ?? 0) + 1;
    stats.total = num(stats.total) + 1;
    stats.lastRenderAt = e.createdAt;
    tx.put('mix_project_stats', stats);
  },
};

export const projectionMix: Projection[] = [usersProjection, projectsProjection, imagesProjection, usageProjection];

/** A deterministic random source in [0, 1) (xorshift32): the same seed gives the same workload. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/**
 * A deterministic workload: users sign up, create projects, render many tables (the bulk of the
 * log, as in production), rename, regenerate keys, delete images and sometimes projects.
 */
export function generateMixEvents(count: number, seed = 1): MixEvent[] {
  const rand = seededRandom(seed);
  const events: MixEvent[] = [];
  const users: string[] = [];
  const projects: Array<{ id: string; userId: string; alive: boolean }> = [];
  const images: string[] = [];
  let n = 0;
  while (events.length < count) {
    const r = rand();
    n++;
    if (users.length === 0 || r < 0.02) {
      const userId = `u${n}`;
      users.push(userId);
      events.push({
        type: 'UserRegistered',
        streamId: `user-${userId}`,
        data: { userId, email: `${userId}@example.com` },
      });
    } else if (projects.length === 0 || r < 0.04) {
      const userId = users[Math.floor(rand() * users.length)]!;
      const id = `p${n}`;
      projects.push({ id, userId, alive: true });
      events.push({
        type: 'ProjectCreated',
        streamId: `project-${id}`,
        data: { projectId: id, userId, name: `Project ${n}`, keyHash: `k${n}` },
      });
    } else if (r < 0.045) {
      const userId = users[Math.floor(rand() * users.length)]!;
      events.push({
        type: 'PlanChanged',
        streamId: `user-${userId}`,
        data: { userId, to: rand() < 0.5 ? 'premium' : 'business' },
      });
    } else if (r < 0.05) {
      const p = projects[Math.floor(rand() * projects.length)]!;
      events.push({
        type: 'ProjectRenamed',
        streamId: `project-${p.id}`,
        data: { projectId: p.id, name: `Renamed ${n}` },
      });
    } else if (r < 0.053) {
      const p = projects[Math.floor(rand() * projects.length)]!;
      events.push({
        type: 'ProjectKeyRegenerated',
        streamId: `project-${p.id}`,
        data: { projectId: p.id, keyHash: `k${n}` },
      });
    } else if (r < 0.055 && projects.length > 1) {
      const p = projects[Math.floor(rand() * projects.length)]!;
      if (p.alive) {
        p.alive = false;
        events.push({ type: 'ProjectDeleted', streamId: `project-${p.id}`, data: { projectId: p.id } });
      }
    } else if (r < 0.07 && images.length > 0) {
      const imageId = images[Math.floor(rand() * images.length)]!;
      events.push({ type: 'ImageDeleted', streamId: `image-${imageId}`, data: { imageId } });
    } else {
      const p = projects[Math.floor(rand() * projects.length)]!;
      const imageId = `i${n}`;
      images.push(imageId);
      const period = Math.floor(n / 5000);
      events.push({
        type: 'TableRendered',
        streamId: `usage-${p.userId}-${period}`,
        data: {
          imageId,
          userId: p.userId,
          projectId: p.id,
          period,
          filename: `table-${n}.png`,
          format: ['png', 'svg', 'pdf', 'jpeg'][n % 4],
          size: 1000 + (n % 5000),
        },
      });
    }
  }
  return events;
}
