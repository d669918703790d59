/**
 * Living images: PUT renders a version (RenderService: quota → render → file), records it on
 * `live-{projectId}-{name}` with the stream's expected revision, then counts it (TableRendered).
 * The whole PUT holds the stream's lock in this process, so If-Match is checked before anything
 * is rendered and two PUTs of one name take versions n and n+1 in turn (exclusiveOnStream, the
 * runtime's lock per stream and event store); across processes the append's expected revision
 * decides (handleCommand decides a lost append again on the fresh stream), before anything is
 * counted. Rollback, retention purge and
 * delete append first and remove files after, so a crash leaves a file too many, never an event
 * pointing at nothing; an ended living image's files are recorded as removed
 * (LiveImageFilesRemoved) only once they are gone, and the sweep (finishEndedLiveImage) finishes
 * a removal that was cut short.
 *
 * A PUT racing its project's deletion: the project stream is read before the version is
 * appended (refused: 404, nothing rendered is kept or counted) and again after. A deletion that
 * came in between ends the living image at once and the PUT is a 404; a deletion after that read
 * is later in the log than the version, so the deletion (or the sweep) finds the version and
 * removes it with the project.
 */
import { projectMessages } from '@jsonable/contracts/projects';
import type { LiveAuthor } from '@jsonable/contracts/events';
import { NotFoundError } from '../errors';
import { twinKeyOf } from '../images/filenames';
import { projectDecider } from '../projects/projects.decider';
import { projectStream } from '../projects/streams';
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
  type LiveVersionState,
} from './live.decider';
import { liveStream } from './streams';

export interface LiveDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  clock: Clock;
  ids: Ids;
}

/** A version's images (every page of a split one) and their twins (best effort: a file left behind serves nothing). */
async function deleteVersionFiles(deps: LiveDeps, versions: LiveVersionState[]): Promise<void> {
  await Promise.allSettled(
    versions
      .flatMap((v) => [v.blobKey, ...v.pageBlobKeys])
      .flatMap((key) => [deps.blobs.delete(key), deps.blobs.delete(twinKeyOf(key))]),
  );
}

async function loadLive(eventStore: EventStore, stream: string): Promise<LiveState> {
  return (await aggregateStream(eventStore, stream, liveDecider)).state;
}

/** The project's own stream says whether it was deleted (the read side may lag behind it). */
async function projectDeleted(eventStore: EventStore, projectId: string): Promise<boolean> {
  return (await aggregateStream(eventStore, projectStream(projectId), projectDecider)).state.status === 'deleted';
}

export interface FinishedLiveImage {
  position: number;
  /** LiveImageDeleted was appended now (the living image of a deleted project was still active). */
  ended: boolean;
  /** Versions whose files were removed and recorded so (LiveImageFilesRemoved). */
  removed: number;
  /** Versions whose files could not be removed (the store failed): left for the next sweep. */
  failed: number;
}

/**
 * Ends the living image when its project was deleted and it is still active, then removes the
 * files of every ended version (each page's image and twin) and records the ones that are gone. Idempotent,
 * and safe beside new versions: only versions of ended lives (events already in the stream) are
 * touched, and the record names only the versions this call removed.
 */
async function finishUnlocked(deps: LiveDeps, projectId: string, name: string): Promise<FinishedLiveImage> {
  const stream = liveStream(projectId, name);
  let state = await loadLive(deps.eventStore, stream);
  let position = 0;
  let ended = false;
  if (state.status === 'active' && (await projectDeleted(deps.eventStore, projectId))) {
    try {
      const outcome = await handleCommand({
        eventStore: deps.eventStore,
        stream,
        decider: liveDecider,
        ids: deps.ids,
        command: { type: 'DeleteLiveImage', data: { now: deps.clock.now().toISOString() } },
      });
      state = outcome.state;
      position = outcome.position;
      ended = outcome.events.length > 0;
    } catch (error) {
      // Ended by another process in the meantime: go on with its files.
      if (!(error instanceof NotFoundError)) throw error;
      state = await loadLive(deps.eventStore, stream);
    }
  }
  if (state.ended.length === 0) return { position, ended, removed: 0, failed: 0 };
  const results = await Promise.all(
    state.ended.map(async (v) => {
      // Every page of a split version: its image and its twin.
      const removed = await Promise.allSettled(
        [v.blobKey, ...v.pageBlobKeys].flatMap((key) => [deps.blobs.delete(key), deps.blobs.delete(twinKeyOf(key))]),
      );
      return removed.every((r) => r.status === 'fulfilled') ? v.version : null;
    }),
  );
  const versions = results.filter((v): v is number => v !== null);
  if (versions.length > 0) {
    const outcome = await handleCommand({
      eventStore: deps.eventStore,
      stream,
      decider: liveDecider,
      ids: deps.ids,
      command: { type: 'RecordFilesRemoved', data: { versions, now: deps.clock.now().toISOString() } },
    });
    position = Math.max(position, outcome.position);
  }
  return { position, ended, removed: versions.length, failed: state.ended.length - versions.length };
}

