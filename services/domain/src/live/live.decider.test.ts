import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LiveImagesEvent, TableRendered } from '@jsonable/contracts/events';
import { ConflictError, NotFoundError } from '../errors';
import { renderedData } from '@jsonable/read-models/images/testing';
import { testDecider } from '../runtime/testing';
import { foldEvents } from '../runtime/decider';
import { liveDecider, purgeableVersions, type LiveCommand, type LiveEvent } from './live.decider';

const spec = testDecider(liveDecider);
const ids = { liveImageId: 'l1', projectId: 'p1', name: 'sales' };
const image = (n: number): TableRendered['data'] =>
  renderedData(n, {
    projectId: 'p1',
    filename: `s-${n}.png`,
    blobKey: `images/s-${n}.png`,
    renderedAt: `2026-01-0${n}T00:00:00.000Z`,
    live: { projectId: 'p1', name: 'sales' },
  });
const created: LiveImagesEvent = {
  type: 'LiveImageCreated',
  data: { ...ids, userId: 'u1', endpointPath: '/api/jsonable/p/x', createdAt: '2026-01-01T00:00:00.000Z' },
};
/** The version event recording image `i` (image(n) unless given): its file and figures, numbered n. */
const rendered = (n: number, i: TableRendered['data'] = image(n)): LiveImagesEvent => {
  const { imageId, filename, blobKey, format, contentType, width, height, size, rows, columns, title, renderedAt } = i;
  return {
    type: 'LiveImageVersionRendered',
    data: {
      ...ids,
      userId: 'u1',
      version: n,
      imageId,
      filename,
      blobKey,
      format,
      contentType,
      width,
      height,
      size,
      rows,
      columns,
      title,
      by: 'project_key',
      renderedAt,
    },
  };
};
const record = (n: number, expected: number | '*' | null = null): LiveCommand => ({
  type: 'RecordLiveVersion',
  data: {
    liveImageId: 'l1',
    projectId: 'p1',
    userId: 'u1',
    name: 'sales',
    endpointPath: '/api/jsonable/p/x',
    expected,
    image: image(n),
    by: 'project_key',
  },
});
/** A living image with versions 1, 2 and 3 (3 current). */
const threeVersions = [created, rendered(1), rendered(2), rendered(3)];
const deleted: LiveImagesEvent = {
  type: 'LiveImageDeleted',
  data: { ...ids, userId: 'u1', deletedAt: '2026-01-04T00:00:00.000Z' },
};

const rollback = (version: number): LiveCommand => ({ type: 'RollBackLiveImage', data: { version, now: 'T' } });
const purge: LiveCommand = { type: 'PurgeLiveVersions', data: { renderedBefore: '2026-01-09', now: 'T' } };

