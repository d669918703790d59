export { loadCellImage, parseImageUrl, defaultImageCache, CellImageError } from './load';
export type { ImageLoadOptions, ResolvedAddress, LoadedImage, CellImageErrorCode } from './load';
export { ImageCache } from './cache';
export { blockedAddressReason, isPublicAddress } from './address';
