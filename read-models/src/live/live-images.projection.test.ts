import { describe, expect, it } from 'vitest';
import { runProjectionTwice } from '@jsonable/projector/testing';
import { liveImagesProjection, type LiveImageDoc } from './live-images.projection';

const ids = { liveImageId: 'l1', projectId: 'p1', name: 'sales' };
const created = (liveImageId = 'l1') => ({
  type: 'LiveImageCreated',
  streamId: 'live-p1-sales',
  data: {
    ...ids,
    liveImageId,
    userId: 'u1',
    endpointPath: '/api/jsonable/p/shop-abc',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});
const version = (n: number, liveImageId = 'l1') => ({
  type: 'LiveImageVersionRendered',
  streamId: 'live-p1-sales',
  data: {
    ...ids,
    liveImageId,
    userId: 'u1',
    version: n,
    imageId: `i${n}`,
    filename: `sales-${n}.png`,
    blobKey: `images/sales-${n}.png`,
    format: 'png',
    contentType: 'image/png',
    width: 10,
    height: 10,
    size: 100 + n,
    rows: 2,
    columns: 2,
    title: null,
    by: 'project_key',
    renderedAt: `2026-01-0${n}T00:00:00.000Z`,
  },
});

describe('live-images projection', () => {
  it('follows versions, rollback and purge, and keeps what retention may purge next', async () => {
    const docs = await runProjectionTwice(liveImagesProjection, [
      created(),
      version(1),
      version(2),
      version(3),
      {
        type: 'LiveImageRolledBack',
        streamId: 'live-p1-sales',
        data: { ...ids, version: 2, previousVersion: 3, rolledBackAt: '2026-01-05T00:00:00.000Z' },
      },
      {
        type: 'LiveImageVersionsPurged',
        streamId: 'live-p1-sales',
        data: { ...ids, versions: [1], purgedAt: '2026-02-05T00:00:00.000Z' },
      },
      {
        type: 'LiveImageAltTextChanged',
        streamId: 'live-p1-sales',
        data: { ...ids, version: 3, altText: 'Sales on Wednesday' },
      },
    ]);
    const [doc] = docs.live_images as LiveImageDoc[];
    expect(doc).toMatchObject({
      id: '/api/jsonable/p/shop-abc#sales',
      currentVersion: 2,
      latestVersion: 3,
      deleted: false,
      purgeableFrom: null,
    });
    expect(doc!.versions.map((v) => [v.version, v.altText])).toEqual([
      [2, undefined],
      [3, 'Sales on Wednesday'],
    ]);
  });

  it('a delete leaves a tombstone; a re-create numbers on; a deleted project ends its living images', async () => {
    const docs = await runProjectionTwice(liveImagesProjection, [
      created(),
      version(1),
      version(2),
      {
        type: 'LiveImageDeleted',
        streamId: 'live-p1-sales',
        data: { ...ids, userId: 'u1', deletedAt: '2026-01-03T00:00:00.000Z' },
      },
      created('l2'),
      version(3, 'l2'),
      { type: 'ProjectDeleted', streamId: 'project-p1', data: { projectId: 'p1', userId: 'u1' } },
    ]);
    const [doc] = docs.live_images as LiveImageDoc[];
    expect(doc).toMatchObject({ liveImageId: 'l2', deleted: true, listProjectId: null, latestVersion: 3 });
    expect(doc!.versions.map((v) => v.version)).toEqual([3]);
  });

  it('lists ended versions until their files are removed; a living image created after its project was deleted is a tombstone', async () => {
    const removed = (versions: number[]) => ({
      type: 'LiveImageFilesRemoved',
      streamId: 'live-p1-sales',
      data: { projectId: 'p1', name: 'sales', versions, removedAt: '2026-01-06T00:00:00.000Z' },
    });
    const deletedEvent = {
      type: 'LiveImageDeleted',
      streamId: 'live-p1-sales',
      data: { ...ids, userId: 'u1', deletedAt: '2026-01-03T00:00:00.000Z' },
    };
    const afterDelete = await runProjectionTwice(liveImagesProjection, [
      created(),
      version(1),
      version(2),
      deletedEvent,
      removed([1]),
      created('l2'),
      version(3, 'l2'),
    ]);
    const [doc] = afterDelete.live_images as LiveImageDoc[];
    expect(doc).toMatchObject({ liveImageId: 'l2', deleted: false, endedVersions: [2], filesPending: true });
    expect(doc!.versions.map((v) => [v.version, v.hasTwins])).toEqual([[3, false]]);

    const projectGone = await runProjectionTwice(liveImagesProjection, [
      created(),
      version(1),
      { type: 'ProjectDeleted', streamId: 'project-p1', data: { projectId: 'p1', userId: 'u1' } },
      // A PUT that raced the deletion: its living image is re-created after ProjectDeleted.
      deletedEvent,
      created('l2'),
      { ...version(2, 'l2'), data: { ...version(2, 'l2').data, altText: 'Table.' } },
    ]);
    const [tomb] = projectGone.live_images as LiveImageDoc[];
    expect(tomb).toMatchObject({ deleted: true, listProjectId: null, endedVersions: [1, 2], filesPending: true });
    expect(tomb!.versions.map((v) => [v.version, v.hasTwins])).toEqual([[2, true]]);
    const swept = await runProjectionTwice(liveImagesProjection, [
      created(),
      version(1),
      { type: 'ProjectDeleted', streamId: 'project-p1', data: { projectId: 'p1', userId: 'u1' } },
      deletedEvent,
      removed([1]),
    ]);
    expect(swept.live_images).toMatchObject([{ endedVersions: [], filesPending: false, deleted: true }]);
  });
});
