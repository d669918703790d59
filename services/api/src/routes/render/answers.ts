/**
 * What the render routes answer about the images they stored, built once from the contract's
 * types (ImageSummary, ImageMetadata, SplitImage): routes differ only in the fields they put
 * around these.
 */
import type { PublicUrls } from '@jsonable/contracts/public-urls';
import type { ImageMetadata, ImageSummary, SplitImage } from '@jsonable/contracts/render-api';
import type { RenderTableResult } from '@jsonable/domain/usage/render-table';
import type { RenderedImage } from '@jsonable/domain/usage/usage.decider';

export function imageSummaryOf(image: RenderedImage, urls: PublicUrls): ImageSummary {
  return {
    id: image.imageId,
    url: urls.image(image.filename),
    filename: image.filename,
    createdAt: image.renderedAt,
    title: image.title,
    altText: image.altText ?? null,
  };
}

export function metadataOf(image: Pick<RenderedImage, 'format' | 'width' | 'height' | 'size'>): ImageMetadata {
  return { format: image.format, width: image.width, height: image.height, size: image.size };
}

/** `{ images }`: every image of a split (options.split), in order; nothing for one image. */
export function imagesOf(result: RenderTableResult, urls: PublicUrls): { images?: SplitImage[] } {
  const images = result.images;
  if (!images || images.length < 2) return {};
  return {
    images: images.map((image, i) => ({
      ...imageSummaryOf(image, urls),
      page: i + 1,
      pages: images.length,
      ...metadataOf(image),
    })),
  };
}

/** `{ warnings }` when the render left something out (images over budget …), else nothing. */
export function warningsOf(output: { warnings?: string[] | undefined }): { warnings?: string[] } {
  return output.warnings && output.warnings.length > 0 ? { warnings: output.warnings } : {};
}
