/**
 * Deleting an image: ImageDeleted first (the image is gone for every reader from then on), then
 * its files. Purging request JSON after the retention period: the document first, then ImageDataPurged,
 * so a crash in between just purges again next run.
 */
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { BlobStore, EventStore, Ids } from '../ports';
import { handleCommand } from '../runtime/handle-command';
import { twinKeyOf } from './filenames';
import { deleteRequestData } from './request-data';
import { imageDecider } from './images.decider';
import { imageStream } from './streams';

export interface ImageDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  docs: DocumentStore;
  ids: Ids;
}

export async function deleteImage(
  deps: ImageDeps,
  input: { imageId: string; userId: string; filename: string; blobKey: string },
): Promise<{ position: number }> {
  const result = await handleCommand({
    eventStore: deps.eventStore,
    stream: imageStream(input.imageId),
    decider: imageDecider,
    ids: deps.ids,
    command: { type: 'DeleteImage', data: input },
  });
  await Promise.allSettled([
    deps.blobs.delete(input.blobKey),
    deps.blobs.delete(twinKeyOf(input.blobKey)),
    deleteRequestData(deps.docs, input.imageId),
  ]);
  return { position: result.position };
}

export async function changeImageAltText(
  deps: Pick<ImageDeps, 'eventStore' | 'ids'>,
  input: { imageId: string; userId: string; altText: string; current: string | null },
): Promise<{ position: number }> {
  const result = await handleCommand({
    eventStore: deps.eventStore,
    stream: imageStream(input.imageId),
    decider: imageDecider,
    ids: deps.ids,
    command: { type: 'ChangeAltText', data: input },
  });
  return { position: result.position };
}

export async function purgeImageData(deps: ImageDeps, imageId: string): Promise<{ position: number }> {
  await deleteRequestData(deps.docs, imageId);
  const result = await handleCommand({
    eventStore: deps.eventStore,
    stream: imageStream(imageId),
    decider: imageDecider,
    ids: deps.ids,
    command: { type: 'PurgeImageData', data: { imageId } },
  });
  return { position: result.position };
}