/**
 * For the sweep, a project's deletion and a DELETE. It does not wait for the living image's lock:
 * a PUT holds that for its whole render, and a project's deletion must not wait for renders. Its
 * appends carry the stream's expected revision like every other, which is what keeps it right
 * beside a PUT in this process or another.
 */
export function finishEndedLiveImage(
  deps: LiveDeps,
  input: { projectId: string; name: string },
): Promise<FinishedLiveImage> {
  return finishUnlocked(deps, input.projectId, input.name);
}

export interface PutLiveInput {
  projectId: string;
  userId: string;
  name: string;
  endpointPath: string;
  expected: LiveExpectation;
  by: LiveAuthor;
  /**
   * Renders the version and stores its files, calls `admit` with its images (a split version's
   * pages, in order; else one), and only once admit returns counts them (RenderTableInput.admit).
   * admit throwing counts nothing.
   */
  render(admit: (images: RenderedImage[]) => Promise<void>): Promise<RenderTableResult>;
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
    // Cheap refusals before the render; the append in admit decides for real.
    assertExpected(await loadLive(deps.eventStore, stream), input.expected);
    if (await projectDeleted(deps.eventStore, input.projectId)) throw new NotFoundError(projectMessages.notFound);
    const decided: { outcome?: HandleCommandResult<LiveState, LiveEvent> } = {};
    const rendered = await input.render(async ([image, ...pages]) => {
      // The project may have been deleted while this version rendered.
      if (await projectDeleted(deps.eventStore, input.projectId)) throw new NotFoundError(projectMessages.notFound);
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
            image: image!,
            ...(pages.length > 0 ? { pages } : {}),
            by: input.by,
          },
        },
      });
      // Deleted between the read above and the append: this version must not outlive it. Ended
      // here (the deletion may have looked for the project's living images before this one
      // existed); a deletion after this read comes later in the log and removes the version.
      // The version is recorded now, so a failing read must not drop its files: the deletion's
      // own look-up and the sweep cover that case.
      if (await projectDeleted(deps.eventStore, input.projectId).catch(() => false)) {
        await finishUnlocked(deps, input.projectId, input.name).catch(() => undefined);
        throw new NotFoundError(projectMessages.notFound);
      }
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
  const { position } = await run(deps, input.projectId, input.name, {
    type: 'DeleteLiveImage',
    data: { now: deps.clock.now().toISOString() },
  });
  // The living image is gone for good; its files follow. A store failing here leaves them to
  // the sweep (the stream still lists them as ended and not removed).
  const finished = await finishEndedLiveImage(deps, input).catch(() => null);
  return { position: Math.max(position, finished?.position ?? 0) };
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
 * Each still active name gets LiveImageDeleted, and the files of every ended version are removed.
 * Called once ProjectDeleted is appended (finishEndedLiveImage ends only a deleted project's
 * living images). A failure is left to the sweep: the project is deleted either way.
 */
export async function deleteProjectLiveImages(
  deps: LiveDeps,
  input: { projectId: string; names: string[] },
): Promise<{ position: number; deleted: number; failed: number }> {
  let position = 0;
  let deleted = 0;
  let failed = 0;
  for (const name of new Set(input.names)) {
    try {
      const finished = await finishEndedLiveImage(deps, { projectId: input.projectId, name });
      position = Math.max(position, finished.position);
      if (finished.ended) deleted++;
      if (finished.failed > 0) failed++;
    } catch {
      failed++;
    }
  }
  return { position, deleted, failed };
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
