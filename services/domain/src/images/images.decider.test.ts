import { describe, it } from 'vitest';
import { NotFoundError } from '../errors';
import { testDecider } from '../runtime/testing';
import { imageDecider } from './images.decider';

const deleted = {
  type: 'ImageDeleted' as const,
  data: { imageId: 'i1', userId: 'u1', filename: 'a.png', blobKey: 'images/a.png' },
};
const purged = { type: 'ImageDataPurged' as const, data: { imageId: 'i1' } };
const spec = testDecider(imageDecider);

describe('image decider', () => {
  it('deletes an image', () => {
    spec.given([]).when({ type: 'DeleteImage', data: deleted.data }).then([deleted]);
  });

  it('answers a second delete as not found', () => {
    spec
      .given([deleted])
      .when({ type: 'DeleteImage', data: deleted.data })
      .thenThrows(NotFoundError, 'Image not found or deleted');
  });

  it('purges request data', () => {
    spec
      .given([])
      .when({ type: 'PurgeImageData', data: { imageId: 'i1' } })
      .then([purged]);
  });

  it('purges request data only once', () => {
    spec
      .given([purged])
      .when({ type: 'PurgeImageData', data: { imageId: 'i1' } })
      .thenNothing();
  });
});
