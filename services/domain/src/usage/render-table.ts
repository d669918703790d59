/**
 * The render use case, one service for every route that renders a table (issue #27 item 5). What
 * differs between them is the input's `keep`:
 * - 'counted' (generate, json-to-png, project endpoints, living-image versions): RenderTable:
 *   validate (the engine) → check the quota → render on the pool → store the file FIRST → append
 *   TableRendered to `usage-{userId}-{period}` with the exact expected revision (one append for
 *   the renders of that stream whose files are stored in the same turn: record). A refused append
 *   deletes its file at once; a crash between the two leaves an orphan file that the sweep job
 *   removes, never an event that points at nothing. A living image's version adds `live` and
 *   `admit` (its own stream's append, between the files and the count).
 * - 'preview', 'demo': rendered and stored under an expiring prefix (one hour; 24 hours and a
 *   small cell-image budget for the anonymous demo), never counted, never an event.
 * - 'none' (the dashboard's preview): the image for the caller's eyes only, nothing stored.
 * Every render is first prechecked (what the engine refuses without rendering) and named by one
 * helper (renderedFilename).
 */
import { altTextOf } from '@jsonable/contracts/alt-text';
import { imageFileOf } from '@jsonable/contracts/image-files';
import { planOf, usagePeriodIndex } from '@jsonable/contracts/plans';
import { DEMO_TTL_MS, imageBudgets, PREVIEW_TTL_MS } from '@jsonable/contracts/render-api';
import type { RenderSource } from '@jsonable/contracts/events';
import type { CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { assertNever } from '../errors';
import type { BlobStore, Clock, EventStore, Ids, RenderInput, RenderOutput, TableRenderer } from '../ports';
import { blobKeys, renderedFilename, type FileFormat } from '../images/filenames';
import type { DocumentStore } from '@jsonable/read-models/ports';
import { deleteRequestData, saveRequestData } from '../images/request-data';
import { handleCommand, handleCommands } from '../runtime/handle-command';
import { MicroBatcher, type Gathered } from '../runtime/micro-batcher';
import { StreamStateCache } from '../runtime/stream-state-cache';
import {
  assertWithinAllowance,
  priorImages,
  tablesLeft,
  usageDecider,
  type RenderedImage,
  type UsageCommand,
  type UsageEvent,
  type UsageState,
} from './usage.decider';
import { usageStream } from './streams';

export interface RenderDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  /** Operational documents: the request JSON kept 30 days. */
  docs: DocumentStore;
  renderer: TableRenderer;
  clock: Clock;
  ids: Ids;
  /**
   * What the engine refuses without rendering (a PDF over its cell limit), checked before anything
   * is counted, stored or queued; the API passes the engine's (@jsonable/render/request).
   */
  precheck?: ((input: RenderInput) => void) | undefined;
}

/** What every render states: the table, how it is drawn, and whose queue lane it waits in. */
interface RenderBase {
  /** The table, parsed once by the caller (every alias folded): what is rendered. */
  request: CanonicalTableRequest;
  projectStyles: Record<string, unknown> | null;
  format?: FileFormat | undefined;
  /** The renderer's queue lane of whoever asked (TableRenderer.render). */
  lane?: string | undefined;
}

/** Stored under an expiring prefix, never counted: a preview, or the landing page's demo. */
export interface TemporaryRenderInput extends RenderBase {
  keep: 'preview' | 'demo';
}

/** For the caller's eyes only: nothing stored or counted. */
export interface UnkeptRenderInput extends RenderBase {
  keep: 'none';
}

export interface TemporaryImage {
  output: RenderOutput;
  filename: string;
  expiresAt: Date;
}

const TEMPORARY = {
  preview: { ttlMs: PREVIEW_TTL_MS, key: blobKeys.preview },
  demo: { ttlMs: DEMO_TTL_MS, key: blobKeys.demo },
} as const;

/** Counted against the user's usage period and stored for good. */
export interface RenderTableInput extends RenderBase {
  keep: 'counted';
  userId: string;
  /** When the user registered (usage periods count from here) and their plan tier. */
  registeredAt: string;
  planTier: string | null | undefined;
  projectId: string | null;
  source: RenderSource;
  /** The request body as sent: only kept, 30 days beside the image (never read here). */
  payload: unknown;
  idempotencyKey: string | null;
  /** SHA-256 of the canonical request (route + body): the same key with another body is a 409. */
  requestHash: string;
  /** A version of this living image (issue #25): counted as usual, listed with the living image. */
  live?: { projectId: string; name: string } | undefined;
  /**
   * Decides, once the files are stored and before anything is counted, whether this render is
   * wanted at all (a living image's version: the append to its own stream, with its expected
   * revision, across processes). The quota is decided first: one table of the period is held
   * for the render (TableReserved on the usage stream, 402 when none is left, held ones
   * included), so a concurrent render cannot take it between admit and the count. Throwing
   * releases the table, drops the files and counts nothing; once admit returns, the render's
   * TableRendered uses the held table, so a recorded version is never left uncounted and the
   * period never counts more than its allowance.
   */
  admit?: ((images: RenderedImage[]) => Promise<void>) | undefined;
}

