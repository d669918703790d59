/**
 * A log of the product's own events (contracts/src/events.ts), for benchmarking the projections
 * the API registers: sign-ups with their e-mail claims and sessions, projects with endpoints and
 * key changes, many renders, deletions and plan changes.
 */
import type { JsonableEvent } from '@jsonable/contracts/events';
import { seededRandom, type MixEvent } from './projections';

const HEX = '0123456789abcdef';

export function generateAppEvents(count: number, seed = 1): MixEvent[] {
  const rand = seededRandom(seed);
  const hash = (): string => Array.from({ length: 64 }, () => HEX[Math.floor(rand() * 16)]).join('');
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();

  const out: MixEvent[] = [];
  const push = (streamId: string, event: JsonableEvent) =>
    out.push({ streamId, type: event.type, data: event.data as unknown as Record<string, unknown> });
  const users: string[] = [];
  const projects: Array<{ id: string; userId: string; key: string }> = [];
  const images: Array<{ id: string; userId: string; filename: string }> = [];
  let n = 0;
  while (out.length < count) {
    n++;
    const r = rand();
    if (users.length === 0 || r < 0.01) {
      const userId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const email = `user${n}@example.com`;
      users.push(userId);
      push(`email-${hash()}`, { type: 'EmailClaimed', data: { email, userId } });
      push(`user-${userId}`, {
        type: 'UserRegistered',
        data: {
          userId,
          email,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
          authProvider: 'local',
          registeredAt: at(n),
          plan: 'free',
        },
      });
      push(`user-${userId}`, {
        type: 'UserSignedIn',
        data: { userId, method: 'register', sessionHash: hash(), expiresAt: at(n + 86_400 * 30) },
      });
    } else if (projects.length === 0 || r < 0.02) {
      const userId = pick(users);
      const id = `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const key = hash();
      projects.push({ id, userId, key });
      push(`project-${id}`, {
        type: 'ProjectCreated',
        data: {
          projectId: id,
          userId,
          name: `Project ${n}`,
          description: 'Weekly sales tables',
          endpointPath: `/api/jsonable/p/${hash().slice(0, 24)}`,
          keyHash: key,
          keyPrefix: 'jsn_ab12',
          createdAt: at(n),
        },
      });
    } else if (r < 0.022) {
      const p = pick(projects);
      const key = hash();
      push(`project-${p.id}`, {
        type: 'ProjectKeyRegenerated',
        data: { projectId: p.id, keyHash: key, keyPrefix: 'jsn_cd34', previousKeyHash: p.key },
      });
      p.key = key;
    } else if (r < 0.025) {
      const userId = pick(users);
      push(`user-${userId}`, {
        type: 'PlanChanged',
        data: { userId, from: 'free', to: 'premium', reason: 'operator' },
      });
    } else if (r < 0.04 && images.length > 0) {
      const image = pick(images);
      push(`image-${image.id}`, {
        type: 'ImageDeleted',
        data: {
          imageId: image.id,
          userId: image.userId,
          filename: image.filename,
          blobKey: `images/${image.filename}`,
        },
      });
    } else {
      const p = pick(projects);
      const imageId = `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const format = pick(['png', 'png', 'svg', 'pdf', 'jpeg'] as const);
      const filename = `sales-report-${n}.${format === 'jpeg' ? 'jpg' : format}`;
      images.push({ id: imageId, userId: p.userId, filename });
      const period = Math.floor(n / 20_000);
      push(`usage-${p.userId}-${period}`, {
        type: 'TableRendered',
        data: {
          imageId,
          userId: p.userId,
          projectId: p.id,
          period,
          filename,
          blobKey: `images/${filename}`,
          format,
          contentType: format === 'svg' ? 'image/svg+xml' : format === 'pdf' ? 'application/pdf' : `image/${format}`,
          width: 800,
          height: 420,
          size: 20_000 + (n % 30_000),
          rows: 12,
          columns: 5,
          title: 'Sales Report',
          source: pick(['api_key', 'project_endpoint', 'session'] as const),
          plan: 'free',
          idempotencyKey: null,
          requestHash: hash(),
          renderedAt: at(n),
        },
      });
    }
  }
  return out.slice(0, count);
}
