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
  it('deletes an image once; a second delete is not found', () => {
    spec.given([]).when({ type: 'DeleteImage', data: deleted.data }).then([deleted]);
    spec
      .given([deleted])
      .when({ type: 'DeleteImage', data: deleted.data })
      .thenThrows(NotFoundError, 'Image not found or deleted');
  });
  it('purges request data once', () => {
    spec
      .given([])
      .when({ type: 'PurgeImageData', data: { imageId: 'i1' } })
      .then([purged]);
    spec
      .given([purged])
      .when({ type: 'PurgeImageData', data: { imageId: 'i1' } })
      .thenNothing();
  });
});
