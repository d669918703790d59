import { describe, it } from 'vitest';
import type { LiveImagesEvent, TableRendered } from '@jsonable/contracts/events';
import { ConflictError, NotFoundError } from '../errors';
import { testDecider } from '../runtime/testing';
import { liveDecider, type LiveCommand } from './live.decider';

const spec = testDecider(liveDecider);
const ids = { liveImageId: 'l1', projectId: 'p1', name: 'sales' };
const image = (n: number): TableRendered['data'] => ({
  imageId: `i${n}`,
  userId: 'u1',
  projectId: 'p1',
  period: 0,
  filename: `s-${n}.png`,
  blobKey: `images/s-${n}.png`,
  format: 'png',
  contentType: 'image/png',
  width: 10,
  height: 10,
  size: 100,
  rows: 1,
  columns: 1,
  title: null,
  source: 'api_key',
  plan: 'free',
  idempotencyKey: null,
  requestHash: 'h',
  renderedAt: `2026-01-0${n}T00:00:00.000Z`,
  live: { projectId: 'p1', name: 'sales' },
});
const created: LiveImagesEvent = {
  type: 'LiveImageCreated',
  data: { ...ids, userId: 'u1', endpointPath: '/api/jsonable/p/x', createdAt: '2026-01-01T00:00:00.000Z' },
};
const rendered = (n: number): LiveImagesEvent => {
  const i = image(n);
  return {
    type: 'LiveImageVersionRendered',
    data: {
      ...ids,
      userId: 'u1',
      version: n,
      imageId: i.imageId,
      filename: i.filename,
      blobKey: i.blobKey,
      format: 'png',
      contentType: 'image/png',
      width: 10,
      height: 10,
      size: 100,
      rows: 1,
      columns: 1,
      title: null,
      by: 'project_key',
      renderedAt: i.renderedAt,
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
const deleted: LiveImagesEvent = {
  type: 'LiveImageDeleted',
  data: { ...ids, userId: 'u1', deletedAt: '2026-01-04T00:00:00.000Z' },
};

describe('living image decider', () => {
  it('creates on the first version, then adds versions', () => {
    spec
      .given([])
      .when(record(1))
      .then([created, rendered(1)]);
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
    spec
      .given([])
      .when(record(1, '*'))
      .thenThrows(ConflictError, /does not exist/);
  });

  it('rolls back to a kept version only, and not to the current one', () => {
    const rollback = (version: number): LiveCommand => ({ type: 'RollBackLiveImage', data: { version, now: 'T' } });
    spec
      .given([created, rendered(1), rendered(2)])
      .when(rollback(1))
      .then([{ type: 'LiveImageRolledBack', data: { ...ids, version: 1, previousVersion: 2, rolledBackAt: 'T' } }]);
    spec
      .given([created, rendered(1), rendered(2)])
      .when(rollback(2))
      .thenNothing();
    spec
      .given([created, rendered(1)])
      .when(rollback(5))
      .thenThrows(NotFoundError);
    spec
      .given([created, rendered(1), deleted])
      .when(rollback(1))
      .thenThrows(NotFoundError);
  });

  it('purges old versions except the current and the newest', () => {
    const purge: LiveCommand = { type: 'PurgeLiveVersions', data: { renderedBefore: '2026-01-09', now: 'T' } };
    spec
      .given([
        created,
        rendered(1),
        rendered(2),
        rendered(3),
        { type: 'LiveImageRolledBack', data: { ...ids, version: 2, previousVersion: 3, rolledBackAt: 'T' } },
      ])
      .when(purge)
      .then([{ type: 'LiveImageVersionsPurged', data: { ...ids, versions: [1], purgedAt: 'T' } }]);
    spec
      .given([created, rendered(1)])
      .when(purge)
      .thenNothing();
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
    spec
      .given([created, rendered(1), deleted])
      .when({ type: 'DeleteLiveImage', data: { now: 'T' } })
      .thenThrows(NotFoundError);
  });
});