type RenderUseCaseInput = RenderTableInput | TemporaryRenderInput | UnkeptRenderInput;

export interface RenderTableResult {
  image: RenderedImage;
  /** Global position of the TableRendered event (read-your-writes). */
  position: number;
  /** True when an earlier request with the same Idempotency-Key is answered again. */
  replayed: boolean;
  /** What the render had to leave out (images drawn as placeholders); none on a replay. */
  warnings?: string[];
  /**
   * Every image of a split (options.split), `image` first, also when an Idempotency-Key replay
   * answers a split again; absent for one image.
   */
  images?: RenderedImage[];
}

type UsageCache = StreamStateCache<UsageState, UsageCommand, UsageEvent>;

/** Renders of one period race on its usage stream: retried more than other streams. */
const USAGE_RETRY = { onVersionConflict: 9, conflictMessage: 'Too many concurrent renders; please try again' };

/** A render whose file is stored, waiting for its group's append. */
type PendingRecord = Extract<UsageCommand, { type: 'RecordRender' }>['data'];

/** One cache per process; each RenderService owns one. */
export class RenderService {
  private readonly cache: UsageCache = new StreamStateCache(usageDecider);
  /** Per stream, the renders of one turn recorded in one append; groups of a stream follow one another. */
  private readonly groups = new MicroBatcher<string, PendingRecord, RenderTableResult>((stream, members) =>
    this.cache.exclusive(stream, () => this.commit(stream, members)),
  );

  constructor(private readonly deps: RenderDeps) {}

  render(input: RenderTableInput): Promise<RenderTableResult>;
  render(input: TemporaryRenderInput): Promise<TemporaryImage>;
  render(input: UnkeptRenderInput): Promise<RenderOutput>;
  async render(input: RenderUseCaseInput): Promise<RenderTableResult | TemporaryImage | RenderOutput> {
    this.deps.precheck?.(drawing(input));
    switch (input.keep) {
      case 'counted':
        return this.renderCounted(input);
      case 'preview':
      case 'demo':
        return this.renderTemporary(input);
      case 'none':
        return this.deps.renderer.render(drawing(input), { lane: input.lane });
      default:
        return assertNever(input);
    }
  }

  private async renderTemporary(input: TemporaryRenderInput): Promise<TemporaryImage> {
    const output = await this.deps.renderer.render(drawing(input), { lane: input.lane });
    const now = this.deps.clock.now();
    const { ttlMs, key } = TEMPORARY[input.keep];
    const expiresAt = new Date(now.getTime() + ttlMs);
    const filename = renderedFilename({
      custom: input.request.filename,
      title: output.title,
      at: now,
      uuid: this.deps.ids.uuid(),
      format: output.format,
    });
    await this.deps.blobs.put(key(filename), output.bytes, output.contentType, { expiresAt: expiresAt.toISOString() });
    return { output, filename, expiresAt };
  }

