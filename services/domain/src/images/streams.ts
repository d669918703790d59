import { streams } from '@jsonable/contracts/streams';

/** `image-{id}`: what happens to an image after its TableRendered (deletion, data purge). */
export const imageStream = (imageId: string): string => streams.image(imageId);