describe('living image decider', () => {
  it('creates the living image on the first version', () => {
    spec
      .given([])
      .when(record(1))
      .then([created, rendered(1)]);
  });

  it('adds a version to an existing living image', () => {
    spec
      .given([created, rendered(1)])
      .when(record(2, 1))
      .then([rendered(2)]);
  });

  it('refuses an If-Match that is not the current version', () => {
    spec
      .given([created, rendered(1), rendered(2)])
      .when(record(3, 1))
      .thenThrows(ConflictError, /version 2, not 1/);
  });

  it('refuses If-Match * when the living image does not exist', () => {
    spec
      .given([])
      .when(record(1, '*'))
      .thenThrows(ConflictError, /does not exist/);
  });

  it('rolls back to a kept version', () => {
    spec
      .given([created, rendered(1), rendered(2)])
      .when(rollback(1))
      .then([{ type: 'LiveImageRolledBack', data: { ...ids, version: 1, previousVersion: 2, rolledBackAt: 'T' } }]);
  });

  it('changes nothing on a rollback to the current version', () => {
    spec
      .given([created, rendered(1), rendered(2)])
      .when(rollback(2))
      .thenNothing();
  });

  it('answers a rollback to a version that does not exist as not found', () => {
    spec
      .given([created, rendered(1)])
      .when(rollback(5))
      .thenThrows(NotFoundError);
  });

  it('answers a rollback of a deleted living image as not found', () => {
    spec
      .given([created, rendered(1), deleted])
      .when(rollback(1))
      .thenThrows(NotFoundError);
  });

  it('purges old versions except the current and the newest', () => {
    spec
      .given([
        ...threeVersions,
        { type: 'LiveImageRolledBack', data: { ...ids, version: 2, previousVersion: 3, rolledBackAt: 'T' } },
      ])
      .when(purge)
      .then([{ type: 'LiveImageVersionsPurged', data: { ...ids, versions: [1], purgedAt: 'T' } }]);
  });

  it('purges nothing when only the current version is kept', () => {
    spec
      .given([created, rendered(1)])
      .when(purge)
      .thenNothing();
  });

  const changeAltText = (version: number, altText: string, current: string | null = null): LiveCommand => ({
    type: 'ChangeLiveAltText',
    data: { version, altText, current },
  });

  it("rewrites a kept version's alt text", () => {
    spec
      .given([created, rendered(1), rendered(2)])
      .when(changeAltText(1, 'Monday'))
      .then([{ type: 'LiveImageAltTextChanged', data: { ...ids, version: 1, altText: 'Monday' } }]);
  });

  it('changes nothing when the alt text is the same', () => {
    spec
      .given([created, rendered(1)])
      .when(changeAltText(1, 'Monday', 'Monday'))
      .thenNothing();
  });

  it('answers the alt text of an unknown version as not found', () => {
    spec
      .given([created, rendered(1)])
      .when(changeAltText(2, 'x'))
      .thenThrows(NotFoundError, /Version 2/);
  });

  it('answers the alt text of a purged version as not found', () => {
    spec
      .given([...threeVersions, { type: 'LiveImageVersionsPurged', data: { ...ids, versions: [1], purgedAt: 'T' } }])
      .when(changeAltText(1, 'x'))
      .thenThrows(NotFoundError, /Version 1/);
  });

  it('answers the alt text of a deleted living image as not found', () => {
    spec
      .given([created, rendered(1), deleted])
      .when(changeAltText(1, 'x'))
      .thenThrows(NotFoundError);
  });

  it('numbers versions on after a delete and a re-create', () => {
    spec
      .given([created, rendered(1), rendered(2), deleted])
      .when(record(3))
      .then([
        {
          type: 'LiveImageCreated',
          data: { ...created.data, createdAt: '2026-01-03T00:00:00.000Z' },
        } as LiveImagesEvent,
        rendered(3),
      ]);
  });

  it('answers a delete of a deleted living image as not found', () => {
    spec
      .given([created, rendered(1), deleted])
      .when({ type: 'DeleteLiveImage', data: { now: 'T' } })
      .thenThrows(NotFoundError);
  });

  describe('files of ended lives', () => {
    const removed = (versions: number[]): LiveImagesEvent => ({
      type: 'LiveImageFilesRemoved',
      data: { projectId: 'p1', name: 'sales', versions, removedAt: 'T' },
    });
    const filesRemoved = (versions: number[]): LiveCommand => ({
      type: 'RecordFilesRemoved',
      data: { versions, now: 'T' },
    });
    const recreated: LiveImagesEvent = { ...created, data: { ...created.data, liveImageId: 'l2' } };
    const twoLives = [created, rendered(1), rendered(2), deleted, recreated, rendered(3)];

    it('records as removed only the ended versions the caller removed', () => {
      spec
        .given([created, rendered(1), rendered(2), deleted])
        .when(filesRemoved([2, 5]))
        .then([removed([2])]);
    });

    it('records nothing for a version that is still live', () => {
      spec
        .given([created, rendered(1)])
        .when(filesRemoved([1]))
        .thenNothing();
    });

    it('records nothing for files already recorded as removed', () => {
      spec
        .given([created, rendered(1), deleted, removed([1])])
        .when(filesRemoved([1]))
        .thenNothing();
    });

    it('keeps the ended versions of the life before a re-create apart from the new life', () => {
      const state = foldEvents(liveDecider, twoLives);
      expect(state.ended.map((v) => v.version)).toEqual([1, 2]);
      expect(state.versions.map((v) => v.version)).toEqual([3]);
    });

    it('records the removed files of the life before a re-create', () => {
      spec
        .given(twoLives)
        .when(filesRemoved([1, 2, 3]))
        .then([removed([1, 2])]);
    });
  });

  it('a version is never both live and ended, and every ended version stays until removed (property)', () => {
    type Step = 'put' | 'delete' | 'purge' | 'remove-all' | 'remove-first';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Step>('put', 'delete', 'purge', 'remove-all', 'remove-first'), { maxLength: 30 }),
        (steps) => {
          const events: LiveEvent[] = [];
          const everRendered = new Set<number>();
          const removedSoFar = new Set<number>();
          let state = liveDecider.initialState();
          for (const [i, step] of steps.entries()) {
            let command: LiveCommand;
            if (step === 'put') command = record(1);
            else if (step === 'delete') command = { type: 'DeleteLiveImage', data: { now: 'T' } };
            else if (step === 'purge')
              command = { type: 'PurgeLiveVersions', data: { renderedBefore: '9999', now: 'T' } };
            else {
              const versions =
                step === 'remove-all'
                  ? state.ended.map((v) => v.version)
                  : state.ended.slice(0, 1).map((v) => v.version);
              command = { type: 'RecordFilesRemoved', data: { versions, now: `T${i}` } };
            }
            let decided: LiveEvent[] = [];
            try {
              decided = liveDecider.decide(command, state);
            } catch {
              continue;
            }
            for (const e of decided) {
              if (e.type === 'LiveImageVersionRendered') everRendered.add(e.data.version);
              if (e.type === 'LiveImageVersionsPurged') for (const v of e.data.versions) removedSoFar.add(v);
              if (e.type === 'LiveImageFilesRemoved') for (const v of e.data.versions) removedSoFar.add(v);
            }
            events.push(...decided);
            state = foldEvents(liveDecider, decided, state);
            const live = new Set(state.versions.filter((v) => !v.purged).map((v) => v.version));
            const ended = new Set(state.ended.map((v) => v.version));
            for (const v of ended) expect(live.has(v)).toBe(false);
            // Every version rendered is live, ended (files pending) or its files were removed: none is forgotten.
            for (const v of everRendered) expect(live.has(v) || ended.has(v) || removedSoFar.has(v)).toBe(true);
          }
          expect(foldEvents(liveDecider, events)).toEqual(state);
        },
      ),
    );
  });
});

