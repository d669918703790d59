/**
 * A living image (issue #25): a project's named image whose stable URL serves its current
 * version. A version is rendered first, recorded here (the append decides If-Match across
 * processes), then counted (TableRendered on the usage stream); rollback moves the current
 * version, retention purges old versions (never the current or the newest one), delete ends it.
 * Version numbers go on after a delete and a re-create of the name, so a version URL never comes
 * to mean another image.
 */
import type {
  LiveAuthor,
  LiveImageAltTextChanged,
  LiveImageCreated,
  LiveImageDeleted,
  LiveImageFilesRemoved,
  LiveImageRolledBack,
  LiveImagesEvent,
  LiveImageVersionRendered,
  LiveImageVersionsPurged,
  LiveVersionPage,
  TableRendered,
} from '@jsonable/contracts/events';
import { storedImageOf } from '@jsonable/contracts/image-files';
import { liveMessages } from '@jsonable/contracts/live';
import { assertNever, ConflictError, NotFoundError } from '../errors';
import type { Decider } from '../runtime/decider';

export type LiveEvent = LiveImagesEvent;

/** If-Match of a PUT: a version number, '*' (must exist), or null (no condition). */
export type LiveExpectation = number | '*' | null;

export type LiveCommand =
  | {
      type: 'RecordLiveVersion';
      data: {
        /** Used when this version creates the living image. */
        liveImageId: string;
        projectId: string;
        userId: string;
        name: string;
        endpointPath: string;
        expected: LiveExpectation;
        image: TableRendered['data'];
        /** A split version's later pages, in order (options.split); absent or empty: one image. */
        pages?: TableRendered['data'][];
        by: LiveAuthor;
      };
    }
  | { type: 'RollBackLiveImage'; data: { version: number; now: string } }
  | { type: 'PurgeLiveVersions'; data: { renderedBefore: string; now: string } }
  /** `current`: the version's alt text as the read model shows it (unchanged text appends nothing). */
  | { type: 'ChangeLiveAltText'; data: { version: number; altText: string; current: string | null } }
  | { type: 'DeleteLiveImage'; data: { now: string } }
  /** `versions`: the ended versions whose files the caller removed (others are left as they are). */
  | { type: 'RecordFilesRemoved'; data: { versions: number[]; now: string } };

export interface LiveVersionState {
  version: number;
  blobKey: string;
  /** The files of a split version's later pages (deleted with the version). */
  pageBlobKeys: string[];
  renderedAt: string;
  purged: boolean;
}

export interface LiveState {
  status: 'none' | 'active' | 'deleted';
  liveImageId: string | null;
  projectId: string | null;
  userId: string | null;
  name: string | null;
  current: number | null;
  /** The highest version number ever recorded on the stream (0 = none). */
  latest: number;
  /** Versions of the present life of the name (reset when it is re-created). */
  versions: LiveVersionState[];
  /** Versions of ended lives (deleted, or of a deleted project) whose files are not yet removed. */
  ended: LiveVersionState[];
}

export const initialState = (): LiveState => ({
  status: 'none',
  liveImageId: null,
  projectId: null,
  userId: null,
  name: null,
  current: null,
  latest: 0,
  versions: [],
  ended: [],
});

export function evolve(state: LiveState, event: LiveEvent): LiveState {
  switch (event.type) {
    case 'LiveImageCreated': {
      const d = event.data;
      return {
        ...state,
        status: 'active',
        liveImageId: d.liveImageId,
        projectId: d.projectId,
        userId: d.userId,
        name: d.name,
        current: null,
        versions: [],
      };
    }
    case 'LiveImageVersionRendered': {
      const d = event.data;
      return {
        ...state,
        current: d.version,
        latest: Math.max(state.latest, d.version),
        versions: [
          ...state.versions,
          {
            version: d.version,
            blobKey: d.blobKey,
            pageBlobKeys: (d.pages ?? []).map((p) => p.blobKey),
            renderedAt: d.renderedAt,
            purged: false,
          },
        ],
      };
    }
    case 'LiveImageRolledBack':
      return { ...state, current: event.data.version };
    case 'LiveImageVersionsPurged': {
      const purged = new Set(event.data.versions);
      return { ...state, versions: state.versions.map((v) => (purged.has(v.version) ? { ...v, purged: true } : v)) };
    }
    case 'LiveImageAltTextChanged':
      return state;
    case 'LiveImageDeleted':
      return {
        ...state,
        status: 'deleted',
        current: null,
        versions: [],
        ended: [...state.ended, ...state.versions.filter((v) => !v.purged)],
      };
    case 'LiveImageFilesRemoved': {
      const removed = new Set(event.data.versions);
      return { ...state, ended: state.ended.filter((v) => !removed.has(v.version)) };
    }
    default:
      return assertNever(event);
  }
}

