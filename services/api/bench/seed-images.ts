/**
 * Seeds many images into one account through the render command handler (RenderService: quota,
 * file first, TableRendered appended with the exact expected revision), on the stores of a
 * DATA_DIR that a server may be serving at the same time; its projector builds the read models.
 * Only the table engine is the quick stand-in (test/support/quick-renderer.ts): what is measured
 * with these images is lists, not painting. Used by the lists benchmark and the dashboard e2e test.
 */
import { createStores } from '@jsonable/adapters';
import { randomIds, systemClock } from '@jsonable/domain/runtime/system';
import { RenderService } from '@jsonable/domain/usage/render-table';
import { parseTableRequest } from '@jsonable/render/request';
import { quickRenderer } from '../test/support/quick-renderer';

const FORMATS = ['png', 'svg', 'jpeg', 'pdf'] as const;
const TOPICS = [
  'Sales report',
  'Inventory',
  'Invoice',
  'Server status',
  'Team roster',
  'Event schedule',
  'Budget',
  'Customer feedback',
];

export interface SeedOptions {
  dataDir: string;
  userId: string;
  /** The account's registration time and plan (the plan must allow `count` renders this period). */
  registeredAt: string;
  planTier: string;
  count: number;
  /** Projects the images go to, round robin; null entries make images without a project. */
  projectIds: Array<string | null>;
  /** Renders in flight at once (they are grouped into one append per turn of the event loop). */
  concurrency?: number;
  onProgress?: (done: number) => void;
  /** Number of the first image (titles and targets continue from an earlier seeding). */
  firstIndex?: number;
}

/** Title of the i-th seeded image: a topic and a number, so searches have something to find. */
export function seededTitle(i: number): string {
  return `${TOPICS[i % TOPICS.length]} ${i}`;
}

export async function seedImages(options: SeedOptions): Promise<void> {
  const stores = await createStores({ dataDir: options.dataDir });
  const service = new RenderService({
    eventStore: stores.eventStore,
    blobs: stores.blobs,
    docs: stores.docs,
    renderer: quickRenderer,
    clock: systemClock,
    ids: randomIds,
  });
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let n = next++; n < options.count; n = next++) {
      const i = n + (options.firstIndex ?? 0);
      const title = seededTitle(i);
      await service.render({
        keep: 'counted',
        userId: options.userId,
        registeredAt: options.registeredAt,
        planTier: options.planTier,
        projectId: options.projectIds[i % options.projectIds.length] ?? null,
        source: 'api_key',
        request: parseTableRequest({
          title,
          headers: ['A', 'B'],
          rows: [['1', '2']],
          options: { format: FORMATS[i % FORMATS.length] },
        }),
        payload: null,
        projectStyles: null,
        idempotencyKey: null,
        requestHash: `seed-${i}`,
      });
      if (++done % 1000 === 0) options.onProgress?.(done);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 64 }, worker));
  } finally {
    await stores.close();
  }
}
