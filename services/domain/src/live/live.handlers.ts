/**
 * Living images: PUT renders a version (RenderService: quota → render → file), records it on
 * `live-{projectId}-{name}` with the stream's expected revision, then counts it (TableRendered).
 * The whole PUT holds the stream's lock in this process, so If-Match is checked before anything
 * is rendered and two PUTs of one name take versions n and n+1 in turn (exclusiveOnStream, the
 * runtime's lock per stream and event store); across processes the append's expected revision
 * decides (handleCommand decides a lost append again on the fresh stream), before anything is
 * counted. Rollback, retention purge and
 * delete append first and remove files after, so a crash leaves a file too many, never an event
 * pointing at nothing.
 */
import type { LiveAuthor } from '@jsonable/contracts/events';
import { NotFoundError } from '../errors';
import { twinKeyOf } from '../images/filenames';
import type { BlobStore, Clock, EventStore, Ids } from '../ports';
import { aggregateStream } from '../runtime/aggregate-stream';
import { handleCommand, type HandleCommandResult } from '../runtime/handle-command';
import { exclusiveOnStream } from '../runtime/keyed-lock';
import type { RenderTableResult } from '../usage/render-table';
import type { RenderedImage } from '../usage/usage.decider';
import {
  assertExpected,
  liveDecider,
  purgeableVersions,
  type LiveCommand,
  type LiveEvent,
  type LiveExpectation,
  type LiveState,
} from './live.decider';
import { liveStream } from './streams';

export interface LiveDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  clock: Clock;
  ids: Ids;
}

/** A version's image and its twin (best effort: a file left behind serves nothing). */
async function deleteVersionFiles(deps: LiveDeps, versions: Array<{ blobKey: string }>): Promise<void> {
  await Promise.allSettled(
    versions.flatMap((v) => [deps.blobs.delete(v.blobKey), deps.blobs.delete(twinKeyOf(v.blobKey))]),
  );
}

async function loadLive(eventStore: EventStore, stream: string): Promise<LiveState> {
  return (await aggregateStream(eventStore, stream, liveDecider)).state;
}

export interface PutLiveInput {
  projectId: string;
  userId: string;
  name: string;
  endpointPath: string;
  expected: LiveExpectation;
  by: LiveAuthor;
  /**
   * Renders the version and stores its files, calls `admit` with the image, and only once admit
   * returns counts the render (RenderTableInput.admit). admit throwing counts nothing.
   */
  render(admit: (image: RenderedImage) => Promise<void>): Promise<RenderTableResult>;
}

export interface PutLiveResult {
  version: number;
  created: boolean;
  /** The later of the version's and the count's positions (read-your-writes covers both). */
  position: number;
  rendered: RenderTableResult;
}

/**
 * The append of the version to `live-{projectId}-{name}` is what decides: it carries the stream's
 * exact expected revision, and on a lost race the decider sees the other writer's version, so
 * If-Match holds across API processes sharing the store. It happens after the render and before
 * the render is counted: a PUT that loses gets 409 with nothing counted and its files removed.
 */
export function putLiveVersion(deps: LiveDeps, input: PutLiveInput): Promise<PutLiveResult> {
  const stream = liveStream(input.projectId, input.name);
  return exclusiveOnStream(deps.eventStore, stream, async () => {
    // Cheap refusal before the render; the append in admit decides for real.
    assertExpected(await loadLive(deps.eventStore, stream), input.expected);
    const decided: { outcome?: HandleCommandResult<LiveState, LiveEvent> } = {};
    const rendered = await input.render(async (image) => {
      decided.outcome = await handleCommand({
        eventStore: deps.eventStore,
        stream,
        decider: liveDecider,
        ids: deps.ids,
        command: {
          type: 'RecordLiveVersion',
          data: {
            liveImageId: deps.ids.uuid(),
            projectId: input.projectId,
            userId: input.userId,
            name: input.name,
            endpointPath: input.endpointPath,
            expected: input.expected,
            image,
            by: input.by,
          },
        },
      });
    });
    const outcome = decided.outcome;
    if (!outcome) throw new Error('A living-image version was counted without being recorded');
    const recorded = outcome.events.find((e) => e.type === 'LiveImageVersionRendered');
    return {
      version: recorded?.type === 'LiveImageVersionRendered' ? recorded.data.version : outcome.state.latest,
      created: outcome.events.some((e) => e.type === 'LiveImageCreated'),
      position: Math.max(outcome.position, rendered.position),
      rendered,
    };
  });
}

