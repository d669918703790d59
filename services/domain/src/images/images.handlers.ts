/**
 * Deleting an image: ImageDeleted first (the image is gone for every reader from then on), then
 * its files. Purging request JSON after the retention period: file first, then ImageDataPurged,
 * so a crash in between just purges again next run.
 */
import type { BlobStore, EventStore, Ids } from '../ports';
import { handleCommand } from '../runtime/handle-command';
import { blobKeys } from './filenames';
import { imageDecider } from './images.decider';
import { imageStream } from './streams';

export interface ImageDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  ids: Ids;
}

export async function deleteImage(
  deps: ImageDeps,
  input: { imageId: string; userId: string; filename: string; blobKey: string },
): Promise<{ position: number }> {
  const result = await handleCommand({
    eventStore: deps.eventStore, stream: imageStream(input.imageId), decider: imageDecider, ids: deps.ids,
    command: { type: 'DeleteImage', data: input },
  });
  await Promise.allSettled([deps.blobs.delete(input.blobKey), deps.blobs.delete(blobKeys.data(input.imageId))]);
  return { position: result.position };
}

export async function purgeImageData(deps: ImageDeps, imageId: string): Promise<{ position: number }> {
  await deps.blobs.delete(blobKeys.data(imageId));
  const result = await handleCommand({
    eventStore: deps.eventStore, stream: imageStream(imageId), decider: imageDecider, ids: deps.ids,
    command: { type: 'PurgeImageData', data: { imageId } },
  });
  return { position: result.position };
}