/** Refuses a PUT whose If-Match does not name the current version (409). */
export function assertExpected(state: LiveState, expected: LiveExpectation): void {
  if (expected === null) return;
  const current = state.status === 'active' ? state.current : null;
  if (expected === '*' ? current === null : current !== expected) {
    throw new ConflictError(liveMessages.versionConflict(current, String(expected)));
  }
}

/** Versions the retention may purge: rendered before the cutoff, not purged, neither current nor newest. */
export function purgeableVersions(state: LiveState, renderedBefore: string): LiveVersionState[] {
  if (state.status !== 'active') return [];
  const newest = state.versions[state.versions.length - 1]?.version;
  return state.versions.filter(
    (v) => !v.purged && v.version !== state.current && v.version !== newest && v.renderedAt < renderedBefore,
  );
}

/** What a version keeps of one of its later pages. */
function livePage(image: TableRendered['data']): LiveVersionPage {
  return {
    imageId: image.imageId,
    filename: image.filename,
    blobKey: image.blobKey,
    width: image.width,
    height: image.height,
    size: image.size,
    rows: image.rows,
    ...(image.altText ? { altText: image.altText } : {}),
  };
}

function identity(state: LiveState): { liveImageId: string; projectId: string; name: string } {
  if (state.status !== 'active' || !state.liveImageId || !state.projectId || !state.name)
    throw new NotFoundError(liveMessages.notFound);
  return { liveImageId: state.liveImageId, projectId: state.projectId, name: state.name };
}

export function decide(command: LiveCommand, state: LiveState): LiveEvent[] {
  switch (command.type) {
    case 'RecordLiveVersion': {
      const d = command.data;
      assertExpected(state, d.expected);
      const events: LiveEvent[] = [];
      let liveImageId = state.liveImageId;
      if (state.status !== 'active' || !liveImageId) {
        liveImageId = d.liveImageId;
        events.push({
          type: 'LiveImageCreated',
          data: {
            liveImageId,
            projectId: d.projectId,
            userId: d.userId,
            name: d.name,
            endpointPath: d.endpointPath,
            createdAt: d.image.renderedAt,
          },
        } satisfies LiveImageCreated);
      }
      const i = d.image;
      events.push({
        type: 'LiveImageVersionRendered',
        data: {
          liveImageId,
          projectId: d.projectId,
          userId: d.userId,
          name: d.name,
          version: state.latest + 1,
          imageId: i.imageId,
          ...storedImageOf(i),
          by: d.by,
          renderedAt: i.renderedAt,
          ...(i.altText ? { altText: i.altText } : {}),
          ...(d.pages && d.pages.length > 0 ? { pages: d.pages.map(livePage) } : {}),
        },
      } satisfies LiveImageVersionRendered);
      return events;
    }
    case 'RollBackLiveImage': {
      const id = identity(state);
      const target = state.versions.find((v) => v.version === command.data.version && !v.purged);
      if (!target) throw new NotFoundError(liveMessages.versionNotFound(command.data.version));
      if (state.current === target.version || state.current === null) return [];
      return [
        {
          type: 'LiveImageRolledBack',
          data: { ...id, version: target.version, previousVersion: state.current, rolledBackAt: command.data.now },
        } satisfies LiveImageRolledBack,
      ];
    }
    case 'PurgeLiveVersions': {
      if (state.status !== 'active') return [];
      const versions = purgeableVersions(state, command.data.renderedBefore).map((v) => v.version);
      if (versions.length === 0) return [];
      return [
        {
          type: 'LiveImageVersionsPurged',
          data: { ...identity(state), versions, purgedAt: command.data.now },
        } satisfies LiveImageVersionsPurged,
      ];
    }
    case 'ChangeLiveAltText': {
      const id = identity(state);
      const { version, altText, current } = command.data;
      if (!state.versions.some((v) => v.version === version && !v.purged))
        throw new NotFoundError(liveMessages.versionNotFound(version));
      if (current === altText) return [];
      return [
        {
          type: 'LiveImageAltTextChanged',
          data: { ...id, version, altText },
        } satisfies LiveImageAltTextChanged,
      ];
    }
    case 'DeleteLiveImage': {
      const id = identity(state);
      return [
        {
          type: 'LiveImageDeleted',
          data: { ...id, userId: state.userId ?? '', deletedAt: command.data.now },
        } satisfies LiveImageDeleted,
      ];
    }
    case 'RecordFilesRemoved': {
      const removed = new Set(command.data.versions);
      const versions = state.ended.filter((v) => removed.has(v.version)).map((v) => v.version);
      if (versions.length === 0 || !state.projectId || !state.name) return [];
      return [
        {
          type: 'LiveImageFilesRemoved',
          data: { projectId: state.projectId, name: state.name, versions, removedAt: command.data.now },
        } satisfies LiveImageFilesRemoved,
      ];
    }
    default:
      return assertNever(command);
  }
}

export const liveDecider: Decider<LiveState, LiveCommand, LiveEvent> = { initialState, evolve, decide };
