import { describe, expect, it } from 'vitest';
import { runProjectionTwice } from '@jsonable/projector/testing';
import { imagesProjection } from './images.projection';
import { rendered } from './testing';

describe('images projection', () => {
  it('lists rendered images with 30 days of data retention, and keeps a deleted one as a tombstone', async () => {
    const docs = await runProjectionTwice(imagesProjection, [
      rendered(1, 'p1'),
      rendered(2, null),
      {
        type: 'ImageDeleted',
        streamId: 'image-i2',
        data: { imageId: 'i2', userId: 'u1', filename: 't-2.png', blobKey: 'images/t-2.png' },
      },
      { type: 'ImageDataPurged', streamId: 'image-i1', data: { imageId: 'i1' } },
    ]);
    expect(docs.images).toMatchObject([
      { id: 'i1', projectId: 'p1', deleted: false, dataExpiresAt: null, filename: 't-1.png' },
      { id: 'i2', deleted: true, dataExpiresAt: null },
    ]);
  });

  it('records whether the render stored data twins: not for the old event shape, even once alt text is written', async () => {
    const withTwins = rendered(2, null);
    const docs = await runProjectionTwice(imagesProjection, [
      rendered(1, null),
      { ...withTwins, data: { ...withTwins.data, altText: 'Table: T2.' } },
      { type: 'ImageAltTextChanged', streamId: 'image-i1', data: { imageId: 'i1', userId: 'u1', altText: 'Old one' } },
    ]);
    expect(docs.images?.map((d) => [d.id, d.altText, d.hasTwins])).toEqual([
      ['i1', 'Old one', false],
      ['i2', 'Table: T2.', true],
    ]);
  });

  it('sets data retention to 30 days after the render', async () => {
    const docs = await runProjectionTwice(imagesProjection, [rendered(1, null)]);
    expect(docs.images?.[0]?.dataExpiresAt).toBe(Date.parse('2026-02-01T10:00:00.000Z'));
  });

  it("detaches a deleted project's images, also one recorded after the deletion", async () => {
    const docs = await runProjectionTwice(imagesProjection, [
      rendered(1, 'p1'),
      rendered(2, 'p2'),
      { type: 'ProjectDeleted', streamId: 'project-p1', data: { projectId: 'p1', userId: 'u1' } },
      rendered(3, 'p1'),
    ]);
    expect(docs.images?.map((d) => [d.id, d.projectId, d.deleted])).toEqual([
      ['i1', null, false],
      ['i2', 'p2', false],
      ['i3', null, false],
    ]);
  });

  it('keeps the live images per user, project and format, through deletions and a deleted project', async () => {
    const docs = await runProjectionTwice(imagesProjection, [
      rendered(1, 'p1', '2026-01-02T10:00:00.000Z', 'png'),
      rendered(2, 'p1', '2026-01-02T11:00:00.000Z', 'svg'),
      rendered(3, 'p2', '2026-01-02T12:00:00.000Z', 'png'),
      rendered(4, null, '2026-01-02T13:00:00.000Z', 'png'),
      {
        type: 'ImageDeleted',
        streamId: 'image-i2',
        data: { imageId: 'i2', userId: 'u1', filename: 't-2.png', blobKey: 'images/t-2.png' },
      },
      // Deleted twice (a redelivery at another position): counted down once.
      {
        type: 'ImageDeleted',
        streamId: 'image-i2',
        data: { imageId: 'i2', userId: 'u1', filename: 't-2.png', blobKey: 'images/t-2.png' },
      },
      { type: 'ProjectDeleted', streamId: 'project-p1', data: { projectId: 'p1', userId: 'u1' } },
      rendered(5, 'p1', '2026-01-03T10:00:00.000Z', 'pdf'),
    ]);
    const counts = Object.fromEntries((docs.image_counts ?? []).map((d) => [d.id, d.count]));
    expect(counts).toEqual({
      'u1|*|*': 4,
      'u1|*|png': 3,
      'u1|*|pdf': 1,
      'u1|p2|*': 1,
      'u1|p2|png': 1,
      'u1|-|*': 3,
      'u1|-|png': 2,
      'u1|-|pdf': 1,
    });
  });
});
