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
import { imageDecider, type ImageCommand } from './images.decider';
import { imageStream } from './streams';

export interface ImageDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  docs: DocumentStore;
  ids: Ids;
}

/** Runs one command on the image's stream; answers the position of what it appended. */
async function onImage(
  deps: Pick<ImageDeps, 'eventStore' | 'ids'>,
  imageId: string,
  command: ImageCommand,
): Promise<{ position: number }> {
  const result = await handleCommand({
    eventStore: deps.eventStore,
    stream: imageStream(imageId),
    decider: imageDecider,
    ids: deps.ids,
    command,
  });
  return { position: result.position };
}

export async function deleteImage(
  deps: ImageDeps,
  input: { imageId: string; userId: string; filename: string; blobKey: string },
): Promise<{ position: number }> {
  const result = await onImage(deps, input.imageId, { type: 'DeleteImage', data: input });
  await Promise.allSettled([
    deps.blobs.delete(input.blobKey),
    deps.blobs.delete(twinKeyOf(input.blobKey)),
    deleteRequestData(deps.docs, input.imageId),
  ]);
  return result;
}

export async function changeImageAltText(
  deps: Pick<ImageDeps, 'eventStore' | 'ids'>,
  input: { imageId: string; userId: string; altText: string; current: string | null },
): Promise<{ position: number }> {
  return onImage(deps, input.imageId, { type: 'ChangeAltText', data: input });
}

export async function purgeImageData(deps: ImageDeps, imageId: string): Promise<{ position: number }> {
  await deleteRequestData(deps.docs, imageId);
  return onImage(deps, imageId, { type: 'PurgeImageData', data: { imageId } });
}