  private async renderCounted(input: RenderTableInput): Promise<RenderTableResult> {
    const { eventStore, blobs, renderer, clock, ids } = this.deps;
    const plan = planOf(input.planTier);
    const now = clock.now();
    const period = usagePeriodIndex(input.registeredAt, now);
    const stream = usageStream(input.userId, period);

    // Cheap checks before the expensive render; the append below decides for real.
    const before = await this.cache.load(eventStore, stream);
    const prior = priorImages(before.state, input.idempotencyKey, input.requestHash);
    if (prior) return replay(prior, await positionOf(eventStore, stream, prior[prior.length - 1]!.imageId));
    assertWithinAllowance(before.state, plan.tablesPerPeriod, plan.name, now.toISOString());

    const remaining = tablesLeft(before.state, plan.tablesPerPeriod, now.toISOString());
    // A split into more images than are left is refused (402) before it is painted.
    const output = await renderer.render({ ...drawing(input), maxImages: remaining }, { lane: input.lane });

    // A split (options.split) is several images, stored and counted together; else one.
    const outputs = output.pages && output.pages.length > 0 ? output.pages : [output];
    const images = outputs.map((page, i) => {
      const imageId = ids.uuid();
      const filename = renderedFilename({
        custom: input.request.filename,
        title: output.title,
        at: now,
        uuid: ids.uuid(),
        format: page.format,
        page: { number: i + 1, of: outputs.length },
      });
      return this.describe(input, page, {
        imageId,
        filename,
        period,
        planTier: plan.tier,
        renderedAt: now.toISOString(),
        // Each image of a split carries the key and its place: a replay answers all of them.
        ...(outputs.length > 1 ? { split: { page: i + 1, pages: outputs.length } } : {}),
      });
    });
    const stored = await Promise.allSettled(
      outputs.flatMap((page, i) => {
        const image = images[i]!;
        const owner = { imageId: image.imageId, userId: input.userId, period: String(period) };
        return [
          blobs.put(image.blobKey, page.bytes, page.contentType, owner),
          ...(page.drawn
            ? [
                blobs.put(
                  blobKeys.twin(image.filename),
                  Buffer.from(JSON.stringify(page.drawn), 'utf8'),
                  'application/json',
                  owner,
                ),
              ]
            : []),
          saveRequestData(this.deps.docs, {
            id: image.imageId,
            userId: input.userId,
            period,
            createdAtMs: now.getTime(),
            blobKey: image.blobKey,
            payload: input.payload ?? null,
          }),
        ];
      }),
    );
    const failed = stored.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await Promise.all(images.map((image) => this.discard(image)));
      throw failed.reason;
    }

