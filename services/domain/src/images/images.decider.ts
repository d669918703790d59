/**
 * An image's life after its render: deletion by its owner, the purge of its request JSON
 * after the retention period, and its alt text rewritten by its owner. The render itself is counted on the usage stream.
 */
import type { ImageAltTextChanged, ImageDataPurged, ImageDeleted } from '@jsonable/contracts/events';
import { renderMessages } from '@jsonable/contracts/render-api';
import { assertNever, NotFoundError } from '../errors';
import type { Decider } from '../runtime/decider';

export type ImageEvent = ImageDeleted | ImageDataPurged | ImageAltTextChanged;

export type ImageCommand =
  | { type: 'DeleteImage'; data: ImageDeleted['data'] }
  | { type: 'PurgeImageData'; data: ImageDataPurged['data'] }
  /** `current`: the alt text the read side shows now (generated or last changed). */
  | { type: 'ChangeAltText'; data: ImageAltTextChanged['data'] & { current: string | null } };

export interface ImageState {
  deleted: boolean;
  dataPurged: boolean;
}

export const initialState = (): ImageState => ({ deleted: false, dataPurged: false });

export function evolve(state: ImageState, event: ImageEvent): ImageState {
  switch (event.type) {
    case 'ImageDeleted':
      return { ...state, deleted: true };
    case 'ImageDataPurged':
      return { ...state, dataPurged: true };
    case 'ImageAltTextChanged':
      return state;
    default:
      return assertNever(event);
  }
}

export function decide(command: ImageCommand, state: ImageState): ImageEvent[] {
  switch (command.type) {
    case 'DeleteImage':
      if (state.deleted) throw new NotFoundError(renderMessages.imageNotFound);
      return [{ type: 'ImageDeleted', data: command.data }];
    case 'PurgeImageData':
      // A deleted image's data went with it; purging twice changes nothing.
      if (state.dataPurged) return [];
      return [{ type: 'ImageDataPurged', data: command.data }];
    case 'ChangeAltText': {
      if (state.deleted) throw new NotFoundError(renderMessages.imageNotFound);
      const { current, ...data } = command.data;
      return current === data.altText ? [] : [{ type: 'ImageAltTextChanged', data }];
    }
    default:
      return assertNever(command);
  }
}

export const imageDecider: Decider<ImageState, ImageCommand, ImageEvent> = { initialState, evolve, decide };