describe('a split version', () => {
  const page = (n: number, p: number): TableRendered['data'] => ({
    ...image(n),
    imageId: `i${n}-${p}`,
    filename: `s-${n}-${p}.png`,
    blobKey: `images/s-${n}-${p}.png`,
    rows: p,
  });
  const splitRecord = (n: number): LiveCommand => {
    const cmd = record(n);
    return cmd.type === 'RecordLiveVersion'
      ? { ...cmd, data: { ...cmd.data, image: page(n, 1), pages: [page(n, 2), page(n, 3)] } }
      : cmd;
  };

  it("records all its pages in the version's event: page 1 as the version, the others in order", () => {
    // Page 1 is the version itself.
    const pageOne = rendered(2, page(2, 1));
    const pages = [
      {
        imageId: 'i2-2',
        filename: 's-2-2.png',
        blobKey: 'images/s-2-2.png',
        width: 100,
        height: 50,
        size: 1000,
        rows: 2,
      },
      {
        imageId: 'i2-3',
        filename: 's-2-3.png',
        blobKey: 'images/s-2-3.png',
        width: 100,
        height: 50,
        size: 1000,
        rows: 3,
      },
    ];
    spec
      .given([created, rendered(1)])
      .when(splitRecord(2))
      .then([{ ...pageOne, data: { ...pageOne.data, pages } } as LiveImagesEvent]);
  });

  it('keeps every page file of a version for the purge and delete; a version without pages is one file', () => {
    const split = liveDecider.decide(
      splitRecord(2),
      [created, rendered(1)].reduce(liveDecider.evolve, liveDecider.initialState()),
    );
    const state = [created, rendered(1), ...split, rendered(3), rendered(4)].reduce(
      liveDecider.evolve,
      liveDecider.initialState(),
    );
    expect(state.versions.map((v) => [v.version, v.blobKey, v.pageBlobKeys])).toEqual([
      [1, 'images/s-1.png', []],
      [2, 'images/s-2-1.png', ['images/s-2-2.png', 'images/s-2-3.png']],
      [3, 'images/s-3.png', []],
      [4, 'images/s-4.png', []],
    ]);
    expect(purgeableVersions(state, '2026-01-09').map((v) => v.version)).toEqual([1, 2, 3]);
  });
});