async function run(
  deps: LiveDeps,
  projectId: string,
  name: string,
  command: LiveCommand,
): Promise<{ position: number; before: LiveState; state: LiveState; changed: boolean }> {
  const stream = liveStream(projectId, name);
  return exclusiveOnStream(deps.eventStore, stream, async () => {
    const before = await loadLive(deps.eventStore, stream);
    const outcome = await handleCommand({
      eventStore: deps.eventStore,
      stream,
      decider: liveDecider,
      ids: deps.ids,
      command,
    });
    return { position: outcome.position, before, state: outcome.state, changed: outcome.events.length > 0 };
  });
}

export async function rollBackLiveImage(
  deps: LiveDeps,
  input: { projectId: string; name: string; version: number },
): Promise<{ position: number; version: number }> {
  const { position, state } = await run(deps, input.projectId, input.name, {
    type: 'RollBackLiveImage',
    data: { version: input.version, now: deps.clock.now().toISOString() },
  });
  return { position, version: state.current ?? input.version };
}

export async function deleteLiveImage(
  deps: LiveDeps,
  input: { projectId: string; name: string },
): Promise<{ position: number }> {
  const { position, before } = await run(deps, input.projectId, input.name, {
    type: 'DeleteLiveImage',
    data: { now: deps.clock.now().toISOString() },
  });
  await deleteVersionFiles(
    deps,
    before.versions.filter((v) => !v.purged),
  );
  return { position };
}

/** Rewrites the alt text of one version (not purged) of an active living image. */
export async function changeLiveAltText(
  deps: LiveDeps,
  input: { projectId: string; name: string; version: number; altText: string; current: string | null },
): Promise<{ position: number }> {
  const { position } = await run(deps, input.projectId, input.name, {
    type: 'ChangeLiveAltText',
    data: { version: input.version, altText: input.altText, current: input.current },
  });
  return { position };
}

/**
 * A deleted project's living images end with it: their URLs hang on the project's endpoint, which
 * is gone, and their versions are not listed with the user's images (SPEC §3 keeps a deleted
 * project's images detached, but a living image's versions have nowhere to be listed or served).
 * Each still active name gets LiveImageDeleted, then its version files are removed; names
 * deleted before are left as they are.
 */
export async function deleteProjectLiveImages(
  deps: LiveDeps,
  input: { projectId: string; names: string[] },
): Promise<{ position: number; deleted: number }> {
  let position = 0;
  let deleted = 0;
  for (const name of new Set(input.names)) {
    const state = await loadLive(deps.eventStore, liveStream(input.projectId, name));
    if (state.status !== 'active') continue;
    try {
      position = Math.max(position, (await deleteLiveImage(deps, { projectId: input.projectId, name })).position);
      deleted++;
    } catch (error) {
      // Deleted by its own DELETE in the meantime: already done.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return { position, deleted };
}

/** Purges the versions rendered before `renderedBefore` (not the current or newest one) and their files. */
export async function purgeLiveVersions(
  deps: LiveDeps,
  input: { projectId: string; name: string; renderedBefore: string },
): Promise<{ position: number; purged: number }> {
  const { position, before, changed } = await run(deps, input.projectId, input.name, {
    type: 'PurgeLiveVersions',
    data: { renderedBefore: input.renderedBefore, now: deps.clock.now().toISOString() },
  });
  if (!changed) return { position, purged: 0 };
  const gone = purgeableVersions(before, input.renderedBefore);
  await deleteVersionFiles(deps, gone);
  return { position, purged: gone.length };
}