    if (input.admit) {
      // A living image's version (all the pages of a split one): a table per page is held, all or
      // none, before the other stream decides, then used by the pages' TableRendered below.
      // An unlimited plan has nothing to hold.
      const held = plan.tablesPerPeriod !== null;
      try {
        if (held) await this.reserve(stream, images, plan.tablesPerPeriod, plan.name);
      } catch (error) {
        await Promise.all(images.map((image) => this.discard(image)));
        throw error;
      }
      try {
        await input.admit(images);
      } catch (error) {
        await Promise.all([
          held ? this.release(stream, images) : undefined,
          ...images.map((image) => this.discard(image)),
        ]);
        throw error;
      }
    }
    try {
      const result = await this.record(stream, images, plan.tablesPerPeriod, plan.name);
      const all = result.replayed ? result : { ...result, ...(images.length > 1 ? { images } : {}) };
      return result.replayed || output.warnings.length === 0 ? all : { ...all, warnings: output.warnings };
    } catch (error) {
      // An admitted render's files are what its recorded version points at: they stay.
      if (!input.admit) await Promise.all(images.map((image) => this.discard(image)));
      throw error;
    }
  }

  private describe(
    input: RenderTableInput,
    output: RenderOutput,
    at: {
      imageId: string;
      filename: string;
      period: number;
      planTier: RenderedImage['plan'];
      renderedAt: string;
      split?: { page: number; pages: number };
    },
  ): RenderedImage {
    return {
      imageId: at.imageId,
      userId: input.userId,
      projectId: input.projectId,
      period: at.period,
      filename: at.filename,
      blobKey: blobKeys.image(at.filename),
      ...imageFileOf(output),
      source: input.source,
      plan: at.planTier,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      renderedAt: at.renderedAt,
      ...(input.live ? { live: input.live } : {}),
      ...(output.drawn ? { altText: altTextOf(output.drawn) } : {}),
      ...(at.split ? { split: at.split } : {}),
    };
  }

  /**
   * Holds one table of the period for each image (a split's pages: all or none; 402 when fewer
   * are left, held ones included).
   */
  private async reserve(stream: string, images: RenderedImage[], allowance: number | null, planName: string) {
    const [{ imageId, userId, period }, ...pages] = images as [RenderedImage, ...RenderedImage[]];
    const now = this.deps.clock.now().toISOString();
    await this.decideAlone(stream, {
      type: 'ReserveTable',
      data: {
        imageId,
        userId,
        period,
        allowance,
        planName,
        now,
        ...(pages.length > 0 ? { pages: pages.map((p) => p.imageId) } : {}),
      },
    });
  }

  /** Gives held tables back. Best effort: a hold that is never released expires on its own. */
  private async release(stream: string, images: RenderedImage[]): Promise<void> {
    const [{ imageId, userId, period }, ...pages] = images as [RenderedImage, ...RenderedImage[]];
    const now = this.deps.clock.now().toISOString();
    await this.decideAlone(stream, {
      type: 'ReleaseTable',
      data: { imageId, userId, period, now, ...(pages.length > 0 ? { pages: pages.map((p) => p.imageId) } : {}) },
    }).catch(() => undefined);
  }

  /** One usage command on its own (not gathered with the turn's renders), through the stream's cache. */
  private decideAlone(stream: string, command: UsageCommand) {
    const { eventStore, ids } = this.deps;
    return this.cache.exclusive(stream, () =>
      handleCommand({
        eventStore,
        stream,
        decider: usageDecider,
        ids,
        cache: this.cache,
        retry: USAGE_RETRY,
        command,
      }),
    );
  }

  /**
   * Records the render on its usage stream, together with the other renders of this stream that
   * reach this point in the same turn of the event loop (their files written): one append of
   * several TableRendered events, with the exact expected revision, instead of one append each
   * (handleCommands decides each render alone, in order, on the state folded with the renders
   * before it in the group, so the quota and Idempotency-Keys hold exactly as with single
   * appends); and the projector gets the group as one batch. Groups of one stream follow one
   * another in this process.
   */
  private record(
    stream: string,
    images: RenderedImage[],
    allowance: number | null,
    planName: string,
  ): Promise<RenderTableResult> {
    const [image, ...pages] = images;
    return this.groups.add(stream, {
      image: image!,
      allowance,
      planName,
      now: this.deps.clock.now().toISOString(),
      ...(pages.length > 0 ? { pages } : {}),
    });
  }

  /** Decide each member → one append (retried when another process appended first) → answer each. */
  private async commit(stream: string, members: Gathered<PendingRecord, RenderTableResult>[]): Promise<void> {
    const { eventStore, ids } = this.deps;
    const { outcomes, state, position } = await handleCommands({
      eventStore,
      stream,
      decider: usageDecider,
      commands: members.map(({ item }): UsageCommand => ({ type: 'RecordRender', data: item })),
      ids,
      cache: this.cache,
      retry: USAGE_RETRY,
    });
    const recorded = new Set<string>();
    outcomes.forEach((outcome, i) => {
      if ('events' in outcome && outcome.events.length > 0) recorded.add(members[i]!.item.image.imageId);
    });
    // The group's last position stands for each of its renders: waiting for it covers them all.
    await Promise.all(
      members.map(async ({ item, resolve, reject }, i) => {
        const outcome = outcomes[i]!;
        // Refused (over the quota, or the key with another body): this render alone fails.
        if ('refused' in outcome) return reject(outcome.refused);
        if (recorded.has(item.image.imageId)) return resolve({ image: item.image, position, replayed: false });
        // The same Idempotency-Key won before, possibly earlier in this very group: answer with
        // its images and drop this render's own files.
        const earlier = priorImages(state, item.image.idempotencyKey, item.image.requestHash)!;
        await Promise.all([item.image, ...(item.pages ?? [])].map((image) => this.discard(image)));
        const last = earlier[earlier.length - 1]!;
        const at = recorded.has(earlier[0]!.imageId) ? position : await positionOf(eventStore, stream, last.imageId);
        resolve(replay(earlier, at));
      }),
    );
  }

  /** Files of a render that was not recorded. Best effort: the sweep job catches what this misses. */
  private async discard(image: RenderedImage): Promise<void> {
    await Promise.allSettled([
      this.deps.blobs.delete(image.blobKey),
      this.deps.blobs.delete(blobKeys.twin(image.filename)),
      deleteRequestData(this.deps.docs, image.imageId),
    ]);
  }
}

/** What the engine is asked to draw (the anonymous demo gets a small cell-image budget: a logo or two, not image bombs). */
function drawing(input: RenderUseCaseInput): RenderInput {
  return {
    request: input.request,
    projectStyles: input.projectStyles,
    ...(input.format ? { format: input.format } : {}),
    ...(input.keep === 'demo' ? { imageBudget: imageBudgets.demo } : {}),
  };
}

/** The answer to a repeated Idempotency-Key: the images the first request made, in order. */
function replay(images: RenderedImage[], position: number): RenderTableResult {
  return { image: images[0]!, position, replayed: true, ...(images.length > 1 ? { images } : {}) };
}

async function positionOf(eventStore: EventStore, stream: string, imageId: string): Promise<number> {
  const events = await eventStore.readStream(stream);
  return (
    events.find((e) => e.type === 'TableRendered' && (e.data as { imageId?: string }).imageId === imageId)?.position ??
    0
  );
}
